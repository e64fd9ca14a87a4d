import Domain
import Foundation
import PostgresNIO
import ServerCore
import WireAPI

extension PostgresServerStore: ServerReportStore {
    package func reports(owner: AccountID, after position: ReportPosition?, limit: Int) async throws -> [CrashReport] {
        let decoder = WireCoding.decoder()
        var reports: [CrashReport] = []
        let query: PostgresQuery = if let position {
            """
            SELECT id, body FROM reports
            WHERE owner = \(owner.rawValue) AND (updated_at, id) < (\(position.updatedAt.timeIntervalSinceReferenceDate), \(position.id.rawValue))
            ORDER BY updated_at DESC, id DESC LIMIT \(Int64(clamping: limit))
            """
        } else {
            "SELECT id, body FROM reports WHERE owner = \(owner.rawValue) ORDER BY updated_at DESC, id DESC LIMIT \(Int64(clamping: limit))"
        }
        try await client.rows(query) { row in
            reports.append(try Self.report(from: row, decoder: decoder))
        }
        return reports
    }

    package func report(carrying crashID: CrashID, owner: AccountID) async throws -> CrashReport? {
        let decoder = WireCoding.decoder()
        var found: CrashReport?
        try await client.rows(
            "SELECT id, body FROM reports WHERE owner = \(owner.rawValue) AND crash_id = \(crashID.rawValue) LIMIT 1"
        ) { row in
            found = try Self.report(from: row, decoder: decoder)
        }
        return found
    }

    package func report(_ id: ReportID, owner: AccountID) async throws -> CrashReport? {
        try await client.withConnection { connection in
            try await Self.load(id, owner: owner, on: connection, locking: false)
        }
    }

    package func storedReport(_ id: ReportID, owner: AccountID) async throws -> StoredReport? {
        var found: StoredReport?
        try await client.rows("SELECT change_seq, body FROM reports WHERE owner = \(owner.rawValue) AND id = \(id.rawValue)") { row in
            let (sequence, body) = try row.decode((Int, String).self)
            found = StoredReport(sequence: sequence, body: body)
        }
        return found
    }

    package func changes(owner: AccountID, since: Int, limit: Int) async throws -> ReportChangePage {
        var changes: [ReportChange] = []
        // One statement, one snapshot: an owner's changes commit in number order (the counter row is locked by each),
        // so no number below one seen here can still be on its way.
        try await client.rows("""
            SELECT change_seq, id, body, reason FROM (
                SELECT change_seq, id, body, NULL::text AS reason FROM reports WHERE owner = \(owner.rawValue) AND change_seq > \(since)
                UNION ALL
                SELECT change_seq, id, NULL, reason FROM report_tombstones WHERE owner = \(owner.rawValue) AND change_seq > \(since)
            ) AS changed ORDER BY change_seq LIMIT \(Int64(clamping: limit))
            """) { row in
            let (sequence, id, body, reason) = try row.decode((Int, UUID, String?, String?).self)
            changes.append(ReportChange(sequence: sequence, id: ReportID(id), body: body, falseAlarm: reason == "false-alarm"))
        }
        var (forgotten, latest) = (0, 0)
        try await client.rows("SELECT forgotten_through, last_seq FROM report_change_counters WHERE owner = \(owner.rawValue)") { row in
            (forgotten, latest) = try row.decode((Int, Int).self)
        }
        return ReportChangePage(changes: changes, forgottenThrough: forgotten, latest: latest)
    }

    package func forgetDeletions(before date: Date, keeping: Int) async throws -> Int {
        try await writing { connection in
            let cutoff = date.timeIntervalSinceReferenceDate
            // Each owner's counter first records the newest of its deletions forgotten.
            let doomed: PostgresQuery = """
                SELECT owner, change_seq FROM (
                    SELECT owner, change_seq, deleted_at,
                           row_number() OVER (PARTITION BY owner ORDER BY change_seq DESC) AS newest
                    FROM report_tombstones
                ) AS numbered WHERE deleted_at < \(cutoff) OR newest > \(keeping)
                """
            var through: [UUID: Int] = [:]
            for try await row in try await connection.query(doomed, logger: Self.queryLogger) {
                let (owner, sequence) = try row.decode((UUID, Int).self)
                through[owner] = max(through[owner] ?? 0, sequence)
            }
            var forgotten = 0
            for (owner, sequence) in through {
                try await connection.query("""
                    UPDATE report_change_counters SET forgotten_through = greatest(forgotten_through, \(sequence))
                    WHERE owner = \(owner)
                    """, logger: Self.queryLogger)
                let deleted = try await connection.query("""
                    DELETE FROM report_tombstones WHERE owner = \(owner) AND change_seq <= \(sequence)
                      AND (deleted_at < \(cutoff) OR change_seq NOT IN (
                          SELECT change_seq FROM report_tombstones WHERE owner = \(owner) ORDER BY change_seq DESC LIMIT \(keeping)))
                    RETURNING 1
                    """, logger: Self.queryLogger)
                for try await _ in deleted { forgotten += 1 }
            }
            return forgotten
        }
    }

    package func save(
        _ report: CrashReport, owner: AccountID, queueing job: ServerJob?, within newReports: Allowance?, codeSMS: SMSMessageID?
    ) async throws -> CrashReport {
        try await writing { connection in
            try await Self.requireAccount(owner, on: connection)
            let stored = try await StoreSteps.store(
                report, owner: owner, within: newReports, codeSMS: codeSMS, in: PostgresStoreTransaction(connection: connection)
            )
            if let job { try await Self.insert(job, at: stored.updatedAt, on: connection) }
            return stored
        }
    }

    package func delete(_ id: ReportID, owner: AccountID) async throws -> CrashReport? {
        try await writing { connection in
            let current = try await Self.load(id, owner: owner, on: connection, locking: true)
            try WriteCheck.checkDeletion(of: current)
            // Its document record goes with it (ON DELETE CASCADE).
            guard current != nil else { return nil }
            try await Self.deleteReport(id, owner: owner, at: Date(), on: connection)
            return current
        }
    }

    /// Deletes the owner's report (locked by the caller) and leaves its tombstone, inside the caller's transaction.
    static func deleteReport(_ id: ReportID, owner: AccountID, at date: Date, reason: String? = nil, on connection: PostgresConnection) async throws {
        try await connection.query("DELETE FROM reports WHERE owner = \(owner.rawValue) AND id = \(id.rawValue)", logger: Self.queryLogger)
        let sequence = try await Self.nextChange(owner: owner, on: connection)
        try await connection.query("""
            INSERT INTO report_tombstones (owner, id, change_seq, deleted_at, reason)
            VALUES (\(owner.rawValue), \(id.rawValue), \(sequence), \(date.timeIntervalSinceReferenceDate), \(reason))
            ON CONFLICT (owner, id) DO UPDATE SET change_seq = excluded.change_seq, deleted_at = excluded.deleted_at, reason = excluded.reason
            """, logger: Self.queryLogger)
    }

    package func reportCount(owner: AccountID) async throws -> Int {
        var count = 0
        try await client.rows("SELECT count(*) FROM reports WHERE owner = \(owner.rawValue)") { row in count = try row.decode(Int.self) }
        return count
    }

    package func namesPhoto(_ contentHash: ContentHash, owner: AccountID) async throws -> Bool {
        var found = false
        // A photo's SHA-256 appears in a report's JSON only as the photo's own hash.
        try await client.rows(
            "SELECT 1 FROM reports WHERE owner = \(owner.rawValue) AND strpos(body, \(contentHash.hex)) > 0 LIMIT 1"
        ) { _ in found = true }
        return found
    }

    package func isDocumentRecorded(_ hash: ContentHash) async throws -> Bool {
        var found = false
        try await client.rows("""
            SELECT 1 WHERE EXISTS (SELECT 1 FROM report_documents WHERE sha256 = \(hash.hex))
                OR EXISTS (SELECT 1 FROM document_versions WHERE sha256 = \(hash.hex))
                OR EXISTS (SELECT 1 FROM statement_copies WHERE sha256 = \(hash.hex))
            """) { _ in found = true }
        return found
    }

    package func document(for id: ReportID, owner: AccountID) async throws -> ContentHash? {
        var found: ContentHash?
        try await client.rows(
            "SELECT sha256 FROM report_documents WHERE owner = \(owner.rawValue) AND report_id = \(id.rawValue)"
        ) { row in
            found = try StoredRecord.contentHash(try row.decode(String.self), table: "report_documents")
        }
        return found
    }

    /// Records the document with the revision of the report it was rendered from (the one stored now).
    /// - Throws: ``ServerStoreError/reportNotFound(_:)`` when the owner has no such report.
    package func setDocument(
        _ hash: ContentHash, for id: ReportID, owner: AccountID, queueingIfFirst job: ServerJob?, at date: Date
    ) async throws -> ContentHash? {
        try await writing { connection in
            try await StoreSteps.recordDocument(
                hash, for: id, owner: owner, reason: .redrawn, queueingIfFirst: job, at: date, in: PostgresStoreTransaction(connection: connection)
            )
        }
    }

    package func documentVersions(of id: ReportID, owner: AccountID) async throws -> [DocumentVersion] {
        var versions: [DocumentVersion] = []
        try await client.rows("""
            SELECT number, sha256, revision, created_at, reason FROM document_versions
            WHERE owner = \(owner.rawValue) AND report_id = \(id.rawValue) ORDER BY number
            """) { row in
            let (number, sha256, revision, createdAt, reasonText) = try row.decode((Int, String, Int, Double, String).self)
            guard let reason = DocumentVersion.Reason(rawValue: reasonText) else {
                throw ServerStoreError.damagedRecord(table: "document_versions", reason: "reason “\(reasonText.prefix(40))”")
            }
            versions.append(DocumentVersion(
                number: number, sha256: try StoredRecord.contentHash(sha256, table: "document_versions"), revision: revision,
                createdAt: Date(timeIntervalSinceReferenceDate: createdAt), reason: reason
            ))
        }
        return versions
    }

    package func completedReportsWithoutDocument(naming contentHash: ContentHash, owner: AccountID) async throws -> [ReportID] {
        var found: [ReportID] = []
        // A photo's SHA-256 appears in a report's JSON only as the photo's own hash.
        try await client.rows("""
            SELECT id FROM reports r
            WHERE owner = \(owner.rawValue) AND status = 'completed' AND strpos(body, \(contentHash.hex)) > 0
              AND NOT EXISTS (SELECT 1 FROM report_documents d WHERE d.owner = r.owner AND d.report_id = r.id)
            """) { row in found.append(ReportID(try row.decode(UUID.self))) }
        return found
    }

    // MARK: - In a transaction

    package func signingRecord(of id: ReportID, owner: AccountID) async throws -> [SigningEntry] {
        var entries: [SigningEntry] = []
        try await client.rows("""
            SELECT r.number, r.side, r.act, r.means, r.name, r.reason, r.account, r.phone, r.version, r.acted_at, r.recorded_at,
                r.code_sms, m.state, m.detail, m.updated_at, r.statement
            FROM signing_record r LEFT JOIN sms_messages m ON m.id = r.code_sms
            WHERE r.owner = \(owner.rawValue) AND r.report_id = \(id.rawValue) ORDER BY r.number
            """) { row in
            let (number, side, act, means, name, reason, account, phone, version, actedAt, recordedAt, codeSMS, state, detail, updatedAt, statement) =
                try row.decode((Int, String, String, String, String?, String?, String?, String?, String, Double, Double, UUID?, String?, String?, Double?, String).self)
            entries.append(try StoredRecord.signingEntry(
                number: number, statement: statement, side: side, act: act, means: means, name: name, reason: reason, account: account, phone: phone,
                version: version, actedAt: actedAt, recordedAt: recordedAt, codeSMS: codeSMS, smsState: state, smsDetail: detail,
                smsUpdatedAt: updatedAt
            ))
        }
        return entries
    }

    /// Takes the owner's next change number inside the caller's transaction, locking the owner's counter until it
    /// ends: the owner's changes commit in the order of their numbers.
    static func nextChange(owner: AccountID, on connection: PostgresConnection) async throws -> Int {
        let rows = try await connection.query("""
            INSERT INTO report_change_counters (owner, last_seq) VALUES (\(owner.rawValue), 1)
            ON CONFLICT (owner) DO UPDATE SET last_seq = report_change_counters.last_seq + 1
            RETURNING last_seq
            """, logger: queryLogger)
        for try await row in rows { return try row.decode(Int.self) }
        throw ServerStoreError.damagedRecord(table: "report_change_counters", reason: "no number was taken")
    }

    /// The owner's stored report, locked until the caller's transaction ends when `locking`.
    static func load(
        _ id: ReportID, owner: AccountID, on connection: PostgresConnection, locking: Bool
    ) async throws -> CrashReport? {
        let query: PostgresQuery = locking
            ? "SELECT id, body FROM reports WHERE owner = \(owner.rawValue) AND id = \(id.rawValue) FOR UPDATE"
            : "SELECT id, body FROM reports WHERE owner = \(owner.rawValue) AND id = \(id.rawValue)"
        let decoder = WireCoding.decoder()
        var found: CrashReport?
        for try await row in try await connection.query(query, logger: queryLogger) {
            found = try report(from: row, decoder: decoder)
        }
        return found
    }

    // MARK: - Rows

    /// The report in a row of `id, body`.
    static func report(from row: PostgresRow, decoder: JSONDecoder) throws -> CrashReport {
        let (id, body) = try row.decode((UUID, String).self)
        return try StoredRecord.report(body: body, id: ReportID(id), decoder: decoder)
    }
}
