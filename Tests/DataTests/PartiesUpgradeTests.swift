import Data
import Domain
import Foundation
import Storage
import Testing
import TestSupport
import WireAPI

/// A reports database the version before parties wrote (layout 13): its reports keep everything, have no other
/// parties, and take some once opened with this version.
@Suite("Reports database upgrade: other parties")
struct PartiesUpgradeTests {
    @Test("A report written before parties reads back whole, with none; a party added then is kept on reopening")
    func earlierReportsGainParties() async throws {
        let directory = TemporaryDirectory("parties-upgrade")
        let path = directory.file("reports.sqlite")
        var report = CrashReport.stub(injuries: [.myself])
        try report.setStatement(try .full())
        let statement = String(decoding: try WireCoding.encoder().encode(Components.Schemas.AccidentStatement(report.statement)), as: UTF8.self)
        // The layout and the row as the version before wrote them: no `parties` column.
        let earlier = try SQLiteDatabase(path: path, migrations: SQLiteReportRepository.migrations.filter { $0.version <= 13 })
        try earlier.write { connection in
            try connection.statement("""
                INSERT INTO reports (id, crash_id, status, created_at, updated_at, occurred_at, note, revision, injury_count, photo_count,
                                     has_note, shown_occurred_at, statement, statement_parts, language)
                VALUES (\(report.id.rawValue), \(report.crashID.rawValue), 'draft', \(report.createdAt.timeIntervalSinceReferenceDate),
                        \(report.updatedAt.timeIntervalSinceReferenceDate), \(report.scene.occurredAt.timeIntervalSinceReferenceDate), '', 1, 1, 0,
                        0, \(report.scene.occurredAt.timeIntervalSinceReferenceDate), \(statement), 12, 'de')
                """).run()
            try connection.statement("INSERT INTO report_injuries (report_id, injury) VALUES (\(report.id.rawValue), \(Injury.myself.rawValue))").run()
        }
        earlier.checkpoint()
        let columns = try earlier.write { connection in
            let query = try connection.statement("SELECT count(*) FROM pragma_table_info('reports') WHERE name = 'parties'")
            defer { query.reset() }
            return try query.step() ? query.int(0) : -1
        }
        #expect(columns == 0)

        let repository = try SQLiteReportRepository(path: path)
        let loaded = try #require(try await repository.report(withID: report.id))
        #expect(loaded.statement == report.statement && loaded.injuries == report.injuries)
        #expect(loaded.parties.isAlone && loaded.statementVersion == report.statementVersion)

        let clock = ManualClock(referenceDate.addingTimeInterval(300))
        let lampPost = PartyID()
        _ = try await EditParties(repository: repository, clock: clock).execute(reportID: report.id) { parties throws(PartyError) in
            try parties.add(.property(try DamagedProperty(what: "Laterne", owner: "Stadt München")), id: lampPost)
        }
        let reopened = try SQLiteReportRepository(path: path)
        let again = try #require(try await reopened.report(withID: report.id))
        #expect(again.parties.all.map(\.id) == [lampPost])
        #expect(again.statement == report.statement)
    }
}
