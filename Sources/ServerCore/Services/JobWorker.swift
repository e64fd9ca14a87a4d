import Domain
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// Does the jobs in the store (``JobStore``), one at a time, as a service beside the HTTP server; every instance
/// sharing the store runs one, and each job is taken by one of them at a time.
///
/// It looks for work when nudged (a request just wrote a job) and every ``pollInterval`` (a job another instance
/// wrote, a pause that ended). A job is leased for ``lease``: a job whose instance died is taken again once that
/// ran out. A job that failed is tried again after a pause that doubles from one second up to ``longestPause``, and
/// given up (its message marked failed) once ``giveUpAfter`` passed since it was queued.
package final class JobWorker: Service, Sendable {
    package let store: any JobStore
    package let performer: JobPerformer
    package let clock: any Clock
    package let lease: Duration
    package let pollInterval: Duration
    package let longestPause: Duration
    package let giveUpAfter: Duration
    /// The words a failure is recorded and logged with (the operator's edge gives its own).
    package let describe: @Sendable (any Error) -> String
    private let logger: Logger
    private let wakeups: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation
    private let progress = Mutex(Progress())

    /// When the worker last looked for work, and the job it is doing now (since when, of which kind): whether it
    /// makes progress (``OperationsWatch``).
    package struct Progress: Sendable {
        package var lastLook: Date?
        package var busySince: Date?
        package var busyWith: JobKind?

        package init(lastLook: Date? = nil, busySince: Date? = nil, busyWith: JobKind? = nil) {
            self.lastLook = lastLook
            self.busySince = busySince
            self.busyWith = busyWith
        }
    }

    /// How the worker is doing now.
    package var currentProgress: Progress {
        progress.withLock { $0 }
    }

    package init(
        store: any JobStore, performer: JobPerformer, clock: any Clock, lease: Duration = .seconds(120),
        pollInterval: Duration = .seconds(1), longestPause: Duration = .seconds(60), giveUpAfter: Duration = .seconds(86_400),
        describe: @escaping @Sendable (any Error) -> String = { String(describing: $0) }, logger: Logger
    ) {
        self.describe = describe
        self.store = store
        self.performer = performer
        self.clock = clock
        self.lease = lease
        self.pollInterval = pollInterval
        self.longestPause = longestPause
        self.giveUpAfter = giveUpAfter
        self.logger = logger
        (wakeups, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Looks for work now (a job was just written).
    package func nudge() {
        wake.yield()
    }

    /// Does jobs until the service group shuts down.
    package func run() async throws {
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    while !Task.isCancelled {
                        self.wake.yield()
                        try? await Task.sleep(for: self.pollInterval)
                    }
                }
                group.addTask {
                    for await _ in self.wakeups {
                        if Task.isCancelled { return }
                        while !Task.isCancelled, await self.doNextJob() {}
                    }
                }
                await group.next()
                group.cancelAll()
            }
        }
        wake.finish()
    }

    /// Takes the oldest job that is due, does it and records how it went.
    /// - Returns: whether there was one.
    package func doNextJob() async -> Bool {
        let now = clock.now()
        let claimed: ClaimedJob?
        do {
            claimed = try await store.claimJob(at: now, leaseUntil: now + lease.inSeconds)
        } catch {
            logger.warning("taking a job failed", metadata: ["error": "\(String(reflecting: error))"])
            return false
        }
        progress.withLock { $0.lastLook = now }
        guard let claimed else { return false }
        let kind = claimed.job.map(JobKind.init)
        if let kind {
            progress.withLock {
                $0.busySince = now
                $0.busyWith = kind
            }
            ServerMetrics.jobRunning(kind, true)
        }
        defer {
            if let kind {
                ServerMetrics.jobRunning(kind, false)
                progress.withLock {
                    $0.busySince = nil
                    $0.busyWith = nil
                }
            }
        }
        do {
            guard let job = claimed.job else { throw JobFailure(reason: "the job's row cannot be read") }
            do {
                try await performer.perform(job)
            } catch {
                ServerMetrics.jobAttempt(JobKind(job), failed: true)
                throw error
            }
            ServerMetrics.jobAttempt(JobKind(job), failed: false)
            try await store.finishJob(claimed, at: clock.now())
        } catch {
            let reason = describe(error)
            let after = clock.now()
            let pause = min(longestPause.inSeconds, pow(2, Double(max(0, claimed.attempts - 1))))
            let retryAt: Date? = claimed.job == nil || after.timeIntervalSince(claimed.queuedAt) + pause > giveUpAfter.inSeconds
                ? nil : after + pause
            logger.error("a job failed", metadata: [
                "job": "\(claimed.id)", "attempt": "\(claimed.attempts)", "error": "\(reason)",
                "next": "\(retryAt == nil ? "given up" : "in \(Int(pause)) s")",
            ])
            if retryAt == nil {
                ServerMetrics.jobGivenUp(kind ?? .unreadable)
                if let job = claimed.job { await performer.gaveUp(on: job, reason: reason) }
            }
            do {
                try await store.putBackJob(claimed, error: reason, retryAt: retryAt, at: after)
            } catch {
                // Its lease runs out and it is taken again.
                logger.warning("recording a job's failure failed", metadata: ["job": "\(claimed.id)", "error": "\(String(reflecting: error))"])
            }
        }
        return true
    }

    package struct JobFailure: Error, CustomStringConvertible {
        package let reason: String
        package var description: String { reason }
    }

}
