import Domain
import Foundation
import ServerCore
import Storage
import WireAPI

/// The embedded engine's steps inside one `BEGIN IMMEDIATE` transaction, for ``StoreSteps``: one writer at a time,
/// so no read needs a lock (the transaction holds SQLite's).
struct SQLiteStoreTransaction: StoreTransaction {
    let connection: SQLiteConnection

    // MARK: Accounts

    func requireAccount(_ owner: AccountID, forQuota: Bool) throws {
        try SQLiteServerStore.requireAccount(owner, in: connection)
    }

    // MARK: Reports

    func report(_ id: ReportID, owner: AccountID) throws -> CrashReport? {
        try SQLiteServerStore.load(id, owner: owner, from: connection)
    }

    func reportCount(owner: AccountID) throws -> Int {
        try SQLiteServerStore.reportCount(owner: owner, in: connection)
    }

    func report(carrying crashID: CrashID, besides id: ReportID, owner: AccountID) throws -> CrashReport? {
        let query = try connection.statement("""
            SELECT id, body FROM reports WHERE owner = \(owner.rawValue) AND crash_id = \(crashID.rawValue) AND id <> \(id.rawValue) LIMIT 1
            """)
        defer { query.reset() }
        return try query.step() ? try SQLiteServerStore.report(from: query, decoder: WireCoding.decoder()) : nil
    }

    func nextChange(owner: AccountID) throws -> Int {
        let next = try connection.statement("""
            INSERT INTO report_change_counters (owner, last_seq) VALUES (\(owner.rawValue), 1)
            ON CONFLICT (owner) DO UPDATE SET last_seq = last_seq + 1
            RETURNING last_seq
            """)
        defer { next.reset() }
        guard try next.step() else { throw ServerStoreError.damagedRecord(table: "report_change_counters", reason: "no number was taken") }
        return next.int(0)
    }

    func insertReport(_ stored: CrashReport, body: String, change: Int, owner: AccountID) throws {
        try connection.statement("""
            INSERT INTO reports (owner, id, crash_id, status, revision, updated_at, body, change_seq)
            VALUES (\(owner.rawValue), \(stored.id.rawValue), \(stored.crashID.rawValue), \(stored.status.rawValue), \(stored.revision),
                \(stored.updatedAt.timeIntervalSinceReferenceDate), \(body), \(change))
            """).run()
    }

    func updateReport(_ stored: CrashReport, body: String, change: Int, owner: AccountID) throws {
        try connection.statement("""
            UPDATE reports SET crash_id = \(stored.crashID.rawValue), status = \(stored.status.rawValue), revision = \(stored.revision),
                updated_at = \(stored.updatedAt.timeIntervalSinceReferenceDate), body = \(body), change_seq = \(change)
            WHERE owner = \(owner.rawValue) AND id = \(stored.id.rawValue)
            """).run()
    }

    func forgetDeletion(of id: ReportID, owner: AccountID) throws {
        try connection.statement("DELETE FROM report_tombstones WHERE owner = \(owner.rawValue) AND id = \(id.rawValue)").run()
    }

    func recordClaim(of stored: CrashReport, owner: AccountID, at date: Date) throws {
        try connection.statement("""
            INSERT INTO claims (id, owner, report_id, submitted_at, acknowledged_at)
            VALUES (\(ClaimID().rawValue), \(owner.rawValue), \(stored.id.rawValue), \(date.timeIntervalSinceReferenceDate),
                \(stored.acknowledgement?.acknowledgedAt.timeIntervalSinceReferenceDate))
            ON CONFLICT (owner, report_id) DO UPDATE SET acknowledged_at = excluded.acknowledged_at
            """).run()
    }

    // MARK: Signing record

    func lastSigningNumber(of id: ReportID, owner: AccountID) throws -> Int {
        try connection.integer("SELECT coalesce(max(number), 0) FROM signing_record WHERE owner = \(owner.rawValue) AND report_id = \(id.rawValue)")
    }

    func appendSigning(_ entries: [SigningEntry], of id: ReportID, owner: AccountID) throws {
        for entry in entries {
            try connection.statement("""
                INSERT INTO signing_record (owner, report_id, number, statement, side, act, means, name, reason, account, phone, version,
                    acted_at, recorded_at, code_sms)
                VALUES (\(owner.rawValue), \(id.rawValue), \(entry.number), \(entry.pair.stored), \(entry.side.rawValue), \(entry.act.rawValue),
                    \(entry.means.rawValue), \(entry.name), \(entry.reason), \(entry.account), \(entry.phone?.e164), \(entry.version.hex),
                    \(entry.actedAt.timeIntervalSinceReferenceDate), \(entry.recordedAt.timeIntervalSinceReferenceDate), \(entry.codeSMS?.rawValue))
                """).run()
        }
    }

    // MARK: Claims and documents

    func claim(_ id: ClaimID) throws -> Claim? {
        try SQLiteServerStore.loadClaim(id, in: connection)
    }

    func namedDocument(of id: ReportID, owner: AccountID) throws -> ContentHash? {
        let earlier = try connection.statement("SELECT sha256 FROM report_documents WHERE owner = \(owner.rawValue) AND report_id = \(id.rawValue)")
        defer { earlier.reset() }
        return try earlier.step() ? try SQLiteServerStore.contentHash(earlier, 0, table: "report_documents") : nil
    }

    func nameDocument(_ hash: ContentHash, of id: ReportID, owner: AccountID) throws -> Bool {
        try connection.statement("""
            INSERT INTO report_documents (owner, report_id, sha256, revision)
            SELECT owner, id, \(hash.hex), revision FROM reports WHERE owner = \(owner.rawValue) AND id = \(id.rawValue)
            ON CONFLICT (owner, report_id) DO UPDATE SET sha256 = excluded.sha256, revision = excluded.revision
            """).run()
        return connection.changes > 0
    }

    func addDocumentVersion(
        _ hash: ContentHash, of id: ReportID, owner: AccountID, reason: DocumentVersion.Reason, at date: Date
    ) throws -> Int {
        let version = try connection.statement("""
            INSERT INTO document_versions (owner, report_id, number, sha256, revision, created_at, reason)
            SELECT owner, id,
                coalesce((SELECT max(number) FROM document_versions WHERE owner = \(owner.rawValue) AND report_id = \(id.rawValue)), 0) + 1,
                \(hash.hex), revision, \(date.timeIntervalSinceReferenceDate),
                CASE WHEN EXISTS (SELECT 1 FROM document_versions WHERE owner = \(owner.rawValue) AND report_id = \(id.rawValue))
                    THEN \(reason.rawValue) ELSE 'submitted' END
            FROM reports WHERE owner = \(owner.rawValue) AND id = \(id.rawValue)
            RETURNING number
            """)
        defer { version.reset() }
        guard try version.step() else { throw ServerStoreError.reportNotFound(id) }
        return version.int(0)
    }

    // MARK: Jobs

    func queue(_ job: ServerJob, at date: Date) throws {
        try SQLiteServerStore.insert(job, at: date, in: connection)
    }

    func queueSMS(_ sms: SMSMessage, at date: Date) throws {
        try SQLiteServerStore.insert(sms, in: connection)
        try SQLiteServerStore.insert(.sendSMS(sms.id), smsOwner: sms.owner, at: date, in: connection)
    }

    // MARK: SMS replies

    func crashEvent(_ crashID: CrashID) throws -> CrashTie? {
        let query = try connection.statement(SQLiteServerStore.crashTieQuery(crashID))
        defer { query.reset() }
        return try query.step() ? try SQLiteServerStore.crashTie(from: query) : nil
    }

    func replyKeywords(crashID: CrashID) throws -> [ReplyKeyword?] {
        let query = try connection.statement("SELECT keyword FROM sms_replies WHERE crash_id = \(crashID.rawValue) ORDER BY received_at")
        defer { query.reset() }
        var keywords: [ReplyKeyword?] = []
        while try query.step() { keywords.append(query.optionalString(0).flatMap(ReplyKeyword.init(rawValue:))) }
        return keywords
    }

    func insertReply(_ reply: SMSReply) throws -> Bool {
        let crash = reply.crash
        try connection.statement("""
            INSERT INTO sms_replies (id, gateway_id, sender, body, keyword, received_at, sent_at, crash_id, report_id, owner, crash_received_at)
            VALUES (\(reply.id.rawValue), \(reply.gatewayID), \(reply.sender.e164), \(reply.text), \(reply.keyword?.rawValue),
                \(reply.receivedAt.timeIntervalSinceReferenceDate), \(reply.sentAt?.timeIntervalSinceReferenceDate), \(crash.crashID.rawValue), \(crash.report.rawValue), \(crash.owner.rawValue),
                \(crash.receivedAt.timeIntervalSinceReferenceDate))
            ON CONFLICT (gateway_id) DO NOTHING
            """).run()
        return connection.changes > 0
    }

    func markFalseAlarm(_ crashID: CrashID, at date: Date) throws {
        try connection.statement("""
            UPDATE crash_events SET false_alarm_at = \(date.timeIntervalSinceReferenceDate) WHERE crash_id = \(crashID.rawValue) AND false_alarm_at IS NULL
            """).run()
    }

    func setSMSStopped(_ phone: PhoneNumber, _ stopped: Bool, at date: Date) throws -> Bool {
        if stopped {
            try connection.statement("""
                INSERT INTO sms_stops (phone, stopped_at) VALUES (\(phone.e164), \(date.timeIntervalSinceReferenceDate)) ON CONFLICT (phone) DO NOTHING
                """).run()
        } else {
            try connection.statement("DELETE FROM sms_stops WHERE phone = \(phone.e164)").run()
        }
        return connection.changes > 0
    }

    func noteDraftRemoved(by reply: SMSReplyID) throws {
        try connection.statement("UPDATE sms_replies SET draft_removed = 1 WHERE id = \(reply.rawValue)").run()
    }

    func deleteFalseAlarm(_ id: ReportID, owner: AccountID, at date: Date) throws {
        try SQLiteServerStore.deleteReport(id, owner: owner, at: date, reason: "false-alarm", in: connection)
    }

    // MARK: Uploads

    func holdBytes(_ contentHash: ContentHash) {}

    func isBeingRemoved(_ contentHash: ContentHash, since: Date) throws -> Bool {
        try connection.integer("""
            SELECT EXISTS (SELECT 1 FROM photo_removals WHERE sha256 = \(contentHash.hex) AND since > \(since.timeIntervalSinceReferenceDate))
            """) != 0
    }

    func removeUpload(of contentHash: ContentHash, owner: AccountID) throws -> UploadID? {
        let earlier = try connection.statement("DELETE FROM uploads WHERE owner = \(owner.rawValue) AND sha256 = \(contentHash.hex) RETURNING id")
        defer { earlier.reset() }
        return try earlier.step() ? earlier.uuid(0).map(UploadID.init) : nil
    }

    func uploadCount(owner: AccountID) throws -> Int {
        try connection.integer("SELECT count(*) FROM uploads WHERE owner = \(owner.rawValue)")
    }

    func insertUpload(_ upload: PartialUpload) throws {
        try connection.statement("""
            INSERT INTO uploads (id, owner, sha256, expected_length, offset, started_at)
            VALUES (\(upload.id.rawValue), \(upload.owner.rawValue), \(upload.contentHash.hex), \(upload.expectedLength), \(upload.offset),
                \(upload.startedAt.timeIntervalSinceReferenceDate))
            """).run()
    }
}

extension SQLiteServerStore {
    /// Runs `steps` (written once for every engine, ``StoreSteps``) inside the caller's write transaction, on the
    /// caller's thread.
    static func run<Result: Sendable>(
        in connection: SQLiteConnection, _ steps: @escaping @Sendable (SQLiteStoreTransaction) async throws -> Result
    ) throws -> Result {
        try CallingThreadExecutor.run { try await steps(SQLiteStoreTransaction(connection: connection)) }
    }
}
