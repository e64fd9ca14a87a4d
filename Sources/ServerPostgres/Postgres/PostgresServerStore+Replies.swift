import Domain
import Foundation
import PostgresNIO
import ServerCore

extension PostgresServerStore: SMSReplyStore {
    package func latestCrash(textedTo phone: PhoneNumber) async throws -> CrashTie? {
        var found: CrashTie?
        // The crash SMS is the one written with the event, at the event's time, for its driver.
        try await client.rows("""
            SELECT e.crash_id, e.report_id, e.owner, e.received_at, e.false_alarm_at FROM sms_messages s
            JOIN crash_events e ON e.crash_id = s.crash_id AND e.owner = s.owner AND e.received_at = s.created_at
            WHERE s.recipient = \(phone.e164) ORDER BY s.created_at DESC LIMIT 1
            """) { row in found = try Self.crashTie(from: row) }
        return found
    }

    package func recordReply(
        _ reply: SMSReply, tellsClaimsSystem: Bool, at date: Date, confirmation: @escaping @Sendable (CrashTie, ReplyEffects) -> SMSMessage?
    ) async throws -> ReplyRecord {
        try await writing { connection in
            try await StoreSteps.recordReply(
                reply, tellsClaimsSystem: tellsClaimsSystem, at: date, in: PostgresStoreTransaction(connection: connection), confirmation: confirmation
            )
        }
    }

    // Each reply is read with its crash event's false-alarm mark as it is now.

    package func smsReply(_ id: SMSReplyID) async throws -> SMSReply? {
        var found: SMSReply?
        try await client.rows("""
            SELECT r.id, r.gateway_id, r.sender, r.body, r.keyword, r.received_at, r.crash_id, r.report_id, r.owner, r.crash_received_at, r.draft_removed, r.sent_at,
                (SELECT e.false_alarm_at FROM crash_events e WHERE e.crash_id = r.crash_id LIMIT 1)
            FROM sms_replies r WHERE r.id = \(id.rawValue)
            """) { row in found = try Self.reply(from: row) }
        return found
    }

    package func replies(crashID: CrashID) async throws -> [SMSReply] {
        var found: [SMSReply] = []
        try await client.rows("""
            SELECT r.id, r.gateway_id, r.sender, r.body, r.keyword, r.received_at, r.crash_id, r.report_id, r.owner, r.crash_received_at, r.draft_removed, r.sent_at,
                (SELECT e.false_alarm_at FROM crash_events e WHERE e.crash_id = r.crash_id LIMIT 1)
            FROM sms_replies r WHERE r.crash_id = \(crashID.rawValue) ORDER BY r.received_at, r.id LIMIT \(ServerLimits.repliesPerCrash)
            """) { row in found.append(try Self.reply(from: row)) }
        return found
    }

    package func recentReplies(_ keyword: ReplyKeyword, since date: Date, limit: Int) async throws -> [SMSReply] {
        var found: [SMSReply] = []
        try await client.rows("""
            SELECT r.id, r.gateway_id, r.sender, r.body, r.keyword, r.received_at, r.crash_id, r.report_id, r.owner, r.crash_received_at, r.draft_removed, r.sent_at,
                (SELECT e.false_alarm_at FROM crash_events e WHERE e.crash_id = r.crash_id LIMIT 1)
            FROM sms_replies r WHERE r.keyword = \(keyword.rawValue) AND r.received_at >= \(date.timeIntervalSinceReferenceDate)
            ORDER BY r.received_at DESC, r.id DESC LIMIT \(limit)
            """) { row in found.append(try Self.reply(from: row)) }
        return found
    }

    package func smsStopped(_ phone: PhoneNumber) async throws -> Date? {
        var found: Date?
        try await client.rows("SELECT stopped_at FROM sms_stops WHERE phone = \(phone.e164)") { row in
            found = Date(timeIntervalSinceReferenceDate: try row.decode(Double.self))
        }
        return found
    }

    package func clearSMSStop(_ phone: PhoneNumber) async throws {
        try await writing { connection in
            try await connection.query("DELETE FROM sms_stops WHERE phone = \(phone.e164)", logger: Self.queryLogger)
        }
    }

    // MARK: - Rows

    private static func reply(from row: PostgresRow) throws -> SMSReply {
        let table = "sms_replies"
        let (id, gatewayID, sender, body, keyword, received, crashID, report, owner, crashReceived, removed, sent, falseAlarm) =
            try row.decode((UUID, String?, String, String, String?, Double, String, UUID, UUID, Double, Bool, Double?, Double?).self)
        guard let phone = try StoredRecord.phone(sender, table: table) else { throw ServerStoreError.damagedRecord(table: table, reason: "sender: missing") }
        return SMSReply(
            id: SMSReplyID(id), gatewayID: gatewayID, sender: phone, text: body,
            keyword: try keyword.map { try StoredRecord.named($0, as: ReplyKeyword.self, table: table, name: "keyword") },
            receivedAt: Date(timeIntervalSinceReferenceDate: received), sentAt: sent.map(Date.init(timeIntervalSinceReferenceDate:)),
            crash: CrashTie(
                crashID: try StoredRecord.crashID(crashID, table: table), report: ReportID(report), owner: AccountID(owner),
                receivedAt: Date(timeIntervalSinceReferenceDate: crashReceived), falseAlarmAt: falseAlarm.map(Date.init(timeIntervalSinceReferenceDate:))
            ),
            removedDraft: removed
        )
    }

    static func crashTie(from row: PostgresRow) throws -> CrashTie {
        let (crashID, report, owner, received, falseAlarm) = try row.decode((String, UUID, UUID, Double, Double?).self)
        return CrashTie(
            crashID: try StoredRecord.crashID(crashID, table: "crash_events"), report: ReportID(report), owner: AccountID(owner),
            receivedAt: Date(timeIntervalSinceReferenceDate: received), falseAlarmAt: falseAlarm.map(Date.init(timeIntervalSinceReferenceDate:))
        )
    }
}
