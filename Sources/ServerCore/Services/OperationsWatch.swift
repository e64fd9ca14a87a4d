import Domain
import Foundation
import Synchronization

/// What an operator watches of one instance: whether it is ready to serve (its database and blob store answer, its
/// disk has room, its job worker makes progress; `GET /health/ready`), and the figures its metrics show that are read
/// when asked for (the jobs waiting, the SMS by state, the uploads under way, the free bytes, the PDFs being drawn).
///
/// Asking is cheap whoever asks and however often: the database and the blob store are asked once at a time and
/// their answers kept for a second (``freshFor``; the disk and the worker are looked at each time), each
/// question to the database or the blob store bounded by ``timeout`` — and one that has not answered is not asked
/// again until it does, so a hung database never piles up questions.
package actor OperationsWatch {
    package let figures: any OperationsFigures
    package let blobs: any BlobStore
    package let worker: JobWorker
    package let pool: RenderPool
    package let scratchFolder: String
    package let clock: any Clock
    /// Whether reports are told to a claims system (its check is shown only then).
    package let hasClaimsSystem: Bool
    package let timeout: Duration
    package let freshFor: Duration

    private let database = BoundedCall<SharedFigures>()
    private let blobStore = BoundedCall<Int?>()

    package init(
        figures: any OperationsFigures, blobs: any BlobStore, worker: JobWorker, pool: RenderPool, scratchFolder: String, clock: any Clock,
        hasClaimsSystem: Bool, timeout: Duration = .seconds(2), freshFor: Duration = .seconds(1)
    ) {
        self.figures = figures
        self.blobs = blobs
        self.worker = worker
        self.pool = pool
        self.scratchFolder = scratchFolder
        self.clock = clock
        self.hasClaimsSystem = hasClaimsSystem
        self.timeout = timeout
        self.freshFor = freshFor
    }

    /// One look at the instance: its readiness and the figures behind it.
    package struct Look: Sendable {
        package let readiness: Readiness
        /// `nil` when the database did not answer in time.
        package let shared: SharedFigures?
        package let freeBytes: Int?
        package let renders: (running: Int, waiting: Int)
        package let at: Date
    }

    /// What the database and the blob store answered, when last asked.
    private struct Answers: Sendable {
        let figures: BoundedCall<SharedFigures>.Outcome
        let blobs: BoundedCall<Int?>.Outcome
    }

    private var asking: Task<Answers, Never>?
    private var answered: (at: ContinuousClock.Instant, answers: Answers)?

    /// A look at the instance now: the database and the blob store as they answered within ``freshFor`` (asked now
    /// when they did not, once whoever is waiting), the disk, the worker and the PDFs as they are this moment.
    package func look() async -> Look {
        let answers = await answers()
        let renders = await pool.load
        let freeBytes = StorageSpace.freeBytes(at: scratchFolder)
        let now = clock.now()
        var checks = [
            Self.answerCheck(.database, "The database", answers.figures, describe: worker.describe),
            Self.answerCheck(.blobStore, "The photo and PDF store", answers.blobs, describe: worker.describe),
            Self.diskCheck(freeBytes),
            Self.workerCheck(worker.currentProgress, lease: worker.lease, poll: worker.pollInterval, at: now),
        ]
        let shared = answers.figures.answer
        checks.append(Self.gatewayCheck(.smsGateway, backlog: shared?.jobs[.sms], known: shared != nil, at: now, what: .sms))
        if hasClaimsSystem {
            checks.append(Self.gatewayCheck(.claimsSystem, backlog: shared?.jobs[.webhook], known: shared != nil, at: now, what: .webhook))
        }
        return Look(readiness: Readiness(checks: checks), shared: shared, freeBytes: freeBytes, renders: renders, at: now)
    }

    /// Whether the instance is ready, and why not.
    package func readiness() async -> Readiness {
        await look().readiness
    }

    /// Sets the gauges of what is read when asked for (the metrics listener calls it before each scrape).
    package func sample() async {
        ServerMetrics.record(await look())
    }

    private func answers() async -> Answers {
        if let answered, ContinuousClock.now - answered.at < freshFor { return answered.answers }
        if let asking { return await asking.value }
        let task = Task { await self.ask() }
        asking = task
        let answers = await task.value
        if asking == task {
            asking = nil
            answered = (ContinuousClock.now, answers)
        }
        return answers
    }

    private nonisolated func ask() async -> Answers {
        async let figures = database.call(within: timeout) { [figures] in try await figures.operationsFigures() }
        async let stored = blobStore.call(within: timeout) { [blobs] in
            guard let probe = Self.probeHash else { return nil }
            return try await blobs.length(of: probe, kind: .document)
        }
        return await Answers(figures: figures, blobs: stored)
    }

    /// A hash nothing is stored under: asking the blob store for its length asks whether the store answers.
    static let probeHash = try? ContentHash(hex: String(repeating: "0", count: 64))

    // MARK: - The checks

    /// The check of a store asked a question: it passes when the store answered in time.
    /// - Parameter store: the store as a sentence names it ("The database").
    package static func answerCheck<Answer>(
        _ name: HealthCheck.Name, _ store: String, _ outcome: BoundedCall<Answer>.Outcome, describe: (any Error) -> String
    ) -> HealthCheck {
        switch outcome {
        case let .answered(_, seconds):
            HealthCheck(name, .pass, "\(store) answered in \(milliseconds(seconds)) ms.", value: seconds, unit: "s")
        case let .failed(error, _):
            HealthCheck(name, .fail, "\(store) did not answer.", reason: String(describe(error).prefix(300)))
        case let .late(seconds):
            HealthCheck(name, .fail, "\(store) has not answered for \(Int(seconds)) s.", value: seconds, unit: "s")
        }
    }

    package static func diskCheck(_ free: Int?) -> HealthCheck {
        let mib = 1_048_576
        guard let free else { return HealthCheck(.disk, .warn, "The room left on the data folder's disk cannot be asked.") }
        guard free >= StorageSpace.minimumFreeBytes else {
            return HealthCheck(
                .disk, .fail,
                "The data folder's disk has \(free / mib) MiB free, less than the \(StorageSpace.minimumFreeBytes / mib) MiB a photo and a PDF take; uploads and saves are refused until space is freed.",
                value: Double(free), unit: "bytes"
            )
        }
        return HealthCheck(.disk, .pass, "The data folder's disk has \(free / mib) MiB free.", value: Double(free), unit: "bytes")
    }

    package static func workerCheck(_ progress: JobWorker.Progress, lease: Duration, poll: Duration, at now: Date) -> HealthCheck {
        let leaseSeconds = lease.inSeconds
        if let since = progress.busySince, now.timeIntervalSince(since) > leaseSeconds {
            let kind = progress.busyWith?.rawValue ?? "a"
            return HealthCheck(
                .jobWorker, .fail,
                "The job worker has been doing one \(kind) job for \(Int(now.timeIntervalSince(since))) s, longer than its lease of \(Int(leaseSeconds)) s.",
                value: now.timeIntervalSince(since), unit: "s"
            )
        }
        if progress.busySince != nil {
            return HealthCheck(.jobWorker, .pass, progress.running == 1 ? "The job worker is doing one job." : "The job worker is doing \(progress.running) jobs.")
        }
        // It looks every poll interval; a few missed looks are a loaded machine, many a stuck worker.
        let bound = max(30, 10 * poll.inSeconds)
        guard let last = progress.lastLook else {
            return HealthCheck(.jobWorker, .pass, "The job worker has not looked for work yet.")
        }
        let idle = now.timeIntervalSince(last)
        guard idle <= bound else {
            return HealthCheck(
                .jobWorker, .fail, "The job worker has not looked for work for \(Int(idle)) s (it looks every \(poll.inSeconds) s).",
                value: idle, unit: "s"
            )
        }
        return HealthCheck(.jobWorker, .pass, "The job worker looked for work \(Int(idle)) s ago.", value: idle, unit: "s")
    }

    package static func gatewayCheck(_ name: HealthCheck.Name, backlog: JobBacklog?, known: Bool, at now: Date, what kind: JobKind) -> HealthCheck {
        let thing = kind == .sms ? "SMS message" : "report's notice"
        let gateway = kind == .sms ? "the SMS gateway" : "the claims system"
        guard known else {
            return HealthCheck(name, .warn, "Unknown: the database did not answer, so the \(thing)s waiting cannot be counted.", essential: false)
        }
        guard let backlog else { return HealthCheck(name, .pass, "No \(thing) waits for \(gateway).", value: 0, unit: "s", essential: false) }
        let age = max(0, now.timeIntervalSince(backlog.oldestQueuedAt))
        let waiting = backlog.waiting == 1 ? "1 \(thing) waits" : "\(backlog.waiting) \(thing)s wait"
        guard let error = backlog.oldestError else {
            return HealthCheck(name, .pass, "\(waiting) for \(gateway); the oldest was queued \(Int(age)) s ago and has not failed.", value: age, unit: "s", essential: false)
        }
        let tries = backlog.oldestAttempts == 1 ? "1 try" : "\(backlog.oldestAttempts) tries"
        return HealthCheck(
            name, .fail,
            "\(gateway.prefix(1).uppercased() + gateway.dropFirst()) is failing: \(waiting); the oldest was queued \(Int(age)) s ago and failed \(tries).",
            value: age, unit: "s", essential: false, reason: String(error.prefix(300))
        )
    }

    private static func milliseconds(_ seconds: Double) -> String {
        String(format: "%.1f", seconds * 1_000)
    }

}

/// Whether an instance is ready to serve, check by check (`GET /health/ready`).
package struct Readiness: Sendable, Hashable {
    package let checks: [HealthCheck]

    package init(checks: [HealthCheck]) {
        self.checks = checks
    }

    /// `fail` when a check it cannot serve without fails; `warn` when another check fails or any warns; else `pass`.
    package var status: HealthCheck.Status {
        if checks.contains(where: { $0.essential && $0.status == .fail }) { return .fail }
        if checks.contains(where: { $0.status != .pass }) { return .warn }
        return .pass
    }
}

/// One thing readiness looks at.
package struct HealthCheck: Sendable, Hashable {
    package enum Status: String, Sendable, Hashable {
        case pass, warn, fail
    }

    package enum Name: String, Sendable, Hashable {
        case database
        case blobStore = "blob-store"
        case disk
        case jobWorker = "job-worker"
        case smsGateway = "sms-gateway"
        case claimsSystem = "claims-system"
    }

    package let name: Name
    package let status: Status
    /// What it found, as a sentence for the operator.
    package let output: String
    /// Why it failed, in the failure's own words (which may name internal addresses): shown on the metrics listener
    /// only, never on the public one.
    package let reason: String?
    package let observedValue: Double?
    package let observedUnit: String?
    /// Whether the instance cannot serve while it fails. The SMS gateway and the claims system are not: every instance
    /// shares them, and what waits for them is kept and sent once they are back.
    package let essential: Bool

    package init(
        _ name: Name, _ status: Status, _ output: String, value: Double? = nil, unit: String? = nil, essential: Bool = true, reason: String? = nil
    ) {
        self.reason = reason
        self.name = name
        self.status = status
        self.output = output
        self.observedValue = value
        self.observedUnit = unit
        self.essential = essential
    }
}

/// A call to something that may hang (a database, a blob store), waited for at most a bound; while it has not
/// answered, it is not made again.
package final class BoundedCall<Answer: Sendable>: Sendable {
    package enum Outcome: Sendable {
        case answered(Answer, seconds: Double)
        case failed(any Error, seconds: Double)
        /// Not answered within the bound, or a call before this one has not answered yet.
        case late(seconds: Double)

        package var answer: Answer? {
            if case let .answered(answer, _) = self { answer } else { nil }
        }
    }

    /// When the call that has not answered yet began.
    private let pending = Mutex<ContinuousClock.Instant?>(nil)

    package init() {}

    package func call(within bound: Duration, _ work: @escaping @Sendable () async throws -> Answer) async -> Outcome {
        let began = ContinuousClock.now
        let earlier: ContinuousClock.Instant? = pending.withLock { pending in
            if let pending { return pending }
            pending = began
            return nil
        }
        if let earlier { return .late(seconds: (began - earlier).inSeconds) }
        let first = FirstOf<Outcome>()
        // Not a child task: a call that hangs past the bound is left to finish on its own, once.
        Task {
            let outcome: Outcome
            do {
                let answer = try await work()
                outcome = .answered(answer, seconds: (ContinuousClock.now - began).inSeconds)
            } catch {
                outcome = .failed(error, seconds: (ContinuousClock.now - began).inSeconds)
            }
            self.pending.withLock { $0 = nil }
            first.give(outcome)
        }
        let timer = Task {
            try? await Task.sleep(for: bound)
            first.give(.late(seconds: bound.inSeconds))
        }
        let outcome = await first.value()
        timer.cancel()
        return outcome
    }
}

/// The first of several answers given to it.
final class FirstOf<Value: Sendable>: Sendable {
    private struct State {
        var answer: Value?
        var waiter: CheckedContinuation<Value, Never>?
    }

    private let state = Mutex(State())

    func give(_ value: Value) {
        let waiter: CheckedContinuation<Value, Never>? = state.withLock { state in
            guard state.answer == nil else { return nil }
            state.answer = value
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: value)
    }

    func value() async -> Value {
        await withCheckedContinuation { continuation in
            let answer: Value? = state.withLock { state in
                if let answer = state.answer { return answer }
                state.waiter = continuation
                return nil
            }
            if let answer { continuation.resume(returning: answer) }
        }
    }
}
