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
            SELECT change_seq, id, body FROM (
                SELECT change_seq, id, body FROM reports WHERE owner = \(owner.rawValue) AND change_seq > \(since)
                UNION ALL
                SELECT change_seq, id, NULL FROM report_tombstones WHERE owner = \(owner.rawValue) AND change_seq > \(since)
            ) AS changed ORDER BY change_seq LIMIT \(Int64(clamping: limit))
            """) { row in
            let (sequence, id, body) = try row.decode((Int, UUID, String?).self)
            changes.append(ReportChange(sequence: sequence, id: ReportID(id), body: body))
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
            let stored = try await Self.store(report, owner: owner, within: newReports, codeSMS: codeSMS, on: connection)
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
            try await connection.query("DELETE FROM reports WHERE owner = \(owner.rawValue) AND id = \(id.rawValue)", logger: Self.queryLogger)
            let sequence = try await Self.nextChange(owner: owner, on: connection)
            try await connection.query("""
                INSERT INTO report_tombstones (owner, id, change_seq, deleted_at)
                VALUES (\(owner.rawValue), \(id.rawValue), \(sequence), \(Date().timeIntervalSinceReferenceDate))
                ON CONFLICT (owner, id) DO UPDATE SET change_seq = excluded.change_seq, deleted_at = excluded.deleted_at
                """, logger: Self.queryLogger)
            return current
        }
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
            try await Self.recordDocument(hash, for: id, owner: owner, reason: .redrawn, queueingIfFirst: job, at: date, on: connection)
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

    /// Records the PDF as the owner's report's newest version, at its current revision, inside the caller's
    /// transaction (the earlier versions stay): the first is `submitted`, a later one `reason`. Queues `job` with the
    /// first, and the job announcing a later one to the claims system with it. Versions of one report are numbered one
    /// at a time (a transaction-scoped advisory lock on the report), so two at once get the next two numbers.
    /// - Returns: the PDF the report had before (not when it is the same, which records nothing new).
    static func recordDocument(
        _ hash: ContentHash, for id: ReportID, owner: AccountID, reason: DocumentVersion.Reason, queueingIfFirst job: ServerJob? = nil,
        at date: Date = Date(), on connection: PostgresConnection
    ) async throws -> ContentHash? {
        try await connection.query("SELECT pg_advisory_xact_lock(\(Self.documentVersionsLockClass), hashtext(\(id.rawValue.uuidString)))", logger: Self.queryLogger)
        var replaced: ContentHash?
        let earlier = try await connection.query(
            "SELECT sha256 FROM report_documents WHERE owner = \(owner.rawValue) AND report_id = \(id.rawValue) FOR UPDATE",
            logger: Self.queryLogger
        )
        for try await row in earlier { replaced = try StoredRecord.contentHash(try row.decode(String.self), table: "report_documents") }
        if replaced == hash { return nil }
        var recorded = false
        let upsert = try await connection.query("""
            INSERT INTO report_documents (owner, report_id, sha256, revision)
            SELECT owner, id, \(hash.hex), revision FROM reports WHERE owner = \(owner.rawValue) AND id = \(id.rawValue)
            ON CONFLICT (owner, report_id) DO UPDATE SET sha256 = excluded.sha256, revision = excluded.revision
            RETURNING report_id
            """, logger: Self.queryLogger)
        for try await _ in upsert { recorded = true }
        if !recorded { throw ServerStoreError.reportNotFound(id) }
        var number = 1
        let version = try await connection.query("""
            INSERT INTO document_versions (owner, report_id, number, sha256, revision, created_at, reason)
            SELECT owner, id, coalesce((SELECT max(number) FROM document_versions WHERE owner = \(owner.rawValue) AND report_id = \(id.rawValue)), 0) + 1,
                   \(hash.hex), revision, \(date.timeIntervalSinceReferenceDate),
                   CASE WHEN EXISTS (SELECT 1 FROM document_versions WHERE owner = \(owner.rawValue) AND report_id = \(id.rawValue))
                        THEN \(reason.rawValue) ELSE 'submitted' END
            FROM reports WHERE owner = \(owner.rawValue) AND id = \(id.rawValue)
            RETURNING number
            """, logger: Self.queryLogger)
        for try await row in version { number = try row.decode(Int.self) }
        if number == 1 {
            if let job { try await insert(job, at: date, on: connection) }
        } else if job != nil {
            // The claims system is told (a job is given): of this version too.
            try await insert(ServerJob.announceDocumentVersion(owner: owner, report: id, number: number), at: date, on: connection)
        }
        return replaced
    }

    /// The advisory-lock class under which one report's document versions are numbered.
    private static let documentVersionsLockClass: Int32 = 7_303

    // MARK: - In a transaction

    /// Saves `report` for `owner` inside the caller's transaction: reads the owner's stored version locked
    /// (`FOR UPDATE`, so a save at the same time waits and then sees this one's), checks it and the owner's report
    /// holding its crash ID, and writes the next one as its wire JSON (``StoredRecord/nextVersion(of:current:holder:)``).
    /// A new report is claimed by its insert: when another save created it first, this one is refused with that one's
    /// version. Saves bringing one crash ID to one owner take turns (a transaction-scoped advisory lock on the pair), so
    /// two cannot both find it free.
    /// - Returns: the stored version, as a later read gives it back.
    /// - Throws: what ``WriteCheck`` refuses, writing nothing.
    package static func store(
        _ report: CrashReport, owner: AccountID, within newReports: Allowance? = nil, codeSMS: SMSMessageID? = nil,
        on connection: PostgresConnection
    ) async throws -> CrashReport {
        let current = try await load(report.id, owner: owner, on: connection, locking: true)
        if current == nil, let newReports {
            // A new report takes a place of the owner's quota: their row locked, their new reports are counted one
            // at a time.
            try await requireAccount(owner, on: connection, forQuota: true)
            var held = 0
            for try await count in try await connection.query(
                "SELECT count(*) FROM reports WHERE owner = \(owner.rawValue)", logger: queryLogger
            ).decode(Int.self) { held = count }
            try newReports.check(held: held)
        }
        var holder: CrashReport?
        if current?.crashID != report.crashID {
            let pair = "\(owner.rawValue.uuidString):\(report.crashID.rawValue)"
            try await connection.query("SELECT pg_advisory_xact_lock(hashtextextended(\(pair), 0))", logger: queryLogger)
            let decoder = WireCoding.decoder()
            let rows = try await connection.query("""
                SELECT id, body FROM reports
                WHERE owner = \(owner.rawValue) AND crash_id = \(report.crashID.rawValue) AND id <> \(report.id.rawValue)
                LIMIT 1
                """, logger: queryLogger)
            for try await row in rows { holder = try Self.report(from: row, decoder: decoder) }
        }
        let (stored, body) = try StoredRecord.nextVersion(of: report, current: current, holder: holder)
        let sequence = try await nextChange(owner: owner, on: connection)
        guard current != nil else {
            let insert = try await connection.query("""
                INSERT INTO reports (owner, id, crash_id, status, revision, updated_at, body, change_seq)
                VALUES (\(owner.rawValue), \(stored.id.rawValue), \(stored.crashID.rawValue), \(stored.status.rawValue),
                        \(stored.revision), \(stored.updatedAt.timeIntervalSinceReferenceDate), \(body), \(sequence))
                ON CONFLICT (owner, id) DO NOTHING
                RETURNING id
                """, logger: queryLogger)
            var inserted = false
            for try await _ in insert { inserted = true }
            guard inserted else {
                // Created by another save since it was read; that save has committed (the insert waited for it).
                throw ReportError.conflict(report.id, current: try await load(report.id, owner: owner, on: connection, locking: false))
            }
            // A report stored again under the id of one deleted is no longer deleted.
            try await connection.query(
                "DELETE FROM report_tombstones WHERE owner = \(owner.rawValue) AND id = \(stored.id.rawValue)", logger: queryLogger
            )
            try await appendSigning(of: stored, after: nil, owner: owner, codeSMS: codeSMS, on: connection)
            try await recordClaim(of: stored, owner: owner, on: connection)
            return stored
        }
        try await connection.query("""
            UPDATE reports SET crash_id = \(stored.crashID.rawValue), status = \(stored.status.rawValue),
                               revision = \(stored.revision), updated_at = \(stored.updatedAt.timeIntervalSinceReferenceDate),
                               body = \(body), change_seq = \(sequence)
            WHERE owner = \(owner.rawValue) AND id = \(stored.id.rawValue)
            """, logger: queryLogger)
        try await appendSigning(of: stored, after: current, owner: owner, codeSMS: codeSMS, on: connection)
        try await recordClaim(of: stored, owner: owner, on: connection)
        return stored
    }

    /// Appends to the report's signing record each act `stored` holds that `current` did not (``SigningEntry``),
    /// recorded at the server's time (a report's own `updatedAt` is its device's),
    /// inside the caller's transaction (the report's row is locked by its load, so its saves number them in turn).
    private static func appendSigning(
        of stored: CrashReport, after current: CrashReport?, owner: AccountID, codeSMS: SMSMessageID?, on connection: PostgresConnection
    ) async throws {
        let acts = SigningEntry.acts(in: stored.statement, after: current?.statement, codeSMS: codeSMS, at: Date())
        guard !acts.isEmpty else { return }
        var held = 0
        for try await number in try await connection.query("""
            SELECT coalesce(max(number), 0) FROM signing_record WHERE owner = \(owner.rawValue) AND report_id = \(stored.id.rawValue)
            """, logger: queryLogger).decode(Int.self) { held = number }
        try SigningEntry.checkRoom(held: held, adding: acts.count)
        for entry in acts.map({ $0.following(held) }) {
            try await connection.query("""
                INSERT INTO signing_record (owner, report_id, number, side, act, means, name, reason, account, phone, version, acted_at,
                    recorded_at, code_sms)
                VALUES (\(owner.rawValue), \(stored.id.rawValue), \(entry.number), \(entry.side.rawValue), \(entry.act.rawValue),
                        \(entry.means.rawValue), \(entry.name), \(entry.reason), \(entry.account), \(entry.phone?.e164), \(entry.version.hex),
                        \(entry.actedAt.timeIntervalSinceReferenceDate), \(entry.recordedAt.timeIntervalSinceReferenceDate),
                        \(entry.codeSMS?.rawValue))
                """, logger: queryLogger)
        }
    }

    package func signingRecord(of id: ReportID, owner: AccountID) async throws -> [SigningEntry] {
        var entries: [SigningEntry] = []
        try await client.rows("""
            SELECT r.number, r.side, r.act, r.means, r.name, r.reason, r.account, r.phone, r.version, r.acted_at, r.recorded_at,
                r.code_sms, m.state, m.detail, m.updated_at
            FROM signing_record r LEFT JOIN sms_messages m ON m.id = r.code_sms
            WHERE r.owner = \(owner.rawValue) AND r.report_id = \(id.rawValue) ORDER BY r.number
            """) { row in
            let (number, side, act, means, name, reason, account, phone, version, actedAt, recordedAt, codeSMS, state, detail, updatedAt) =
                try row.decode((Int, String, String, String, String?, String?, String?, String?, String, Double, Double, UUID?, String?, String?, Double?).self)
            entries.append(try StoredRecord.signingEntry(
                number: number, side: side, act: act, means: means, name: name, reason: reason, account: account, phone: phone,
                version: version, actedAt: actedAt, recordedAt: recordedAt, codeSMS: codeSMS, smsState: state, smsDetail: detail,
                smsUpdatedAt: updatedAt
            ))
        }
        return entries
    }

    /// A report stored completed is a claim from then on (``ClaimStore``), submitted the first time.
    private static func recordClaim(of stored: CrashReport, owner: AccountID, on connection: PostgresConnection) async throws {
        guard stored.isCompleted else { return }
        try await connection.query("""
            INSERT INTO claims (id, owner, report_id, submitted_at, acknowledged_at)
            VALUES (\(ClaimID().rawValue), \(owner.rawValue), \(stored.id.rawValue), \(Date().timeIntervalSinceReferenceDate),
                    \(stored.acknowledgement?.acknowledgedAt.timeIntervalSinceReferenceDate))
            ON CONFLICT (owner, report_id) DO UPDATE SET acknowledged_at = excluded.acknowledged_at
            """, logger: queryLogger)
    }

    /// Takes the owner's next change number inside the caller's transaction, locking the owner's counter until it
    /// ends: the owner's changes commit in the order of their numbers.
    private static func nextChange(owner: AccountID, on connection: PostgresConnection) async throws -> Int {
        let rows = try await connection.query("""
            INSERT INTO report_change_counters (owner, last_seq) VALUES (\(owner.rawValue), 1)
            ON CONFLICT (owner) DO UPDATE SET last_seq = report_change_counters.last_seq + 1
            RETURNING last_seq
            """, logger: queryLogger)
        for try await row in rows { return try row.decode(Int.self) }
        throw ServerStoreError.damagedRecord(table: "report_change_counters", reason: "no number was taken")
    }

    /// The owner's stored report, locked until the caller's transaction ends when `locking`.
    private static func load(
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
    private static func report(from row: PostgresRow, decoder: JSONDecoder) throws -> CrashReport {
        let (id, body) = try row.decode((UUID, String).self)
        return try StoredRecord.report(body: body, id: ReportID(id), decoder: decoder)
    }
}
