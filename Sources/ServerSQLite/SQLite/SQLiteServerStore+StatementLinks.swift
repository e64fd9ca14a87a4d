import Domain
import Foundation
import ServerCore
import Storage

extension SQLiteServerStore: StatementLinkStore {
    package func addStatementLink(_ link: StatementLink, keeping: Int) async throws {
        try await writing { connection in
            try Self.requireAccount(link.owner, in: connection)
            let insert = try connection.statement("""
                INSERT INTO statement_links (digest, report, owner, created_at, expires_at, used_at) VALUES (?1, ?2, ?3, ?4, ?5, NULL)
                """)
            insert.bind(link.digest.hex, at: 1)
            insert.bind(link.report.rawValue, at: 2)
            insert.bind(link.owner.rawValue, at: 3)
            insert.bind(link.createdAt.timeIntervalSinceReferenceDate, at: 4)
            insert.bind(link.expiresAt.timeIntervalSinceReferenceDate, at: 5)
            try insert.run()
            // The report's older links end now (a decided one keeps its copy until its own time).
            let ending = try connection.statement("""
                UPDATE statement_links SET expires_at = ?3, replaced_at = ?3
                WHERE report = ?1 AND digest != ?2 AND decided_at IS NULL AND expires_at > ?3
                """)
            ending.bind(link.report.rawValue, at: 1)
            ending.bind(link.digest.hex, at: 2)
            ending.bind(link.createdAt.timeIntervalSinceReferenceDate, at: 3)
            try ending.run()
            let oldest = try connection.statement("""
                DELETE FROM statement_links WHERE report = ?1 AND decided_at IS NULL AND digest NOT IN (
                    SELECT digest FROM statement_links WHERE report = ?1 ORDER BY created_at DESC, digest DESC LIMIT ?2
                )
                """)
            oldest.bind(link.report.rawValue, at: 1)
            oldest.bind(keeping, at: 2)
            try oldest.run()

        }
    }

    package func statementLink(_ digest: TokenDigest) async throws -> StatementLink? {
        try await reading { connection in try Self.link(digest, in: connection) }
    }

    /// The link, read inside the caller's transaction.
    private static func link(_ digest: TokenDigest, in connection: SQLiteConnection) throws -> StatementLink? {
        let query = try connection.statement("""
            SELECT report, owner, created_at, expires_at, used_at, decided_at, code_digest, code_expires_at, code_tries, codes_sent,
                code_binding, replaced_at, code_sms
            FROM statement_links WHERE digest = ?1
            """)
        query.bind(digest.hex, at: 1)
        defer { query.reset() }
        guard try query.step() else { return nil }
        // A code kept without what it was sent for (before codes were bound) no longer signs.
        let code = query.optionalString(6).flatMap { hex in
            query.optionalDouble(7).flatMap { expiresAt in
                query.optionalString(10).map { binding in
                    StatementCode(
                        digest: TokenDigest(storedHex: hex), expiresAt: Date(timeIntervalSinceReferenceDate: expiresAt), tries: query.int(8),
                        binding: TokenDigest(storedHex: binding), sms: query.uuid(12).map(SMSMessageID.init)
                    )
                }
            }
        }
        return StatementLink(
            digest: digest, report: ReportID(try Self.uuid(query, 0, table: "statement_links", name: "report")),
            owner: AccountID(try Self.uuid(query, 1, table: "statement_links", name: "owner")),
            createdAt: Date(timeIntervalSinceReferenceDate: query.double(2)), expiresAt: Date(timeIntervalSinceReferenceDate: query.double(3)),
            usedAt: query.optionalDouble(4).map(Date.init(timeIntervalSinceReferenceDate:)),
            decidedAt: query.optionalDouble(5).map(Date.init(timeIntervalSinceReferenceDate:)),
            code: code, codesSent: StatementLink.sendTimes(fromText: query.string(9)),
            replacedAt: query.optionalDouble(11).map(Date.init(timeIntervalSinceReferenceDate:))
        )
    }

    package func issueStatementCode(
        _ link: TokenDigest, code: StatementCode, sms: SMSMessage, ceilings: StatementCodeCeilings, at date: Date
    ) async throws -> StatementCodeIssue {
        try await writing { connection in
            guard let current = try Self.link(link, in: connection) else { return .gone }
            let hourAgo = date.addingTimeInterval(-3_600).timeIntervalSinceReferenceDate
            let forget = try connection.statement("DELETE FROM statement_code_sends WHERE sent_at <= ?1")
            forget.bind(hourAgo, at: 1)
            try forget.run()
            let recipient = StatementCode.recipientDigest(sms.recipient)
            let byRecipient = try Self.codeSendTimes(in: connection, "SELECT sent_at FROM statement_code_sends WHERE recipient = ?1") {
                $0.bind(recipient.hex, at: 1)
            }
            let byReport = try Self.codeSendTimes(in: connection, "SELECT sent_at FROM statement_code_sends WHERE report = ?1") {
                $0.bind(current.report.rawValue, at: 1)
            }
            if let refusal = ceilings.refusal(link: current.codesSent, phone: byRecipient, report: byReport, at: date) { return refusal }
            let update = try connection.statement("""
                UPDATE statement_links SET code_digest = ?2, code_expires_at = ?3, code_tries = 0, codes_sent = ?4, code_binding = ?5,
                    code_sms = ?6
                WHERE digest = ?1
                """)
            update.bind(link.hex, at: 1)
            update.bind(code.digest.hex, at: 2)
            update.bind(code.expiresAt.timeIntervalSinceReferenceDate, at: 3)
            update.bind(StatementLink.sendTimesText(current.codeSendTimes(after: date)), at: 4)
            update.bind(code.binding.hex, at: 5)
            update.bind(sms.id.rawValue, at: 6)
            try update.run()
            let counted = try connection.statement("INSERT INTO statement_code_sends (recipient, report, owner, sent_at) VALUES (?1, ?2, ?3, ?4)")
            counted.bind(recipient.hex, at: 1)
            counted.bind(current.report.rawValue, at: 2)
            counted.bind(current.owner.rawValue, at: 3)
            counted.bind(date.timeIntervalSinceReferenceDate, at: 4)
            try counted.run()
            try Self.insert(sms, in: connection)
            try Self.insert(ServerJob.sendSMS(sms.id), smsOwner: sms.owner, at: date, in: connection)
            return .issued
        }
    }

    /// The send times a query over `statement_code_sends` gives, inside the caller's transaction.
    private static func codeSendTimes(
        in connection: SQLiteConnection, _ sql: StaticString, binding: (SQLiteStatement) -> Void
    ) throws -> [Date] {
        let query = try connection.statement(sql)
        binding(query)
        defer { query.reset() }
        var times: [Date] = []
        while try query.step() { times.append(Date(timeIntervalSinceReferenceDate: query.double(0))) }
        return times
    }

    package func tryStatementCode(
        _ link: TokenDigest, digest: TokenDigest, binding: TokenDigest, at date: Date, maximumTries: Int
    ) async throws -> StatementCodeCheck {
        try await writing { connection in
            guard let current = try Self.link(link, in: connection) else { return .none }
            let (check, after) = current.codeTry(digest, binding: binding, at: date, maximumTries: maximumTries)
            guard after != current.code else { return check }
            let update = try connection.statement("""
                UPDATE statement_links SET code_digest = ?2, code_expires_at = ?3, code_tries = ?4, code_binding = ?5 WHERE digest = ?1
                """)
            update.bind(link.hex, at: 1)
            update.bind(after?.digest.hex, at: 2)
            update.bind(after?.expiresAt.timeIntervalSinceReferenceDate, at: 3)
            update.bind(after?.tries ?? 0, at: 4)
            update.bind(after?.binding.hex, at: 5)
            try update.run()
            return check
        }
    }

    package func decideStatementLink(_ digest: TokenDigest, at date: Date, keepUntil: Date) async throws {
        try await writing { connection in
            let update = try connection.statement("""
                UPDATE statement_links SET decided_at = ?2, expires_at = ?3, code_digest = NULL, code_expires_at = NULL WHERE digest = ?1
                """)
            update.bind(digest.hex, at: 1)
            update.bind(date.timeIntervalSinceReferenceDate, at: 2)
            update.bind(keepUntil.timeIntervalSinceReferenceDate, at: 3)
            try update.run()
        }
    }

    package func useStatementLink(_ digest: TokenDigest, at date: Date) async throws -> Bool {
        try await writing { connection in
            let update = try connection.statement("UPDATE statement_links SET used_at = ?2 WHERE digest = ?1 AND used_at IS NULL")
            update.bind(digest.hex, at: 1)
            update.bind(date.timeIntervalSinceReferenceDate, at: 2)
            try update.run()
            return connection.changes == 1
        }
    }

    package func releaseStatementLink(_ digest: TokenDigest) async throws {
        try await writing { connection in
            let update = try connection.statement("UPDATE statement_links SET used_at = NULL WHERE digest = ?1")
            update.bind(digest.hex, at: 1)
            try update.run()
        }
    }

    package func statementCopy(_ link: TokenDigest, language: String) async throws -> ContentHash? {
        try await reading { connection in try Self.copy(link, language: language, in: connection) }
    }

    private static func copy(_ link: TokenDigest, language: String, in connection: SQLiteConnection) throws -> ContentHash? {
        let query = try connection.statement("SELECT sha256 FROM statement_copies WHERE link = ?1 AND language = ?2")
        query.bind(link.hex, at: 1)
        query.bind(language, at: 2)
        defer { query.reset() }
        return try query.step() ? try StoredRecord.contentHash(query.string(0), table: "statement_copies") : nil
    }

    package func keepStatementCopy(_ link: TokenDigest, language: String, copy: ContentHash) async throws -> ContentHash? {
        try await writing { connection in
            guard let held = try Self.link(link, in: connection) else { return nil }
            let insert = try connection.statement("""
                INSERT INTO statement_copies (link, language, owner, sha256) VALUES (?1, ?2, ?3, ?4) ON CONFLICT (link, language) DO NOTHING
                """)
            insert.bind(link.hex, at: 1)
            insert.bind(language, at: 2)
            insert.bind(held.owner.rawValue, at: 3)
            insert.bind(copy.hex, at: 4)
            try insert.run()
            return try Self.copy(link, language: language, in: connection)
        }
    }

    package func forgetStatementLinks(expiredBefore date: Date) async throws -> ForgottenStatementLinks {
        try await writing { connection in
            let copies = try connection.statement("""
                SELECT c.sha256 FROM statement_copies c JOIN statement_links l ON l.digest = c.link WHERE l.expires_at < ?1
                """)
            copies.bind(date.timeIntervalSinceReferenceDate, at: 1)
            var kept: [ContentHash] = []
            while try copies.step() { kept.append(try StoredRecord.contentHash(copies.string(0), table: "statement_copies")) }
            copies.reset()
            let forgetCopies = try connection.statement("""
                DELETE FROM statement_copies WHERE link IN (SELECT digest FROM statement_links WHERE expires_at < ?1)
                """)
            forgetCopies.bind(date.timeIntervalSinceReferenceDate, at: 1)
            try forgetCopies.run()
            let delete = try connection.statement("DELETE FROM statement_links WHERE expires_at < ?1")
            delete.bind(date.timeIntervalSinceReferenceDate, at: 1)
            try delete.run()
            return ForgottenStatementLinks(count: connection.changes, copies: kept)
        }
    }
}
