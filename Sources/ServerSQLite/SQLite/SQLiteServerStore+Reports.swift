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
                SELECT change_seq, id, body FROM (
                    SELECT change_seq, id, body FROM reports WHERE owner = \(owner.rawValue) AND change_seq > \(since)
                    UNION ALL
                    SELECT change_seq, id, NULL FROM report_tombstones WHERE owner = \(owner.rawValue) AND change_seq > \(since)
                ) ORDER BY change_seq LIMIT \(limit)
                """)
            var changes: [ReportChange] = []
            while try query.step() {
                let id = ReportID(try Self.uuid(query, 1, table: "reports", name: "id"))
                changes.append(ReportChange(sequence: query.int(0), id: id, body: query.isNull(2) ? nil : query.string(2)))
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
            let stored = try Self.store(report, owner: owner, within: newReports, codeSMS: codeSMS, in: connection)
            if let job { try Self.insert(job, at: stored.updatedAt, in: connection) }
            return stored
        }
    }

    package func delete(_ id: ReportID, owner: AccountID) async throws -> CrashReport? {
        try await writing { connection in
            let current = try Self.load(id, owner: owner, from: connection)
            try WriteCheck.checkDeletion(of: current)
            // Its document record goes with it (ON DELETE CASCADE).
            let delete = try connection.statement("DELETE FROM reports WHERE owner = \(owner.rawValue) AND id = \(id.rawValue)")
            try delete.run()
            guard connection.changes > 0 else { return current }
            let tombstone = try connection.statement("""
                INSERT INTO report_tombstones (owner, id, change_seq, deleted_at) VALUES (\(owner.rawValue), \(id.rawValue),
                    \(try Self.nextChange(owner: owner, in: connection)), \(Date().timeIntervalSinceReferenceDate))
                ON CONFLICT (owner, id) DO UPDATE SET change_seq = excluded.change_seq, deleted_at = excluded.deleted_at
                """)
            try tombstone.run()
            return current
        }
    }

    package func reportCount(owner: AccountID) async throws -> Int {
        try await reading { connection in try Self.reportCount(owner: owner, in: connection) }
    }

    private static func reportCount(owner: AccountID, in connection: SQLiteConnection) throws -> Int {
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
            try Self.recordDocument(hash, for: id, owner: owner, reason: .redrawn, queueingIfFirst: job, at: date, in: connection)
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

    /// Records the PDF as the owner's report's newest version, at its current revision, inside the caller's write
    /// transaction (the earlier versions stay): the first is `submitted`, a later one `reason`. Queues `job` with the
    /// first, and the job announcing a later one to the claims system with it.
    /// - Returns: the PDF the report had before (not when it is the same, which records nothing new).
    static func recordDocument(
        _ hash: ContentHash, for id: ReportID, owner: AccountID, reason: DocumentVersion.Reason, queueingIfFirst job: ServerJob? = nil,
        at date: Date = Date(), in connection: SQLiteConnection
    ) throws -> ContentHash? {
        let earlier = try connection.statement("SELECT sha256 FROM report_documents WHERE owner = \(owner.rawValue) AND report_id = \(id.rawValue)")
        let replaced = try earlier.step() ? try Self.contentHash(earlier, 0, table: "report_documents") : nil
        earlier.reset()
        if replaced == hash { return nil }
        let upsert = try connection.statement("""
            INSERT INTO report_documents (owner, report_id, sha256, revision)
            SELECT owner, id, \(hash.hex), revision FROM reports WHERE owner = \(owner.rawValue) AND id = \(id.rawValue)
            ON CONFLICT (owner, report_id) DO UPDATE SET sha256 = excluded.sha256, revision = excluded.revision
            """)
        try upsert.run()
        if connection.changes == 0 { throw ServerStoreError.reportNotFound(id) }
        let version = try connection.statement("""
            INSERT INTO document_versions (owner, report_id, number, sha256, revision, created_at, reason)
            SELECT \(owner.rawValue), \(id.rawValue), coalesce((SELECT max(number) FROM document_versions WHERE owner = \(owner.rawValue)
                AND report_id = \(id.rawValue)), 0) + 1,
                   \(hash.hex), revision, \(date.timeIntervalSinceReferenceDate), CASE WHEN EXISTS (SELECT 1 FROM document_versions
                       WHERE owner = \(owner.rawValue) AND report_id = \(id.rawValue)) THEN \(reason.rawValue) ELSE 'submitted' END
            FROM reports WHERE owner = \(owner.rawValue) AND id = \(id.rawValue)
            RETURNING number
            """)
        let number = try version.step() ? version.int(0) : 1
        version.reset()
        if number == 1 {
            if let job { try insert(job, at: date, in: connection) }
        } else if job != nil {
            // The claims system is told (a job is given): of this version too.
            try insert(ServerJob.announceDocumentVersion(owner: owner, report: id, number: number), at: date, in: connection)
        }
        return replaced
    }

    // MARK: - In a transaction

    /// Saves `report` for `owner` inside the caller's write transaction: checks it against the owner's stored version
    /// and the owner's report holding its crash ID, and writes the next one as its wire JSON
    /// (``StoredRecord/nextVersion(of:current:holder:)``).
    /// - Returns: the stored version, as a later read gives it back (times to the microsecond, as on the wire).
    /// - Throws: what ``WriteCheck`` refuses, writing nothing.
    package static func store(
        _ report: CrashReport, owner: AccountID, within newReports: Allowance? = nil, codeSMS: SMSMessageID? = nil,
        in connection: SQLiteConnection
    ) throws -> CrashReport {
        let current = try load(report.id, owner: owner, from: connection)
        if current == nil, let newReports { try newReports.check(held: try reportCount(owner: owner, in: connection)) }
        let holder = current?.crashID == report.crashID
            ? nil : try holder(of: report.crashID, besides: report.id, owner: owner, in: connection)
        let (stored, body) = try StoredRecord.nextVersion(of: report, current: current, holder: holder)

        let sequence = try nextChange(owner: owner, in: connection)
        let upsert = try connection.statement("""
            INSERT INTO reports (owner, id, crash_id, status, revision, updated_at, body, change_seq)
            VALUES (\(owner.rawValue), \(stored.id.rawValue), \(stored.crashID.rawValue), \(stored.status.rawValue), \(stored.revision),
                \(stored.updatedAt.timeIntervalSinceReferenceDate), \(body), \(sequence))
            ON CONFLICT (owner, id) DO UPDATE SET
                crash_id = excluded.crash_id, status = excluded.status, revision = excluded.revision,
                updated_at = excluded.updated_at, body = excluded.body, change_seq = excluded.change_seq
            """)
        try upsert.run()
        // A report stored again under the id of one deleted is no longer deleted.
        let revived = try connection.statement("DELETE FROM report_tombstones WHERE owner = \(owner.rawValue) AND id = \(stored.id.rawValue)")
        try revived.run()
        try appendSigning(of: stored, after: current, owner: owner, codeSMS: codeSMS, in: connection)
        if stored.isCompleted {
            // Stored completed: a claim from now on (``ClaimStore``), submitted the first time.
            let claim = try connection.statement("""
                INSERT INTO claims (id, owner, report_id, submitted_at, acknowledged_at) VALUES (\(ClaimID().rawValue), \(owner.rawValue),
                    \(stored.id.rawValue), \(Date().timeIntervalSinceReferenceDate),
                    \(stored.acknowledgement?.acknowledgedAt.timeIntervalSinceReferenceDate))
                ON CONFLICT (owner, report_id) DO UPDATE SET acknowledged_at = excluded.acknowledged_at
                """)
            try claim.run()
        }
        return stored
    }

    /// Appends to the report's signing record each act `stored` holds that `current` did not (``SigningEntry``),
    /// recorded at the server's time (a report's own `updatedAt` is its device's).
    private static func appendSigning(
        of stored: CrashReport, after current: CrashReport?, owner: AccountID, codeSMS: SMSMessageID?, in connection: SQLiteConnection
    ) throws {
        let acts = SigningEntry.acts(in: stored.statement, after: current?.statement, codeSMS: codeSMS, at: Date())
        guard !acts.isEmpty else { return }
        let last = try connection.statement(
            "SELECT coalesce(max(number), 0) FROM signing_record WHERE owner = \(owner.rawValue) AND report_id = \(stored.id.rawValue)"
        )
        let held = try last.step() ? last.int(0) : 0
        last.reset()
        try SigningEntry.checkRoom(held: held, adding: acts.count)
        for entry in acts.map({ $0.following(held) }) {
            try connection.statement("""
                INSERT INTO signing_record (owner, report_id, number, side, act, means, name, reason, account, phone, version, acted_at,
                    recorded_at, code_sms)
                VALUES (\(owner.rawValue), \(stored.id.rawValue), \(entry.number), \(entry.side.rawValue), \(entry.act.rawValue),
                    \(entry.means.rawValue), \(entry.name), \(entry.reason), \(entry.account), \(entry.phone?.e164), \(entry.version.hex),
                    \(entry.actedAt.timeIntervalSinceReferenceDate), \(entry.recordedAt.timeIntervalSinceReferenceDate), \(entry.codeSMS?.rawValue))
                """).run()
        }
    }

    package func signingRecord(of id: ReportID, owner: AccountID) async throws -> [SigningEntry] {
        try await reading { connection in
            let query = try connection.statement("""
                SELECT r.number, r.side, r.act, r.means, r.name, r.reason, r.account, r.phone, r.version, r.acted_at, r.recorded_at,
                    r.code_sms, m.state, m.detail, m.updated_at
                FROM signing_record r LEFT JOIN sms_messages m ON m.id = r.code_sms
                WHERE r.owner = \(owner.rawValue) AND r.report_id = \(id.rawValue) ORDER BY r.number
                """)
            defer { query.reset() }
            var entries: [SigningEntry] = []
            while try query.step() {
                entries.append(try StoredRecord.signingEntry(
                    number: query.int(0), side: query.string(1), act: query.string(2), means: query.string(3),
                    name: query.optionalString(4), reason: query.optionalString(5), account: query.optionalString(6),
                    phone: query.optionalString(7), version: query.string(8), actedAt: query.double(9), recordedAt: query.double(10),
                    codeSMS: query.uuid(11), smsState: query.optionalString(12), smsDetail: query.optionalString(13),
                    smsUpdatedAt: query.optionalDouble(14)
                ))
            }
            return entries
        }
    }

    /// Takes the owner's next change number inside the caller's write transaction.
    private static func nextChange(owner: AccountID, in connection: SQLiteConnection) throws -> Int {
        let next = try connection.statement("""
            INSERT INTO report_change_counters (owner, last_seq) VALUES (\(owner.rawValue), 1)
            ON CONFLICT (owner) DO UPDATE SET last_seq = last_seq + 1
            RETURNING last_seq
            """)
        defer { next.reset() }
        guard try next.step() else { throw ServerStoreError.damagedRecord(table: "report_change_counters", reason: "no number was taken") }
        return next.int(0)
    }

    /// The owner's report other than `id` that carries `crashID`, read inside the caller's transaction.
    private static func holder(
        of crashID: CrashID, besides id: ReportID, owner: AccountID, in connection: SQLiteConnection
    ) throws -> CrashReport? {
        let query = try connection.statement("""
            SELECT id, body FROM reports WHERE owner = \(owner.rawValue) AND crash_id = \(crashID.rawValue) AND id <> \(id.rawValue) LIMIT 1
            """)
        defer { query.reset() }
        return try query.step() ? try report(from: query, decoder: WireCoding.decoder()) : nil
    }

    /// The owner's stored report, read inside the caller's transaction.
    private static func load(_ id: ReportID, owner: AccountID, from connection: SQLiteConnection) throws -> CrashReport? {
        let query = try connection.statement("SELECT id, body FROM reports WHERE owner = \(owner.rawValue) AND id = \(id.rawValue)")
        defer { query.reset() }
        return try query.step() ? try report(from: query, decoder: WireCoding.decoder()) : nil
    }

    // MARK: - Rows

    /// The report in a row of `id, body`.
    private static func report(from row: SQLiteStatement, decoder: JSONDecoder) throws(ServerStoreError) -> CrashReport {
        let id = ReportID(try uuid(row, 0, table: "reports", name: "id"))
        return try StoredRecord.report(body: row.string(1), id: id, decoder: decoder)
    }
}
