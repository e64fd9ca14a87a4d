import Data
import Domain
import Foundation
import Testing
import TestSupport

@Suite("Cached repository")
struct CachedReportRepositoryTests {
    actor RecordingOutbox: ReportOutbox {
        private(set) var changes: [ReportChange] = []
        func enqueue(_ change: ReportChange) { changes.append(change) }
    }

    @Test func aReportReadOnceIsServedFromMemory() async throws {
        let local = SpyReportRepository([.stub(id: ReportID())])
        let id = try #require(try await local.summaries().first?.id)
        let cached = CachedReportRepository(local: local)
        _ = try await cached.report(withID: id)
        _ = try await cached.report(withID: id)
        _ = try await cached.report(withID: id)
        #expect(await local.actions.filter { $0 == .load(id) }.count == 1)
    }

    @Test func readersOfTheSameReportShareOneLoad() async throws {
        let report = CrashReport.stub()
        let local = SpyReportRepository([report])
        let cached = CachedReportRepository(local: local)
        let loaded = try await withThrowingTaskGroup(of: CrashReport?.self) { group in
            for _ in 0..<20 { group.addTask { try await cached.report(withID: report.id) } }
            return try await group.reduce(into: [CrashReport?]()) { $0.append($1) }
        }
        #expect(loaded.allSatisfy { $0 == report })
        #expect(await local.actions.filter { $0 == .load(report.id) }.count == 1)
    }

    @Test func aSaveIsInTheLocalStoreWhenItReturns() async throws {
        let local = InMemoryReportRepository()
        let cached = CachedReportRepository(local: local)
        let report = CrashReport.stub(note: "kept")
        try await cached.save(report)
        #expect(await local.report(withID: report.id) == report)
    }

    @Test func aFailedSaveLeavesTheCacheAsItWas() async throws {
        let original = CrashReport.stub(note: "before")
        let local = SpyReportRepository([original])
        let cached = CachedReportRepository(local: local)
        _ = try await cached.report(withID: original.id)
        await local.failSaves(with: FakeFailure("disk full"))
        var changed = original
        try changed.setNote("after")
        await #expect(throws: FakeFailure("disk full")) { try await cached.save(changed) }
        #expect(try await cached.report(withID: original.id)?.otherDriverNote == "before")
    }

    @Test func aDeletedReportIsNoLongerServedFromMemory() async throws {
        let report = CrashReport.stub()
        let cached = CachedReportRepository(local: InMemoryReportRepository([report]))
        _ = try await cached.report(withID: report.id)
        try await cached.delete(report.id)
        #expect(try await cached.report(withID: report.id) == nil)
        #expect(await cached.cachedCount == 0)
    }

    @Test func theOutboxHearsOfEveryWriteInOrderAfterItIsStored() async throws {
        let outbox = RecordingOutbox()
        let local = InMemoryReportRepository()
        let cached = CachedReportRepository(local: local, outbox: outbox)
        var report = CrashReport.stub()
        try await cached.save(report)
        try report.setNote("second")
        try await cached.save(report)
        try await cached.delete(report.id)
        let changes = await outbox.changes
        #expect(changes.count == 3)
        #expect(changes.first == .saved(.stub(id: report.id)))
        #expect(changes.dropFirst().first.map { if case let .saved(saved) = $0 { saved.otherDriverNote } else { "" } } == "second")
        #expect(changes.last == .deleted(report.id))
    }

    @Test func concurrentSavesOfOneReportLeaveTheStoreAndCacheAgreeing() async throws {
        let directory = TemporaryDirectory()
        let local = try SQLiteReportRepository(path: directory.file("reports.sqlite"))
        let cached = CachedReportRepository(local: local)
        let base = CrashReport.stub()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<30 {
                group.addTask {
                    var version = base
                    try version.setNote("version \(index)")
                    try await cached.save(version)
                }
            }
            try await group.waitForAll()
        }
        let fromCache = try await cached.report(withID: base.id)
        #expect(fromCache == (try local.report(withID: base.id)))
    }
}
