import Domain
import Foundation
import PostgresNIO
import ServerCore
import WireAPI

/// PostgreSQL's steps inside one transaction, for ``StoreSteps``. Several instances may write at once, so each read
/// that decides a write locks what it read: a report's row (`FOR UPDATE`), an account's row for a quota, a
/// transaction-scoped advisory lock on an owner's crash ID, on a report's document numbering, on a photo's bytes.
struct PostgresStoreTransaction: StoreTransaction {
    let connection: PostgresConnection

    private var logger: Logger { PostgresServerStore.queryLogger }

    /// The first column of the query's first row, when there is one.
    private func first<Value: PostgresDecodable & Sendable>(_ query: PostgresQuery, as type: Value.Type) async throws -> Value? {
        var found: Value?
        for try await value in try await connection.query(query, logger: logger).decode(Value.self) where found == nil { found = value }
        return found
    }

    // MARK: Accounts

    func requireAccount(_ owner: AccountID, forQuota: Bool) async throws {
        try await PostgresServerStore.requireAccount(owner, on: connection, forQuota: forQuota)
    }

    // MARK: Reports

    func report(_ id: ReportID, owner: AccountID) async throws -> CrashReport? {
        try await PostgresServerStore.load(id, owner: owner, on: connection, locking: true)
    }

    func reportCount(owner: AccountID) async throws -> Int {
        try await first("SELECT count(*) FROM reports WHERE owner = \(owner.rawValue)", as: Int.self) ?? 0
    }

    func report(carrying crashID: CrashID, besides id: ReportID, owner: AccountID) async throws -> CrashReport? {
        let pair = "\(owner.rawValue.uuidString):\(crashID.rawValue)"
        try await connection.query("SELECT pg_advisory_xact_lock(hashtextextended(\(pair), 0))", logger: logger)
        let decoder = WireCoding.decoder()
        var holder: CrashReport?
        let rows = try await connection.query("""
            SELECT id, body FROM reports
            WHERE owner = \(owner.rawValue) AND crash_id = \(crashID.rawValue) AND id <> \(id.rawValue)
            LIMIT 1
            """, logger: logger)
        for try await row in rows { holder = try PostgresServerStore.report(from: row, decoder: decoder) }
        return holder
    }

    func nextChange(owner: AccountID) async throws -> Int {
        try await PostgresServerStore.nextChange(owner: owner, on: connection)
    }

    func insertReport(_ stored: CrashReport, body: String, change: Int, owner: AccountID) async throws {
        let inserted = try await first("""
            INSERT INTO reports (owner, id, crash_id, status, revision, updated_at, body, change_seq)
            VALUES (\(owner.rawValue), \(stored.id.rawValue), \(stored.crashID.rawValue), \(stored.status.rawValue),
                    \(stored.revision), \(stored.updatedAt.timeIntervalSinceReferenceDate), \(body), \(change))
            ON CONFLICT (owner, id) DO NOTHING
            RETURNING id
            """, as: UUID.self)
        guard inserted != nil else {
            // Created by another save since it was read; that save has committed (the insert waited for it).
            throw ReportError.conflict(
                stored.id, current: try await PostgresServerStore.load(stored.id, owner: owner, on: connection, locking: false)
            )
        }
    }

    func updateReport(_ stored: CrashReport, body: String, change: Int, owner: AccountID) async throws {
        try await connection.query("""
            UPDATE reports SET crash_id = \(stored.crashID.rawValue), status = \(stored.status.rawValue),
                               revision = \(stored.revision), updated_at = \(stored.updatedAt.timeIntervalSinceReferenceDate),
                               body = \(body), change_seq = \(change)
            WHERE owner = \(owner.rawValue) AND id = \(stored.id.rawValue)
            """, logger: logger)
    }

    func forgetDeletion(of id: ReportID, owner: AccountID) async throws {
        try await connection.query("DELETE FROM report_tombstones WHERE owner = \(owner.rawValue) AND id = \(id.rawValue)", logger: logger)
    }

    func recordClaim(of stored: CrashReport, owner: AccountID, at date: Date) async throws {
        try await connection.query("""
            INSERT INTO claims (id, owner, report_id, submitted_at, acknowledged_at)
            VALUES (\(ClaimID().rawValue), \(owner.rawValue), \(stored.id.rawValue), \(date.timeIntervalSinceReferenceDate),
                    \(stored.acknowledgement?.acknowledgedAt.timeIntervalSinceReferenceDate))
            ON CONFLICT (owner, report_id) DO UPDATE SET acknowledged_at = excluded.acknowledged_at
            """, logger: logger)
    }

    // MARK: Signing record

    /// The report's row is locked by its read (``report(_:owner:)``), so its saves number their acts in turn.
    func lastSigningNumber(of id: ReportID, owner: AccountID) async throws -> Int {
        try await first("""
            SELECT coalesce(max(number), 0) FROM signing_record WHERE owner = \(owner.rawValue) AND report_id = \(id.rawValue)
            """, as: Int.self) ?? 0
    }

    func appendSigning(_ entries: [SigningEntry], of id: ReportID, owner: AccountID) async throws {
        for entry in entries {
            try await connection.query("""
                INSERT INTO signing_record (owner, report_id, number, statement, side, act, means, name, reason, account, phone, version,
                    acted_at, recorded_at, code_sms)
                VALUES (\(owner.rawValue), \(id.rawValue), \(entry.number), \(entry.pair.stored), \(entry.side.rawValue), \(entry.act.rawValue),
                        \(entry.means.rawValue), \(entry.name), \(entry.reason), \(entry.account), \(entry.phone?.e164), \(entry.version.hex),
                        \(entry.actedAt.timeIntervalSinceReferenceDate), \(entry.recordedAt.timeIntervalSinceReferenceDate),
                        \(entry.codeSMS?.rawValue))
                """, logger: logger)
        }
    }

    // MARK: Claims and documents

    /// The report's row is locked, so two handlers acknowledging at once are taken one after the other.
    func claim(_ id: ClaimID) async throws -> Claim? {
        try await PostgresServerStore.loadClaim(id, on: connection, locking: true)
    }

    func namedDocument(of id: ReportID, owner: AccountID) async throws -> ContentHash? {
        try await connection.query(
            "SELECT pg_advisory_xact_lock(\(Self.documentVersionsLockClass), hashtext(\(id.rawValue.uuidString)))", logger: logger
        )
        let hex = try await first(
            "SELECT sha256 FROM report_documents WHERE owner = \(owner.rawValue) AND report_id = \(id.rawValue) FOR UPDATE", as: String.self
        )
        return try hex.map { try StoredRecord.contentHash($0, table: "report_documents") }
    }

    /// The advisory-lock class under which one report's document versions are numbered.
    private static let documentVersionsLockClass: Int32 = 7_303

    func nameDocument(_ hash: ContentHash, of id: ReportID, owner: AccountID) async throws -> Bool {
        try await first("""
            INSERT INTO report_documents (owner, report_id, sha256, revision)
            SELECT owner, id, \(hash.hex), revision FROM reports WHERE owner = \(owner.rawValue) AND id = \(id.rawValue)
            ON CONFLICT (owner, report_id) DO UPDATE SET sha256 = excluded.sha256, revision = excluded.revision
            RETURNING report_id
            """, as: UUID.self) != nil
    }

    func addDocumentVersion(
        _ hash: ContentHash, of id: ReportID, owner: AccountID, reason: DocumentVersion.Reason, at date: Date
    ) async throws -> Int {
        let number = try await first("""
            INSERT INTO document_versions (owner, report_id, number, sha256, revision, created_at, reason)
            SELECT owner, id, coalesce((SELECT max(number) FROM document_versions WHERE owner = \(owner.rawValue) AND report_id = \(id.rawValue)), 0) + 1,
                   \(hash.hex), revision, \(date.timeIntervalSinceReferenceDate),
                   CASE WHEN EXISTS (SELECT 1 FROM document_versions WHERE owner = \(owner.rawValue) AND report_id = \(id.rawValue))
                        THEN \(reason.rawValue) ELSE 'submitted' END
            FROM reports WHERE owner = \(owner.rawValue) AND id = \(id.rawValue)
            RETURNING number
            """, as: Int.self)
        guard let number else { throw ServerStoreError.reportNotFound(id) }
        return number
    }

    // MARK: Jobs

    func queue(_ job: ServerJob, at date: Date) async throws {
        try await PostgresServerStore.insert(job, at: date, on: connection)
    }

    func queueSMS(_ sms: SMSMessage, at date: Date) async throws {
        try await PostgresServerStore.insert(sms, on: connection)
        try await PostgresServerStore.insert(.sendSMS(sms.id), smsOwner: sms.owner, at: date, on: connection)
    }

    // MARK: SMS replies

    func crashEvent(_ crashID: CrashID) async throws -> CrashTie? {
        var found: CrashTie?
        for try await row in try await connection.query("""
            SELECT crash_id, report_id, owner, received_at, false_alarm_at FROM crash_events WHERE crash_id = \(crashID.rawValue) LIMIT 1 FOR UPDATE
            """, logger: logger) where found == nil {
            found = try PostgresServerStore.crashTie(from: row)
        }
        return found
    }

    func replyKeywords(crashID: CrashID) async throws -> [ReplyKeyword?] {
        var keywords: [ReplyKeyword?] = []
        for try await keyword in try await connection.query(
            "SELECT keyword FROM sms_replies WHERE crash_id = \(crashID.rawValue) ORDER BY received_at", logger: logger
        ).decode(String?.self) {
            keywords.append(keyword.flatMap(ReplyKeyword.init(rawValue:)))
        }
        return keywords
    }

    func insertReply(_ reply: SMSReply) async throws -> Bool {
        let crash = reply.crash
        return try await first("""
            INSERT INTO sms_replies (id, gateway_id, sender, body, keyword, received_at, sent_at, crash_id, report_id, owner, crash_received_at)
            VALUES (\(reply.id.rawValue), \(reply.gatewayID), \(reply.sender.e164), \(reply.text), \(reply.keyword?.rawValue),
                \(reply.receivedAt.timeIntervalSinceReferenceDate), \(reply.sentAt?.timeIntervalSinceReferenceDate), \(crash.crashID.rawValue), \(crash.report.rawValue), \(crash.owner.rawValue),
                \(crash.receivedAt.timeIntervalSinceReferenceDate))
            ON CONFLICT (gateway_id) DO NOTHING RETURNING 1
            """, as: Int32.self) != nil
    }

    func markFalseAlarm(_ crashID: CrashID, at date: Date) async throws {
        try await connection.query("""
            UPDATE crash_events SET false_alarm_at = \(date.timeIntervalSinceReferenceDate) WHERE crash_id = \(crashID.rawValue) AND false_alarm_at IS NULL
            """, logger: logger)
    }

    func setSMSStopped(_ phone: PhoneNumber, _ stopped: Bool, at date: Date) async throws -> Bool {
        if stopped {
            return try await first("""
                INSERT INTO sms_stops (phone, stopped_at) VALUES (\(phone.e164), \(date.timeIntervalSinceReferenceDate))
                ON CONFLICT (phone) DO NOTHING RETURNING 1
                """, as: Int32.self) != nil
        }
        return try await first("DELETE FROM sms_stops WHERE phone = \(phone.e164) RETURNING 1", as: Int32.self) != nil
    }

    func noteDraftRemoved(by reply: SMSReplyID) async throws {
        try await connection.query("UPDATE sms_replies SET draft_removed = true WHERE id = \(reply.rawValue)", logger: logger)
    }

    func deleteFalseAlarm(_ id: ReportID, owner: AccountID, at date: Date) async throws {
        try await PostgresServerStore.deleteReport(id, owner: owner, at: date, reason: "false-alarm", on: connection)
    }

    // MARK: Uploads

    func holdBytes(_ contentHash: ContentHash) async throws {
        try await PostgresServerStore.lockBytes(contentHash, on: connection)
    }

    func isBeingRemoved(_ contentHash: ContentHash, since: Date) async throws -> Bool {
        try await first(
            "SELECT 1 FROM photo_removals WHERE sha256 = \(contentHash.hex) AND since > \(since.timeIntervalSinceReferenceDate)", as: Int32.self
        ) != nil
    }

    func removeUpload(of contentHash: ContentHash, owner: AccountID) async throws -> UploadID? {
        try await first("""
            DELETE FROM uploads WHERE owner = \(owner.rawValue) AND sha256 = \(contentHash.hex) RETURNING id
            """, as: UUID.self).map(UploadID.init)
    }

    func uploadCount(owner: AccountID) async throws -> Int {
        try await first("SELECT count(*) FROM uploads WHERE owner = \(owner.rawValue)", as: Int.self) ?? 0
    }

    func insertUpload(_ upload: PartialUpload) async throws {
        try await connection.query("""
            INSERT INTO uploads (id, owner, sha256, expected_length, upload_offset, started_at)
            VALUES (\(upload.id.rawValue), \(upload.owner.rawValue), \(upload.contentHash.hex), \(upload.expectedLength),
                    \(upload.offset), \(upload.startedAt.timeIntervalSinceReferenceDate))
            """, logger: logger)
    }
}
