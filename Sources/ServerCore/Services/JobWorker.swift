import Domain
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// How many jobs of each kind one worker does at once: each kind calls one destination (the SMS gateway, the
/// claims system), and each is given as much as it takes without being flooded.
package struct JobConcurrency: Sendable, Hashable {
    /// SMS handed to the gateway at once.
    package var sms: Int
    /// Notices the claims system is sent at once.
    package var webhook: Int

    /// Kannel's `sendsms` answers each message after a round trip to bearerbox (10–20 ms under load) and takes many
    /// side by side: 64 at once keep it busy (measured with `Benchmarks/Scripts/sms-storm.sh`: 16 drained 1,000
    /// messages in 3.5 s, 64 in 2.1 s, 128 no faster). A claims system is a busier service of the insurer's.
    package static let standard = JobConcurrency(sms: 64, webhook: 4)

    package init(sms: Int, webhook: Int) {
        self.sms = max(1, sms)
        self.webhook = max(1, webhook)
    }

    /// How many jobs of `kind` run at once (a row that cannot be read is given up at once, one at a time).
    package func limit(_ kind: JobKind) -> Int {
        switch kind {
        case .sms: sms
        case .webhook: webhook
        case .unreadable: 1
        }
    }
}

/// Does the jobs in the store (``JobStore``) as a service beside the HTTP server: up to ``concurrency`` of each kind
/// at once, every instance sharing the store running one, each job taken by one of them at a time.
///
/// It looks for work when nudged (a request just wrote a job, a job finished) and every ``pollInterval`` (a job
/// another instance wrote, a pause that ended). A job is leased for ``lease``: a job whose instance died is taken
/// again once that ran out. A job that failed is tried again after a pause that doubles from one second up to
/// ``longestPause``, and given up (its message marked failed) once ``giveUpAfter`` passed since it was queued; the
/// others go on meanwhile. Jobs of one sequence (a driver's SMS, a report's notices) are done one after another in
/// the order they were queued (``ServerJob/sequence(smsOwner:)``), whichever instance takes them.
package final class JobWorker: Service, Sendable {
    package let store: any JobStore
    package let performer: JobPerformer
    package let clock: any Clock
    package let lease: Duration
    package let pollInterval: Duration
    package let longestPause: Duration
    package let giveUpAfter: Duration
    package let concurrency: JobConcurrency
    /// The words a failure is recorded and logged with (the operator's edge gives its own).
    package let describe: @Sendable (any Error) -> String
    private let logger: Logger
    private let wakeups: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation
    private let state = Mutex(State())

    private struct State {
        var lastLook: Date?
        /// The jobs being done now: since when, of which kind.
        var running: [Int64: (since: Date, kind: JobKind)] = [:]

        func count(_ kind: JobKind) -> Int { running.values.count { $0.kind == kind } }
    }

    /// When the worker last looked for work, and the job it has been doing longest now (since when, of which kind):
    /// whether it makes progress (``OperationsWatch``).
    package struct Progress: Sendable {
        package var lastLook: Date?
        package var busySince: Date?
        package var busyWith: JobKind?
        /// How many jobs it is doing now.
        package var running: Int

        package init(lastLook: Date? = nil, busySince: Date? = nil, busyWith: JobKind? = nil, running: Int = 0) {
            self.lastLook = lastLook
            self.busySince = busySince
            self.busyWith = busyWith
            self.running = running
        }
    }

    /// How the worker is doing now.
    package var currentProgress: Progress {
        state.withLock { state in
            let oldest = state.running.values.min { $0.since < $1.since }
            return Progress(lastLook: state.lastLook, busySince: oldest?.since, busyWith: oldest?.kind, running: state.running.count)
        }
    }

    package init(
        store: any JobStore, performer: JobPerformer, clock: any Clock, lease: Duration = .seconds(120),
        pollInterval: Duration = .seconds(1), longestPause: Duration = .seconds(60), giveUpAfter: Duration = ServerLimits.jobGiveUp,
        concurrency: JobConcurrency = .standard,
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
        self.concurrency = concurrency
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
                    await withDiscardingTaskGroup { jobs in
                        for await _ in self.wakeups {
                            if Task.isCancelled { return }
                            // Takes jobs while there is room for their kind, as many as there is room for in one
                            // step; one that finishes wakes this again.
                            while !Task.isCancelled {
                                let claimed = await self.claimBatch()
                                if claimed.isEmpty { break }
                                for job in claimed {
                                    jobs.addTask {
                                        await self.doJob(job)
                                        self.wake.yield()
                                    }
                                }
                            }
                        }
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
        guard let claimed = await claimNext() else { return false }
        await doJob(claimed)
        return true
    }

    /// Takes the oldest due jobs, as many of each kind as this worker has room for, and counts them as running.
    private func claimBatch() async -> [ClaimedJob] {
        await claim { now, room in try await store.claimJobs(at: now, leaseUntil: now + lease.inSeconds, room: room) }
    }

    /// Takes the oldest due job of a kind this worker has room for, and counts it as running.
    private func claimNext() async -> ClaimedJob? {
        await claim { now, room in
            let full = Set(room.filter { $0.value == 0 }.keys)
            return try await store.claimJob(at: now, leaseUntil: now + lease.inSeconds, excluding: full).map { [$0] } ?? []
        }.first
    }

    /// Takes jobs with `take`, given the time and the room this worker has for each kind, and counts them as running.
    private func claim(_ take: (Date, [JobKind: Int]) async throws -> [ClaimedJob]) async -> [ClaimedJob] {
        let room = state.withLock { state in
            Dictionary(uniqueKeysWithValues: JobKind.allCases.map { ($0, max(0, concurrency.limit($0) - state.count($0))) })
        }
        // Every kind a job's row can name is full: a job that finishes wakes the worker.
        if room.allSatisfy({ $0.key == .unreadable || $0.value == 0 }) { return [] }
        let now = clock.now()
        let claimed: [ClaimedJob]
        do {
            claimed = try await take(now, room)
        } catch {
            logger.warning("taking jobs failed", metadata: ["error": "\(String(reflecting: error))"])
            return []
        }
        state.withLock { $0.lastLook = now }
        for job in claimed {
            let kind = job.job.map(JobKind.init) ?? .unreadable
            state.withLock { $0.running[job.id] = (now, kind) }
            if kind != .unreadable { ServerMetrics.jobRunning(kind, true) }
        }
        return claimed
    }

    /// Does a job taken by ``claimBatch()`` or ``claimNext()`` and records how it went.
    private func doJob(_ claimed: ClaimedJob) async {
        let kind = claimed.job.map(JobKind.init)
        defer {
            if let kind { ServerMetrics.jobRunning(kind, false) }
            state.withLock { _ = $0.running.removeValue(forKey: claimed.id) }
        }
        do {
            guard let job = claimed.job else { throw JobFailure(reason: "the job's row cannot be read") }
            let end: JobPerformer.JobEnd
            do {
                end = try await performer.perform(job, claim: claimed)
            } catch {
                ServerMetrics.jobAttempt(JobKind(job), failed: true)
                throw error
            }
            ServerMetrics.jobAttempt(JobKind(job), failed: false)
            if end == .done { try await store.finishJob(claimed, at: clock.now()) }
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
    }

    package struct JobFailure: Error, CustomStringConvertible {
        package let reason: String
        package var description: String { reason }
    }

}
