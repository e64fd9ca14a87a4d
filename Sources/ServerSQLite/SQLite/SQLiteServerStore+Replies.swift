import Domain
import Foundation
import ServerCore
import Storage

extension SQLiteServerStore: SMSReplyStore {
    package func latestCrash(textedTo phone: PhoneNumber) async throws -> CrashTie? {
        try await reading { connection in
            // The crash SMS is the one written with the event, at the event's time, for its driver.
            let query = try connection.statement("""
                SELECT e.crash_id, e.report_id, e.owner, e.received_at, e.false_alarm_at FROM sms_messages s
                JOIN crash_events e ON e.crash_id = s.crash_id AND e.owner = s.owner AND e.received_at = s.created_at
                WHERE s.recipient = \(phone.e164) ORDER BY s.created_at DESC LIMIT 1
                """)
            defer { query.reset() }
            return try query.step() ? try Self.crashTie(from: query) : nil
        }
    }

    package func recordReply(
        _ reply: SMSReply, tellsClaimsSystem: Bool, at date: Date, confirmation: @escaping @Sendable (CrashTie, ReplyEffects) -> SMSMessage?
    ) async throws -> ReplyRecord {
        try await writing { connection in
            try Self.run(in: connection) { transaction in
                try await StoreSteps.recordReply(reply, tellsClaimsSystem: tellsClaimsSystem, at: date, in: transaction, confirmation: confirmation)
            }
        }
    }

    // Each reply is read with its crash event's false-alarm mark as it is now.

    package func smsReply(_ id: SMSReplyID) async throws -> SMSReply? {
        try await replies { """
            SELECT r.id, r.gateway_id, r.sender, r.body, r.keyword, r.received_at, r.crash_id, r.report_id, r.owner, r.crash_received_at, r.draft_removed, r.sent_at,
                (SELECT e.false_alarm_at FROM crash_events e WHERE e.crash_id = r.crash_id LIMIT 1)
            FROM sms_replies r WHERE r.id = \(id.rawValue)
            """ }.first
    }

    package func replies(crashID: CrashID) async throws -> [SMSReply] {
        try await replies { """
            SELECT r.id, r.gateway_id, r.sender, r.body, r.keyword, r.received_at, r.crash_id, r.report_id, r.owner, r.crash_received_at, r.draft_removed, r.sent_at,
                (SELECT e.false_alarm_at FROM crash_events e WHERE e.crash_id = r.crash_id LIMIT 1)
            FROM sms_replies r WHERE r.crash_id = \(crashID.rawValue) ORDER BY r.received_at, r.rowid LIMIT \(ServerLimits.repliesPerCrash)
            """ }
    }

    package func recentReplies(_ keyword: ReplyKeyword, since date: Date, limit: Int) async throws -> [SMSReply] {
        try await replies { """
            SELECT r.id, r.gateway_id, r.sender, r.body, r.keyword, r.received_at, r.crash_id, r.report_id, r.owner, r.crash_received_at, r.draft_removed, r.sent_at,
                (SELECT e.false_alarm_at FROM crash_events e WHERE e.crash_id = r.crash_id LIMIT 1)
            FROM sms_replies r WHERE r.keyword = \(keyword.rawValue) AND r.received_at >= \(date.timeIntervalSinceReferenceDate)
            ORDER BY r.received_at DESC, r.rowid DESC LIMIT \(limit)
            """ }
    }

    package func smsStopped(_ phone: PhoneNumber) async throws -> Date? {
        try await reading { connection in
            let query = try connection.statement("SELECT stopped_at FROM sms_stops WHERE phone = \(phone.e164)")
            defer { query.reset() }
            return try query.step() ? Self.date(query, 0) : nil
        }
    }

    package func clearSMSStop(_ phone: PhoneNumber) async throws {
        try await writing { connection in try connection.statement("DELETE FROM sms_stops WHERE phone = \(phone.e164)").run() }
    }

    // MARK: - Rows

    /// The replies a query of `sms_replies` picks.
    private func replies(_ sql: @escaping @Sendable () -> SQLiteQuery) async throws -> [SMSReply] {
        try await reading { connection in
            let query = try connection.statement(sql())
            defer { query.reset() }
            var found: [SMSReply] = []
            while try query.step() { found.append(try Self.reply(from: query)) }
            return found
        }
    }

    private static func reply(from row: SQLiteStatement) throws(ServerStoreError) -> SMSReply {
        let table = "sms_replies"
        guard let sender = try StoredRecord.phone(row.string(2), table: table) else { throw .damagedRecord(table: table, reason: "sender: missing") }
        let keyword = try row.optionalString(4).map { text throws(ServerStoreError) in
            try StoredRecord.named(text, as: ReplyKeyword.self, table: table, name: "keyword")
        }
        return SMSReply(
            id: SMSReplyID(try uuid(row, 0, table: table, name: "id")), gatewayID: row.optionalString(1), sender: sender, text: row.string(3),
            keyword: keyword, receivedAt: date(row, 5), sentAt: row.optionalDouble(11).map(Date.init(timeIntervalSinceReferenceDate:)),
            crash: CrashTie(
                crashID: try crashID(row, 6, table: table), report: ReportID(try uuid(row, 7, table: table, name: "report_id")),
                owner: AccountID(try uuid(row, 8, table: table, name: "owner")), receivedAt: date(row, 9),
                falseAlarmAt: row.optionalDouble(12).map(Date.init(timeIntervalSinceReferenceDate:))
            ),
            removedDraft: row.int(10) != 0
        )
    }

    /// The crash event that made a crash ID, as ``crashTie(from:)`` reads it.
    static func crashTieQuery(_ crashID: CrashID) -> SQLiteQuery {
        "SELECT crash_id, report_id, owner, received_at, false_alarm_at FROM crash_events WHERE crash_id = \(crashID.rawValue) LIMIT 1"
    }

    static func crashTie(from row: SQLiteStatement) throws(ServerStoreError) -> CrashTie {
        let table = "crash_events"
        return CrashTie(
            crashID: try crashID(row, 0, table: table), report: ReportID(try uuid(row, 1, table: table, name: "report_id")),
            owner: AccountID(try uuid(row, 2, table: table, name: "owner")), receivedAt: date(row, 3),
            falseAlarmAt: row.optionalDouble(4).map(Date.init(timeIntervalSinceReferenceDate:))
        )
    }
}
