import Data
import Domain
import Foundation
import Testing
import TestSupport

@Suite("Cached repository")
struct CachedReportRepositoryTests {
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
        let stored = try await cached.save(.stub(note: "kept"))
        #expect(await local.report(withID: stored.id) == stored)
        #expect(stored.revision == 1)
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

    /// Two programs on one database, one of them behind the cache; a report read into the cache, then
    /// changed by the other program behind its back (its note set to "theirs").
    struct TwoPrograms {
        let directory = TemporaryDirectory()
        let cached: CachedReportRepository
        let otherProgram: SQLiteReportRepository
        /// The report as the cache read it, and as the other program stored it since.
        let read: CrashReport
        let theirs: CrashReport

        init() async throws {
            let file = directory.file("reports.sqlite")
            cached = CachedReportRepository(local: try SQLiteReportRepository(path: file))
            otherProgram = try SQLiteReportRepository(path: file)
            read = try await cached.save(.stub())
            _ = try await cached.report(withID: read.id)
            var changed = read
            try changed.setNote("theirs")
            theirs = try otherProgram.save(changed)
        }
    }

    @Test func aCopyOutdatedByAnotherWriterIsRefusedAndDroppedFromMemory() async throws {
        let programs = try await TwoPrograms()
        let (cached, read, stored) = (programs.cached, programs.read, programs.theirs)
        // A change from the cached copy is refused, and the next read gets what the other program stored.
        var mine = try #require(try await cached.report(withID: read.id))
        try mine.toggleInjury(.myself)
        await #expect(throws: ReportError.conflict(read.id, current: stored)) { try await cached.save(mine) }
        #expect(try await cached.report(withID: read.id) == stored)
    }

    @Test func editingUseCasesApplyTheirChangeAgainToAVersionAnotherWriterStored() async throws {
        let programs = try await TwoPrograms()
        let (cached, otherProgram, read) = (programs.cached, programs.otherProgram, programs.read)

        let toggled = try await ToggleInjury(repository: cached, clock: ManualClock(referenceDate))
            .execute(reportID: read.id, injury: .myself)

        #expect(toggled.otherDriverNote == "theirs")
        #expect(toggled.injuries.contains(.myself))
        #expect(toggled.revision == 3)
        #expect(try otherProgram.report(withID: read.id) == toggled)
    }

    @Test func concurrentSavesOfOneReportLeaveTheStoreAndCacheAgreeing() async throws {
        let directory = TemporaryDirectory()
        let local = try SQLiteReportRepository(path: directory.file("reports.sqlite"))
        let cached = CachedReportRepository(local: local)
        let base = try await cached.save(.stub())
        let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<30 {
                group.addTask {
                    var version = base
                    try version.setNote("version \(index)")
                    do {
                        try await cached.save(version)
                        return true
                    } catch let error as ReportError where error.isConflict {
                        return false
                    }
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        // All 30 were made from one read: the first stored wins, the others are refused.
        #expect(outcomes.filter { $0 }.count == 1)
        let fromCache = try await cached.report(withID: base.id)
        #expect(fromCache == (try local.report(withID: base.id)))
        #expect(fromCache?.revision == 2)
    }
}
