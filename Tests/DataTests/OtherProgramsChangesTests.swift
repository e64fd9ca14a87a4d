import Data
import Domain
import Foundation
import Testing
import TestSupport

/// Telling that another program changed the SQLite store: a commit from another connection is seen once, this program's
/// own writes never, and the cache then reads what the other program stored.
@Suite("Changes made by another program")
struct OtherProgramsChangesTests {
    @Test func anotherConnectionsCommitIsSeenOnceAndTheCacheReadsIt() async throws {
        let folder = TemporaryDirectory("other-programs")
        let path = folder.file("reports.sqlite")
        let mine = try SQLiteReportRepository(path: path)
        let theirs = try SQLiteReportRepository(path: path)
        let cache = CachedReportRepository(local: mine)
        let changes = OtherProgramsChanges(database: mine.database, cache: cache)

        // The first ask takes note of where the store stands.
        #expect(await changes.changedElsewhere() == false)
        let report = try await cache.save(CrashReport.stub(note: "mine"))
        #expect(try await cache.report(withID: report.id)?.otherDriverNote == "mine")
        // This program's own write is not another program's.
        #expect(await changes.changedElsewhere() == false)

        var changed = report
        try changed.setNote("theirs")
        _ = try theirs.save(changed)
        #expect(await changes.changedElsewhere() == true)
        #expect(await changes.changedElsewhere() == false)
        // The cache's copy went: the next read is what the other program stored.
        #expect(try await cache.report(withID: report.id)?.otherDriverNote == "theirs")
    }
}
