import Foundation
import Testing
@testable import ServerSQLite

#if canImport(Glibc)
import Glibc
#endif

/// The shared steps run inside SQLite's write transaction on the thread that holds it: every part of them, also after
/// they wait for something, and what they return or throw comes back out.
@Suite("Async steps on the calling thread")
struct CallingThreadExecutorTests {
    private struct Refused: Error, Equatable {}

    private static func thread() -> pthread_t { pthread_self() }

    @Test func theStepsRunOnTheCallingThreadEvenAfterTheyWait() throws {
        let caller = Self.thread()
        let seen = try CallingThreadExecutor.run {
            var threads = [Self.thread()]
            await Task.yield()
            threads.append(Self.thread())
            try await Task.sleep(for: .milliseconds(20))
            threads.append(Self.thread())
            // A child task of the steps runs on the same thread too: it prefers the executor it was started from.
            async let child = Self.thread()
            threads.append(await child)
            return threads
        }
        #expect(seen == [caller, caller, caller, caller])
    }

    @Test func whatTheStepsThrowComesOut() {
        #expect(throws: Refused.self) {
            try CallingThreadExecutor.run { () async throws -> Int in
                try await Task.sleep(for: .milliseconds(5))
                throw Refused()
            }
        }
    }

    @Test func manyThreadsRunStepsAtOnceEachOnItsOwn() async throws {
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<32 {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        Thread.detachNewThread {
                            let caller = Self.thread()
                            let same = try? CallingThreadExecutor.run {
                                try await Task.sleep(for: .milliseconds(index % 4))
                                return Self.thread() == caller
                            }
                            continuation.resume(returning: same == true)
                        }
                    }
                }
            }
            var all: [Bool] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 32 && results.allSatisfy { $0 })
    }
}
