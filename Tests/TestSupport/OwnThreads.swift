import Foundation
import Testing

/// Threads for the suites that wait in blocking calls: for a process to start or end, a socket, a terminal's screen,
/// a browser. Swift's shared executor has one thread per core, and a test that blocks one of them holds up every other
/// test of the run; on two cores, two such tests at once stop it entirely (unit tests of microseconds then "take" 80 s
/// and a one-minute time limit runs out while its test is only waiting for a thread). A suite marked `.ownThreads`
/// runs on this pool instead, which starts another thread whenever every one it has is busy.
public final class OwnThreadsExecutor: TaskExecutor, @unchecked Sendable {
    // unchecked: every stored property is guarded by `condition`.
    public static let shared = OwnThreadsExecutor()

    /// More than the blocking suites that ever run at once; past it, jobs wait for a thread.
    static let maximumThreads = 64
    /// The key each of its threads carries in its thread dictionary, so a blocking helper can tell where it runs.
    static let threadKey = "crash-assistant.tests.own-threads"

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var next = 0
    private var threads = 0
    private var idle = 0

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        let waiting = jobs.count - next
        let startsOne = waiting > idle && threads < Self.maximumThreads
        if startsOne { threads += 1 }
        condition.signal()
        condition.unlock()
        if startsOne {
            let thread = Thread { [self] in work() }
            thread.name = "own-threads"
            thread.start()
        }
    }

    private func work() {
        Thread.current.threadDictionary[Self.threadKey] = true
        let executor = asUnownedTaskExecutor()
        while true {
            condition.lock()
            while next == jobs.count {
                idle += 1
                condition.wait()
                idle -= 1
            }
            let job = jobs[next]
            next += 1
            if next == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                next = 0
            }
            condition.unlock()
            job.runSynchronously(on: executor)
        }
    }

    /// Whether the calling thread is one of this pool's.
    public static var isCurrent: Bool {
        Thread.current.threadDictionary[threadKey] != nil
    }

    /// Records an issue when `what`, a blocking wait, is about to run on the shared executor's threads: its suite
    /// needs `.ownThreads`.
    public static func expectCurrent(
        _ what: @autoclosure () -> String,
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
    ) {
        if !isCurrent {
            Issue.record(
                "\(what()) blocks a thread, and this test runs on the threads every test shares; mark its suite .ownThreads",
                sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
            )
        }
    }
}

/// Runs a suite (or a test) on `OwnThreadsExecutor`: its tests and every child task they start. At most
/// `OwnThreadsTrait.slots` such suites run at once: they start servers, databases, terminals and browsers, and a
/// two-core machine starting all of them together leaves each too little time to answer within its bounds.
public struct OwnThreadsTrait: SuiteTrait, TestTrait, TestScoping {
    /// How many suites marked `.ownThreads` run at once.
    public static let slots = 4 * max(1, ProcessInfo.processInfo.activeProcessorCount)

    private static let turns = Turns(slots)

    /// Whether this task is inside a suite that already holds a turn (a nested suite or a test of it runs in it).
    @TaskLocal private static var holdsTurn = false

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        if Self.holdsTurn {
            try await function()
            return
        }
        await Self.turns.take()
        do {
            try await Self.$holdsTurn.withValue(true) {
                try await withTaskExecutorPreference(OwnThreadsExecutor.shared) {
                    try await function()
                }
            }
        } catch {
            await Self.turns.give()
            throw error
        }
        await Self.turns.give()
    }

    /// A counting semaphore whose waiters wait without holding a thread.
    private actor Turns {
        private var free: Int
        private var waiting: [CheckedContinuation<Void, Never>] = []

        init(_ count: Int) {
            free = count
        }

        func take() async {
            if free > 0 {
                free -= 1
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func give() {
            if waiting.isEmpty {
                free += 1
            } else {
                waiting.removeFirst().resume()
            }
        }
    }
}

extension Trait where Self == OwnThreadsTrait {
    /// The suite waits in blocking calls (processes, sockets, terminals, browsers): it runs on threads of its own.
    public static var ownThreads: Self { Self() }
}
