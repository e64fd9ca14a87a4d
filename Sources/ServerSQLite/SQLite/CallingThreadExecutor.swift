import Foundation
import Synchronization

/// Runs async code on the thread that asks, and blocks that thread until it is done: the bridge that lets a step
/// written once for both engines (``StoreSteps``, async because PostgreSQL's driver is) run inside SQLite's write
/// transaction, which is synchronous and holds the writer's connection on one thread of the NIO thread pool.
///
/// The code runs as a task that prefers this executor, so every job of it (its start, and its continuation after
/// anything it awaits) is queued here and run by the waiting thread: SQLite's connection and its lock never leave
/// that thread, and nothing of it runs on Swift's cooperative pool or an event loop. Use it only on a thread that may
/// block (the NIO thread pool's).
final class CallingThreadExecutor: TaskExecutor, @unchecked Sendable { // safe: jobs and finished only under condition
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finished = false

    private init() {}

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs `operation` to its end on the calling thread and gives back what it returned or threw.
    static func run<Result: Sendable>(_ operation: @escaping @Sendable () async throws -> Result) throws -> Result {
        let executor = CallingThreadExecutor()
        let outcome = Outcome<Result>()
        Task(executorPreference: executor) {
            do { outcome.set(.success(try await operation())) } catch { outcome.set(.failure(error)) }
            executor.finish()
        }
        executor.drain()
        return try outcome.get()
    }

    /// What the task gave, handed from its last job to the thread that waited.
    private final class Outcome<Value: Sendable>: Sendable {
        private let value = Mutex<Swift.Result<Value, any Error>?>(nil)

        func set(_ result: Swift.Result<Value, any Error>) { value.withLock { $0 = result } }

        func get() throws -> Value {
            // Set before the task finished, and `drain` returns only after that.
            guard let result = value.withLock({ $0 }) else { preconditionFailure("the task ended without an outcome") }
            return try result.get()
        }
    }

    /// Runs the queued jobs on this thread, waiting for the next, until the task has finished.
    private func drain() {
        while true {
            condition.lock()
            while jobs.isEmpty && !finished { condition.wait() }
            let batch = jobs
            jobs.removeAll(keepingCapacity: true)
            condition.unlock()
            if batch.isEmpty { return }
            for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
        }
    }

    private func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }
}
