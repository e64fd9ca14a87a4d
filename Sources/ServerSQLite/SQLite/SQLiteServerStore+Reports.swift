import Domain
import Foundation
import ServerCore
import Storage
import WireAPI

extension SQLiteServerStore: ServerReportStore {
    package func reports(owner: AccountID, after position: ReportPosition?, limit: Int) async throws -> [CrashReport] {
        try await reading { connection in
            let after = position?.updatedAt.timeIntervalSinceReferenceDate
            let query = try connection.statement("""
                SELECT id, body FROM reports WHERE owner = \(owner.rawValue) AND (\(after) IS NULL OR (updated_at, id) < (\(after),
                    \(position?.id.rawValue)))
                ORDER BY updated_at DESC, id DESC LIMIT \(limit)
                """)
            defer { query.reset() }
            let decoder = WireCoding.decoder()
            var reports: [CrashReport] = []
            while try query.step() {
                reports.append(try Self.report(from: query, decoder: decoder))
            }
            return reports
        }
    }

    package func report(_ id: ReportID, owner: AccountID) async throws -> CrashReport? {
        try await reading { connection in
            try Self.load(id, owner: owner, from: connection)
        }
    }

    package func report(carrying crashID: CrashID, owner: AccountID) async throws -> CrashReport? {
        try await reading { connection in
            let query = try connection.statement(
                "SELECT id, body FROM reports WHERE owner = \(owner.rawValue) AND crash_id = \(crashID.rawValue) LIMIT 1"
            )
            defer { query.reset() }
            return try query.step() ? try Self.report(from: query, decoder: WireCoding.decoder()) : nil
        }
    }

    package func storedReport(_ id: ReportID, owner: AccountID) async throws -> StoredReport? {
        try readingAside { connection in
            let query = try connection.statement("SELECT change_seq, body FROM reports WHERE owner = \(owner.rawValue) AND id = \(id.rawValue)")
            defer { query.reset() }
            return try query.step() ? StoredReport(sequence: query.int(0), body: query.string(1)) : nil
        }
    }

    package func changes(owner: AccountID, since: Int, limit: Int) async throws -> ReportChangePage {
        try readingAside { connection in
            let query = try connection.statement("""
                SELECT change_seq, id, body, reason FROM (
                    SELECT change_seq, id, body, NULL AS reason FROM reports WHERE owner = \(owner.rawValue) AND change_seq > \(since)
                    UNION ALL
                    SELECT change_seq, id, NULL, reason FROM report_tombstones WHERE owner = \(owner.rawValue) AND change_seq > \(since)
                ) ORDER BY change_seq LIMIT \(limit)
                """)
            var changes: [ReportChange] = []
            while try query.step() {
                let id = ReportID(try Self.uuid(query, 1, table: "reports", name: "id"))
                changes.append(ReportChange(
                    sequence: query.int(0), id: id, body: query.isNull(2) ? nil : query.string(2), falseAlarm: query.optionalString(3) == "false-alarm"
                ))
            }
            query.reset()
            let counter = try connection.statement("SELECT forgotten_through, last_seq FROM report_change_counters WHERE owner = \(owner.rawValue)")
            defer { counter.reset() }
            guard try counter.step() else { return ReportChangePage(changes: changes, forgottenThrough: 0, latest: 0) }
            return ReportChangePage(changes: changes, forgottenThrough: counter.int(0), latest: counter.int(1))
        }
    }

    package func forgetDeletions(before date: Date, keeping: Int) async throws -> Int {
        try await writing { connection in
            // What goes: deletions older than `date`, and those beyond the owner's newest `keeping`. Each owner's
            // counter first records the newest of its deletions forgotten.
            let mark = try connection.statement("""
                UPDATE report_change_counters SET forgotten_through = max(forgotten_through, forgotten.through)
                FROM (
                    SELECT owner, max(change_seq) AS through FROM (
                        SELECT owner, change_seq, deleted_at,
                               row_number() OVER (PARTITION BY owner ORDER BY change_seq DESC) AS newest
                        FROM report_tombstones
                    ) WHERE deleted_at < \(date.timeIntervalSinceReferenceDate) OR newest > \(keeping) GROUP BY owner
                ) AS forgotten
                WHERE report_change_counters.owner = forgotten.owner
                """)
            try mark.run()
            let delete = try connection.statement("""
                DELETE FROM report_tombstones WHERE (owner, change_seq) IN (
                    SELECT owner, change_seq FROM (
                        SELECT owner, change_seq, deleted_at,
                               row_number() OVER (PARTITION BY owner ORDER BY change_seq DESC) AS newest
                        FROM report_tombstones
                    ) WHERE deleted_at < \(date.timeIntervalSinceReferenceDate) OR newest > \(keeping)
                )
                """)
            try delete.run()
            return connection.changes
        }
    }

    package func save(
        _ report: CrashReport, owner: AccountID, queueing job: ServerJob?, within newReports: Allowance?, codeSMS: SMSMessageID?
    ) async throws -> CrashReport {
        try await writing { connection in
            try Self.requireAccount(owner, in: connection)
            let stored = try Self.run(in: connection) { transaction in
                try await StoreSteps.store(report, owner: owner, within: newReports, codeSMS: codeSMS, in: transaction)
            }
            if let job { try Self.insert(job, at: stored.updatedAt, in: connection) }
            return stored
        }
    }

    package func delete(_ id: ReportID, owner: AccountID) async throws -> CrashReport? {
        try await writing { connection in
            let current = try Self.load(id, owner: owner, from: connection)
            try WriteCheck.checkDeletion(of: current)
            try Self.deleteReport(id, owner: owner, at: Date(), in: connection)
            return current
        }
    }

    /// Deletes the owner's report and leaves its tombstone, with why when the server removed it itself, inside the
    /// caller's write transaction.
    static func deleteReport(_ id: ReportID, owner: AccountID, at date: Date, reason: String? = nil, in connection: SQLiteConnection) throws {
        // Its document record goes with it (ON DELETE CASCADE).
        let delete = try connection.statement("DELETE FROM reports WHERE owner = \(owner.rawValue) AND id = \(id.rawValue)")
        try delete.run()
        guard connection.changes > 0 else { return }
        let change = try SQLiteStoreTransaction(connection: connection).nextChange(owner: owner)
        let tombstone = try connection.statement("""
            INSERT INTO report_tombstones (owner, id, change_seq, deleted_at, reason) VALUES (\(owner.rawValue), \(id.rawValue),
                \(change), \(date.timeIntervalSinceReferenceDate), \(reason))
            ON CONFLICT (owner, id) DO UPDATE SET change_seq = excluded.change_seq, deleted_at = excluded.deleted_at, reason = excluded.reason
            """)
        try tombstone.run()
    }

    package func reportCount(owner: AccountID) async throws -> Int {
        try await reading { connection in try Self.reportCount(owner: owner, in: connection) }
    }

    static func reportCount(owner: AccountID, in connection: SQLiteConnection) throws -> Int {
        let query = try connection.statement("SELECT count(*) FROM reports WHERE owner = \(owner.rawValue)")
        defer { query.reset() }
        return try query.step() ? query.int(0) : 0
    }

    package func namesPhoto(_ contentHash: ContentHash, owner: AccountID) async throws -> Bool {
        try await reading { connection in
            // A photo's SHA-256 appears in a report's JSON only as the photo's own hash.
            let query = try connection.statement("""
                SELECT EXISTS (SELECT 1 FROM reports WHERE owner = \(owner.rawValue) AND instr(body, \(contentHash.hex)) > 0)
                """)
            defer { query.reset() }
            return try query.step() && query.int(0) != 0
        }
    }

    package func isDocumentRecorded(_ hash: ContentHash) async throws -> Bool {
        try await reading { connection in
            let query = try connection.statement("""
                SELECT EXISTS (SELECT 1 FROM report_documents WHERE sha256 = \(hash.hex)) OR EXISTS (SELECT 1 FROM document_versions
                    WHERE sha256 = \(hash.hex))
                    OR EXISTS (SELECT 1 FROM statement_copies WHERE sha256 = \(hash.hex))
                """)
            defer { query.reset() }
            return try query.step() && query.int(0) != 0
        }
    }

    package func document(for id: ReportID, owner: AccountID) async throws -> ContentHash? {
        try await reading { connection in
            let query = try connection.statement(
                "SELECT sha256 FROM report_documents WHERE owner = \(owner.rawValue) AND report_id = \(id.rawValue)"
            )
            defer { query.reset() }
            return try query.step() ? try Self.contentHash(query, 0, table: "report_documents") : nil
        }
    }

    /// Records the document with the revision of the report it was rendered from (the one stored now).
    /// - Throws: ``ServerStoreError/reportNotFound(_:)`` when the owner has no such report.
    package func setDocument(
        _ hash: ContentHash, for id: ReportID, owner: AccountID, queueingIfFirst job: ServerJob?, at date: Date
    ) async throws -> ContentHash? {
        try await writing { connection in
            try Self.run(in: connection) { transaction in
                try await StoreSteps.recordDocument(hash, for: id, owner: owner, reason: .redrawn, queueingIfFirst: job, at: date, in: transaction)
            }
        }
    }

    package func documentVersions(of id: ReportID, owner: AccountID) async throws -> [DocumentVersion] {
        try await reading { connection in
            let query = try connection.statement("""
                SELECT number, sha256, revision, created_at, reason FROM document_versions WHERE owner = \(owner.rawValue)
                    AND report_id = \(id.rawValue) ORDER BY number
                """)
            defer { query.reset() }
            var versions: [DocumentVersion] = []
            while try query.step() {
                guard let reason = DocumentVersion.Reason(rawValue: query.string(4)) else {
                    throw ServerStoreError.damagedRecord(table: "document_versions", reason: "reason “\(query.string(4).prefix(40))”")
                }
                versions.append(DocumentVersion(
                    number: query.int(0), sha256: try Self.contentHash(query, 1, table: "document_versions"), revision: query.int(2),
                    createdAt: Date(timeIntervalSinceReferenceDate: query.double(3)), reason: reason
                ))
            }
            return versions
        }
    }

    package func completedReportsWithoutDocument(naming contentHash: ContentHash, owner: AccountID) async throws -> [ReportID] {
        try await reading { connection in
            // A photo's SHA-256 appears in a report's JSON only as the photo's own hash.
            let query = try connection.statement("""
                SELECT id FROM reports r
                WHERE owner = \(owner.rawValue) AND status = 'completed' AND instr(body, \(contentHash.hex)) > 0
                  AND NOT EXISTS (SELECT 1 FROM report_documents d WHERE d.owner = r.owner AND d.report_id = r.id)
                """)
            defer { query.reset() }
            var found: [ReportID] = []
            while try query.step() { found.append(ReportID(try Self.uuid(query, 0, table: "reports", name: "id"))) }
            return found
        }
    }

    // MARK: - In a transaction

    package func signingRecord(of id: ReportID, owner: AccountID) async throws -> [SigningEntry] {
        try await reading { connection in
            let query = try connection.statement("""
                SELECT r.number, r.side, r.act, r.means, r.name, r.reason, r.account, r.phone, r.version, r.acted_at, r.recorded_at,
                    r.code_sms, m.state, m.detail, m.updated_at, r.statement
                FROM signing_record r LEFT JOIN sms_messages m ON m.id = r.code_sms
                WHERE r.owner = \(owner.rawValue) AND r.report_id = \(id.rawValue) ORDER BY r.number
                """)
            defer { query.reset() }
            var entries: [SigningEntry] = []
            while try query.step() {
                entries.append(try StoredRecord.signingEntry(
                    number: query.int(0), statement: query.string(15), side: query.string(1), act: query.string(2), means: query.string(3),
                    name: query.optionalString(4), reason: query.optionalString(5), account: query.optionalString(6),
                    phone: query.optionalString(7), version: query.string(8), actedAt: query.double(9), recordedAt: query.double(10),
                    codeSMS: query.uuid(11), smsState: query.optionalString(12), smsDetail: query.optionalString(13),
                    smsUpdatedAt: query.optionalDouble(14)
                ))
            }
            return entries
        }
    }

    /// The owner's stored report, read inside the caller's transaction.
    static func load(_ id: ReportID, owner: AccountID, from connection: SQLiteConnection) throws -> CrashReport? {
        let query = try connection.statement("SELECT id, body FROM reports WHERE owner = \(owner.rawValue) AND id = \(id.rawValue)")
        defer { query.reset() }
        return try query.step() ? try report(from: query, decoder: WireCoding.decoder()) : nil
    }

    // MARK: - Rows

    /// The report in a row of `id, body`.
    static func report(from row: SQLiteStatement, decoder: JSONDecoder) throws(ServerStoreError) -> CrashReport {
        let id = ReportID(try uuid(row, 0, table: "reports", name: "id"))
        return try StoredRecord.report(body: row.string(1), id: id, decoder: decoder)
    }
}
