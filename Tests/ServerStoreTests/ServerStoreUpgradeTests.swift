import CSQLite
import Data
import Domain
import Foundation
import Logging
import PostgresNIO
import ServerCore
import ServerPostgres
import ServerSQLite
import Storage
import Testing
import TestSupport
import ServerTestSupport

/// What a store written by an earlier layout holds once the server opens it with this one.
@Suite("Store upgrades", .ownThreads)
struct ServerStoreUpgradeTests {
    static let messageID = UUID()

    @Test("SQLite: a delivery-report token an earlier layout kept in clear is kept as its digest once opened, and still accepted")
    func sqliteDigestsClearReportTokens() async throws {
        let directory = TemporaryDirectory("server-upgrade")
        let path = directory.file("server.sqlite3")
        // The layout before delivery-report tokens were digests, with a message as it wrote them.
        let earlier = try SQLiteDatabase(path: path, migrations: ServerSchema.migrations.filter { $0.version <= 8 })
        try earlier.write { connection in
            let insert = try connection.statement("""
                INSERT INTO sms_messages (id, crash_id, owner, recipient, body, report_token, state, detail, created_at, updated_at)
                VALUES (\(Self.messageID), 'SRV-UPGRADE-1', \(UUID()), '+36301234567', 'Crash detected', 'clear-token-1', 'accepted', NULL, 0, 0)
                """)
            try insert.run()
        }
        earlier.checkpoint()

        let store = try SQLiteServerStore(path: path)
        let message = try #require(try await store.smsMessage(SMSMessageID(Self.messageID)))
        #expect(message.reportDigests == [TokenDigest(token: "clear-token-1")])
        #expect(message.acceptsReport(token: "clear-token-1"))
        let clear = try await store.reading { connection in
            let query = try connection.statement("SELECT count(*) FROM sms_messages WHERE report_token <> ''")
            defer { query.reset() }
            return try query.step() ? query.int(0) : -1
        }
        #expect(clear == 0)
        // Opening again changes nothing more.
        store.close()
        let again = try SQLiteServerStore(path: path)
        #expect(try await again.smsMessage(SMSMessageID(Self.messageID))?.reportDigests == [TokenDigest(token: "clear-token-1")])
    }

    @Test("SQLite: the rates count through an index on the account and the time, also in a store an earlier layout wrote")
    func sqliteRatesCountOneWindow() async throws {
        let directory = TemporaryDirectory("server-upgrade")
        let path = directory.file("server.sqlite3")
        let earlier = try SQLiteDatabase(path: path, migrations: ServerSchema.migrations.filter { $0.version <= 12 })
        earlier.checkpoint()
        let store = try SQLiteServerStore(path: path)
        store.close()
        let crashIDs = try Self.plan(of: SQLiteServerStore.crashIDsIssuedQuery(to: AccountID(), since: Date()), in: path)
        #expect(crashIDs == ["SEARCH crash_ids USING COVERING INDEX crash_ids_by_owner (owner=? AND issued_at>?)"])
        let events = try Self.plan(of: SQLiteServerStore.crashEventsReceivedQuery(from: AccountID(), since: Date()), in: path)
        #expect(events == ["SEARCH crash_events USING COVERING INDEX crash_events_by_detector (detector=? AND received_at>?)"])
    }

    /// What SQLite says it does for `sql` in the database at `path` (`EXPLAIN QUERY PLAN`, one line per step).
    private static func plan(of query: SQLiteQuery, in path: String) throws -> [String] {
        var handle: OpaquePointer?
        defer { sqlite3_close(handle) }
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { throw PlanError(words: "cannot open \(path)") }
        var prepared: OpaquePointer?
        defer { sqlite3_finalize(prepared) }
        guard sqlite3_prepare_v2(handle, "EXPLAIN QUERY PLAN \(query.text)", -1, &prepared, nil) == SQLITE_OK else {
            throw PlanError(words: String(cString: sqlite3_errmsg(handle)))
        }
        var lines: [String] = []
        while sqlite3_step(prepared) == SQLITE_ROW {
            lines.append(sqlite3_column_text(prepared, 3).map { String(cString: $0) } ?? "")
        }
        return lines
    }

    private struct PlanError: Error {
        let words: String
    }

    @Test("PostgreSQL: the layout's step turns a token kept in clear into its digest, and the store accepts it")
    func postgresDigestsClearReportTokens() async throws {
        let server = try PostgresProcess.shared()
        let location = try await server.createDatabase()
        let store = try await PostgresServerStore.open(location, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let running = RunningClient(store.client)
        defer { withExtendedLifetime(running) {} }
        // A message as the earlier layout wrote it.
        _ = try await server.execute("""
            INSERT INTO sms_messages (id, crash_id, owner, recipient, body, report_token, state, detail, created_at, updated_at)
            VALUES (\(Self.messageID), 'SRV-UPGRADE-1', \(UUID()), '+36301234567', 'Crash detected', 'clear-token-1', 'accepted', NULL, 0, 0)
            """, in: location)
        let step = try #require(PostgresSchema.migrations.first { $0.version == 10 }?.statements.last)
        _ = try await server.execute(step, in: location)

        let message = try #require(try await store.smsMessage(SMSMessageID(Self.messageID)))
        #expect(message.reportDigests == [TokenDigest(token: "clear-token-1")])
        #expect(message.acceptsReport(token: "clear-token-1"))
        #expect(try await server.execute("SELECT 1 FROM sms_messages WHERE report_token <> ''", in: location) == 0)
    }

    /// A report with a statement the driver signed and the other driver declined, as stored before the signing record.
    static func actedOnReport() throws -> (report: CrashReport, body: String) {
        var report = CrashReport.stub(createdAt: referenceDate)
        try report.setStatement(try .full())
        try report.signStatement(.a, name: "Jane Doe", verification: .driversDevice(account: "ann"), at: referenceDate.addingTimeInterval(60.25))
        try report.declineStatement(reason: "Box 17 is not true", at: referenceDate.addingTimeInterval(120.5))
        let (stored, body) = try StoredRecord.nextVersion(of: report, current: nil, holder: nil)
        return (stored, body)
    }

    /// What the record holds for ``actedOnReport()``, whichever engine kept it.
    static func expectRecordOfActs(_ record: [SigningEntry], of report: CrashReport) {
        #expect(record.map(\.number) == [1, 2])
        #expect(record.map(\.act) == [.signed, .declined] && record.map(\.side) == [.a, .b] && record.map(\.means) == [.driversDevice, .link])
        #expect(record.first?.name == "Jane Doe" && record.first?.account == "ann" && record.last?.reason == "Box 17 is not true")
        #expect(record.allSatisfy { $0.version == report.statementVersion && $0.recordedAt == report.updatedAt && $0.codeSMS == nil })
        #expect(record.map(\.actedAt) == [referenceDate.addingTimeInterval(60.25), referenceDate.addingTimeInterval(120.5)])
        // Every act stored before a report had more than one statement is on the statement with B.
        #expect(record.allSatisfy { $0.pair == .b })
    }

    @Test("SQLite: the signatures and declines of reports stored before the signing record start it, once opened")
    func sqliteSigningRecordStartsFromStoredActs() async throws {
        let directory = TemporaryDirectory("server-upgrade")
        let path = directory.file("server.sqlite3")
        let (report, body) = try Self.actedOnReport()
        let owner = AccountID()
        let earlier = try SQLiteDatabase(path: path, migrations: ServerSchema.migrations.filter { $0.version <= 15 })
        try earlier.write { connection in
            let insert = try connection.statement("""
                INSERT INTO reports (owner, id, crash_id, status, revision, updated_at, body, change_seq) VALUES (\(owner.rawValue), \(report.id.rawValue), \(report.crashID.rawValue), 'draft', 1, \(report.updatedAt.timeIntervalSinceReferenceDate), \(body), 1)
                """)
            try insert.run()
        }
        earlier.checkpoint()

        let store = try SQLiteServerStore(path: path)
        Self.expectRecordOfActs(try await store.signingRecord(of: report.id, owner: owner), of: report)
    }

    @Test("PostgreSQL: the layout's step starts the signing record from the signatures and declines stored before")
    func postgresSigningRecordStartsFromStoredActs() async throws {
        let server = try PostgresProcess.shared()
        let location = try await server.createDatabase()
        let store = try await PostgresServerStore.open(location, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let running = RunningClient(store.client)
        defer { withExtendedLifetime(running) {} }
        let (report, body) = try Self.actedOnReport()
        let owner = AccountID()
        // A report as the earlier layout wrote it (no record), then the layout's step.
        _ = try await server.execute("""
            INSERT INTO reports (owner, id, crash_id, status, revision, updated_at, body, change_seq)
            VALUES (\(owner.rawValue), \(report.id.rawValue), \(report.crashID.rawValue), 'draft', 1,
                    \(report.updatedAt.timeIntervalSinceReferenceDate), \(body), 1)
            """, in: location)
        #expect(try await store.signingRecord(of: report.id, owner: owner).isEmpty)
        let step = try #require(PostgresSchema.migrations.first { $0.version == 17 }?.statements.first { $0.sql.contains("INSERT INTO signing_record") })
        _ = try await server.execute(step, in: location)
        Self.expectRecordOfActs(try await store.signingRecord(of: report.id, owner: owner), of: report)
    }

    /// A report as the version before parties stored it: its statement and signature, and no `parties`.
    static func reportBeforeParties() throws -> (report: CrashReport, body: String) {
        var report = CrashReport.stub(createdAt: referenceDate)
        try report.setStatement(try .full())
        try report.signStatement(.a, name: "Jane Doe", verification: .driversDevice(account: "ann"), at: referenceDate.addingTimeInterval(60))
        let (stored, written) = try StoredRecord.nextVersion(of: report, current: nil, holder: nil)
        // The version before wrote no list of parties.
        let body = written.replacingOccurrences(of: #","parties":[]"#, with: "").replacingOccurrences(of: #""parties":[],"#, with: "")
        #expect(!body.contains("\"parties\"") && written.contains("\"parties\""))
        return (stored, body)
    }

    /// What any engine gives back for ``reportBeforeParties()``, and that it then keeps the parties a new version adds.
    static func expectPartiesAfterUpgrade(_ store: any ServerReportStore, report: CrashReport, owner: AccountID) async throws {
        let loaded = try #require(try await store.report(report.id, owner: owner))
        #expect(loaded.parties.isAlone)
        #expect(loaded.statement == report.statement && loaded.statementVersion == report.statementVersion)
        var next = loaded
        let sample = try CrashParties.sample()
        try next.changeParties { parties throws(PartyError) in parties = sample }
        _ = try await store.save(next, owner: owner)
        let again = try #require(try await store.report(report.id, owner: owner))
        #expect(again.parties == sample && again.statement == report.statement)
        #expect(again.statement.signatures == report.statement.signatures)
    }

    @Test("SQLite: a report stored before parties reads back whole with none, and keeps those a new version adds")
    func sqliteReportsGainParties() async throws {
        let directory = TemporaryDirectory("server-upgrade")
        let path = directory.file("server.sqlite3")
        let (report, body) = try Self.reportBeforeParties()
        let first = try SQLiteServerStore(path: path)
        let owner = try await first.addAccount(name: "ann", kind: .user, tokenDigest: TokenDigest(token: "ann"), phone: nil, at: referenceDate).id
        first.close()
        let earlier = try SQLiteDatabase(path: path, migrations: ServerSchema.migrations)
        try earlier.write { connection in
            try connection.statement("""
                INSERT INTO reports (owner, id, crash_id, status, revision, updated_at, body, change_seq) VALUES (\(owner.rawValue), \(report.id.rawValue), \(report.crashID.rawValue), 'draft', 1, \(report.updatedAt.timeIntervalSinceReferenceDate), \(body), 1)
                """).run()
        }
        earlier.checkpoint()
        let store = try SQLiteServerStore(path: path)
        try await Self.expectPartiesAfterUpgrade(store, report: report, owner: owner)
    }

    @Test("PostgreSQL: a report stored before parties reads back whole with none, and keeps those a new version adds")
    func postgresReportsGainParties() async throws {
        let server = try PostgresProcess.shared()
        let location = try await server.createDatabase()
        let store = try await PostgresServerStore.open(location, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let running = RunningClient(store.client)
        defer { withExtendedLifetime(running) {} }
        let (report, body) = try Self.reportBeforeParties()
        let owner = try await store.addAccount(name: "ann", kind: .user, tokenDigest: TokenDigest(token: "ann"), phone: nil, at: referenceDate).id
        _ = try await server.execute("""
            INSERT INTO reports (owner, id, crash_id, status, revision, updated_at, body, change_seq)
            VALUES (\(owner.rawValue), \(report.id.rawValue), \(report.crashID.rawValue), 'draft', 1,
                    \(report.updatedAt.timeIntervalSinceReferenceDate), \(body), 1)
            """, in: location)
        try await Self.expectPartiesAfterUpgrade(store, report: report, owner: owner)
    }

    @Test("SQLite: a link an earlier layout kept reaches B's statement once opened, and its codes count for B's statement")
    func sqliteLinksBeforeStatementsPerPairAreB() async throws {
        let directory = TemporaryDirectory("server-upgrade")
        let path = directory.file("server.sqlite3")
        let owner = AccountID()
        let report = ReportID()
        let digest = TokenDigest(token: "a-link-made-before")
        // The layout before links named their statement: a link and a code sent through it within the hour.
        let earlier = try SQLiteDatabase(path: path, migrations: ServerSchema.migrations.filter { $0.version <= 17 })
        try earlier.write { connection in
            try connection.statement("""
                INSERT INTO accounts (id, name, kind, token_digest, created_at, phone) VALUES (\(owner.rawValue), 'ann', 'user',
                    \(TokenDigest(token: "ann").hex), \(referenceDate.timeIntervalSinceReferenceDate), NULL)
                """).run()
            try connection.statement("""
                INSERT INTO statement_links (digest, report, owner, created_at, expires_at, used_at) VALUES (\(digest.hex), \(report.rawValue),
                    \(owner.rawValue), \(referenceDate.timeIntervalSinceReferenceDate), \(referenceDate.addingTimeInterval(86_400).timeIntervalSinceReferenceDate), NULL)
                """).run()
            for index in 0..<5 {
                try connection.statement("""
                    INSERT INTO statement_code_sends (recipient, report, owner, sent_at) VALUES (\("recipient-\(index)"), \(report.rawValue),
                        \(owner.rawValue), \(referenceDate.addingTimeInterval(Double(index)).timeIntervalSinceReferenceDate))
                    """).run()
            }
        }
        earlier.checkpoint()
        let store = try SQLiteServerStore(path: path)
        let link = try #require(try await store.statementLink(digest))
        #expect(link.pair == .b && link.report == report && link.owner == owner)
        try await Self.expectSixthCodeRefused(store, link: digest, owner: owner)
    }

    @Test("SQLite: the crash events an earlier layout kept stay, once opened, and one whose detector could not know the airbags is recorded")
    func sqliteCrashEventsMayNotKnow() async throws {
        let directory = TemporaryDirectory("server-upgrade")
        let path = directory.file("server.sqlite3")
        let owner = AccountID(), detector = AccountID()
        let report = ReportID()
        let earlier = try SQLiteDatabase(path: path, migrations: ServerSchema.migrations.filter { $0.version <= 18 })
        try earlier.write { connection in
            for (id, name, kind) in [(owner, "ann", "user"), (detector, "detector-1", "detector")] {
                try connection.statement("""
                    INSERT INTO accounts (id, name, kind, token_digest, created_at, phone) VALUES (\(id.rawValue), \(name), \(kind),
                        \(TokenDigest(token: name).hex), \(referenceDate.timeIntervalSinceReferenceDate), NULL)
                    """).run()
            }
            try connection.statement("INSERT INTO crash_ids (crash_id, owner, issued_at) VALUES ('SRV-EVENT-1', \(owner.rawValue), 0)").run()
            try connection.statement("""
                INSERT INTO crash_events (detector, event_id, crash_id, report_id, owner, received_at, detected_at, latitude, longitude,
                                          accuracy_meters, position_trusted, heading_degrees, speed_kmh, delta_v_kmh, airbags_deployed,
                                          rollover, is_test, event_digest)
                VALUES (\(detector.rawValue), 'event-1', 'SRV-EVENT-1', \(report.rawValue), \(owner.rawValue), 0, 0, 47.5, 19.04, NULL, 1,
                        NULL, 48, NULL, 1, 0, 0, 'digest-of-event-1')
                """).run()
        }
        earlier.checkpoint()
        let store = try SQLiteServerStore(path: path)
        let kept = try #require(try await store.receipt(eventID: "event-1", detector: detector))
        #expect(kept.reportID == report && kept.owner == owner && kept.eventDigest == "digest-of-event-1")
        let crash = try ServerStoreConformanceTests.crash("event-2", known: false)
        let draft = CrashReport(crashID: .stub("SRV-EVENT-2"), createdAt: referenceDate, detection: crash.detection)
        let (_, isNew) = try await store.recordCrash(crash, detector: detector, owner: owner, report: draft, sms: nil, at: referenceDate)
        #expect(isNew)
        #expect(try await store.receipt(eventID: "event-2", detector: detector)?.reportID == draft.id)
    }

    @Test("PostgreSQL: the layout's step makes a link and codes kept before it B's: the link reaches B's statement and the codes count for it")
    func postgresLinksWithoutStatementAreB() async throws {
        let server = try PostgresProcess.shared()
        let location = try await server.createDatabase()
        let store = try await PostgresServerStore.open(location, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        let running = RunningClient(store.client)
        defer { withExtendedLifetime(running) {} }
        let owner = try await store.addAccount(name: "ann", kind: .user, tokenDigest: TokenDigest(token: "ann"), phone: nil, at: referenceDate).id
        let report = ReportID()
        let digest = TokenDigest(token: "a-link-made-before")
        // Back to the layout before the step: no statement column, codes indexed by report and time.
        for undo: PostgresQuery in [
            "DROP INDEX statement_links_by_statement", "ALTER TABLE statement_links DROP COLUMN statement",
            "DROP INDEX statement_code_sends_by_statement", "ALTER TABLE statement_code_sends DROP COLUMN statement",
            "CREATE INDEX statement_code_sends_by_report ON statement_code_sends (report, sent_at)",
        ] {
            _ = try await server.execute(undo, in: location)
        }
        // What that layout wrote: a link, and five codes sent through it within the hour.
        _ = try await server.execute("""
            INSERT INTO statement_links (digest, report, owner, created_at, expires_at, used_at)
            VALUES (\(digest.hex), \(report.rawValue), \(owner.rawValue), \(referenceDate.timeIntervalSinceReferenceDate),
                    \(referenceDate.addingTimeInterval(86_400).timeIntervalSinceReferenceDate), NULL)
            """, in: location)
        for index in 0..<5 {
            _ = try await server.execute("""
                INSERT INTO statement_code_sends (recipient, report, owner, sent_at)
                VALUES (\("recipient-\(index)"), \(report.rawValue), \(owner.rawValue), \(referenceDate.addingTimeInterval(Double(index)).timeIntervalSinceReferenceDate))
                """, in: location)
        }
        // The step itself.
        for step in try #require(PostgresSchema.migrations.first { $0.version == 19 }).statements {
            _ = try await server.execute(step, in: location)
        }
        let link = try #require(try await store.statementLink(digest))
        #expect(link.pair == .b && link.report == report && link.owner == owner)
        try await Self.expectSixthCodeRefused(store, link: digest, owner: owner)
    }

    /// The five codes sent through `link` before the upgrade count for B's statement: a sixth within the hour is refused.
    static func expectSixthCodeRefused(_ store: some StatementLinkStore, link: TokenDigest, owner: AccountID) async throws {
        let at = referenceDate.addingTimeInterval(60)
        let sms = SMSMessage.queued(crashID: try CrashID(validating: "CR-23456789"), owner: owner, recipient: try PhoneNumber(parsing: "+4915199999999"), text: "code", at: at)
        let issue = try await store.issueStatementCode(
            link, code: StatementCode(digest: TokenDigest(token: "code"), expiresAt: at.addingTimeInterval(600), tries: 0, binding: TokenDigest(token: "v")),
            sms: sms, ceilings: StatementSharing.codeCeilings, at: at
        )
        #expect(issue == .tooMany(nextAt: referenceDate.addingTimeInterval(3_600), ceiling: .statement, limit: 5))
    }
}
