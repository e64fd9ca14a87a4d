import Domain
import Foundation
import ServerCore
import Storage

extension SQLiteServerStore: StatementLinkStore {
    package func addStatementLink(_ link: StatementLink, keeping: Int) async throws {
        try await writing { connection in
            try Self.requireAccount(link.owner, in: connection)
            let insert = try connection.statement("""
                INSERT INTO statement_links (digest, report, statement, owner, created_at, expires_at, used_at) VALUES (\(link.digest.hex),
                    \(link.report.rawValue), \(link.pair.stored), \(link.owner.rawValue), \(link.createdAt.timeIntervalSinceReferenceDate),
                    \(link.expiresAt.timeIntervalSinceReferenceDate), NULL)
                """)
            try insert.run()
            // The statement's older links end now (a decided one keeps its copy until its own time).
            let ending = try connection.statement("""
                UPDATE statement_links SET expires_at = \(link.createdAt.timeIntervalSinceReferenceDate),
                    replaced_at = \(link.createdAt.timeIntervalSinceReferenceDate)
                WHERE report = \(link.report.rawValue) AND statement = \(link.pair.stored) AND digest != \(link.digest.hex)
                    AND decided_at IS NULL AND expires_at > \(link.createdAt.timeIntervalSinceReferenceDate)
                """)
            try ending.run()
            let oldest = try connection.statement("""
                DELETE FROM statement_links WHERE report = \(link.report.rawValue) AND statement = \(link.pair.stored) AND decided_at IS NULL
                    AND digest NOT IN (
                        SELECT digest FROM statement_links WHERE report = \(link.report.rawValue) AND statement = \(link.pair.stored)
                        ORDER BY created_at DESC, digest DESC LIMIT \(keeping)
                    )
                """)
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
                code_binding, replaced_at, code_sms, statement
            FROM statement_links WHERE digest = \(digest.hex)
            """)
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
        let pair = try StoredRecord.pair(query.string(13), table: "statement_links")
        return StatementLink(
            digest: digest, report: ReportID(try Self.uuid(query, 0, table: "statement_links", name: "report")), pair: pair,
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
            let forget = try connection.statement("DELETE FROM statement_code_sends WHERE sent_at <= \(hourAgo)")
            try forget.run()
            let recipient = StatementCode.recipientDigest(sms.recipient)
            let byRecipient = try Self.codeSendTimes(in: connection, "SELECT sent_at FROM statement_code_sends WHERE recipient = \(recipient.hex)")
            let byStatement = try Self.codeSendTimes(in: connection, """
                SELECT sent_at FROM statement_code_sends WHERE report = \(current.report.rawValue) AND statement = \(current.pair.stored)
                """)
            if let refusal = ceilings.refusal(link: current.codesSent, phone: byRecipient, statement: byStatement, at: date) { return refusal }
            let update = try connection.statement("""
                UPDATE statement_links SET code_digest = \(code.digest.hex), code_expires_at = \(code.expiresAt.timeIntervalSinceReferenceDate),
                    code_tries = 0, codes_sent = \(StatementLink.sendTimesText(current.codeSendTimes(after: date))),
                    code_binding = \(code.binding.hex),
                    code_sms = \(sms.id.rawValue)
                WHERE digest = \(link.hex)
                """)
            try update.run()
            let counted = try connection.statement("""
                INSERT INTO statement_code_sends (recipient, report, statement, owner, sent_at) VALUES (\(recipient.hex),
                    \(current.report.rawValue), \(current.pair.stored), \(current.owner.rawValue), \(date.timeIntervalSinceReferenceDate))
                """)
            try counted.run()
            try Self.insert(sms, in: connection)
            try Self.insert(ServerJob.sendSMS(sms.id), smsOwner: sms.owner, at: date, in: connection)
            return .issued
        }
    }

    /// The send times a query over `statement_code_sends` gives, inside the caller's transaction.
    private static func codeSendTimes(
        in connection: SQLiteConnection, _ sql: SQLiteQuery
    ) throws -> [Date] {
        let query = try connection.statement(sql)
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
                UPDATE statement_links SET code_digest = \(after?.digest.hex),
                    code_expires_at = \(after?.expiresAt.timeIntervalSinceReferenceDate), code_tries = \(after?.tries ?? 0),
                    code_binding = \(after?.binding.hex) WHERE digest = \(link.hex)
                """)
            try update.run()
            return check
        }
    }

    package func decideStatementLink(_ digest: TokenDigest, at date: Date, keepUntil: Date) async throws {
        try await writing { connection in
            let update = try connection.statement("""
                UPDATE statement_links SET decided_at = \(date.timeIntervalSinceReferenceDate),
                    expires_at = \(keepUntil.timeIntervalSinceReferenceDate), code_digest = NULL, code_expires_at = NULL WHERE digest = \(digest.hex)
                """)
            try update.run()
        }
    }

    package func useStatementLink(_ digest: TokenDigest, at date: Date) async throws -> Bool {
        try await writing { connection in
            let update = try connection.statement("""
                UPDATE statement_links SET used_at = \(date.timeIntervalSinceReferenceDate) WHERE digest = \(digest.hex) AND used_at IS NULL
                """)
            try update.run()
            return connection.changes == 1
        }
    }

    package func releaseStatementLink(_ digest: TokenDigest) async throws {
        try await writing { connection in
            let update = try connection.statement("UPDATE statement_links SET used_at = NULL WHERE digest = \(digest.hex)")
            try update.run()
        }
    }

    package func statementCopy(_ link: TokenDigest, language: String) async throws -> ContentHash? {
        try await reading { connection in try Self.copy(link, language: language, in: connection) }
    }

    private static func copy(_ link: TokenDigest, language: String, in connection: SQLiteConnection) throws -> ContentHash? {
        let query = try connection.statement("SELECT sha256 FROM statement_copies WHERE link = \(link.hex) AND language = \(language)")
        defer { query.reset() }
        return try query.step() ? try StoredRecord.contentHash(query.string(0), table: "statement_copies") : nil
    }

    package func keepStatementCopy(_ link: TokenDigest, language: String, copy: ContentHash) async throws -> ContentHash? {
        try await writing { connection in
            guard let held = try Self.link(link, in: connection) else { return nil }
            let insert = try connection.statement("""
                INSERT INTO statement_copies (link, language, owner, sha256) VALUES (\(link.hex), \(language), \(held.owner.rawValue),
                    \(copy.hex)) ON CONFLICT (link, language) DO NOTHING
                """)
            try insert.run()
            return try Self.copy(link, language: language, in: connection)
        }
    }

    package func forgetStatementLinks(expiredBefore date: Date) async throws -> ForgottenStatementLinks {
        try await writing { connection in
            let copies = try connection.statement("""
                SELECT c.sha256 FROM statement_copies c JOIN statement_links l ON l.digest = c.link
                    WHERE l.expires_at < \(date.timeIntervalSinceReferenceDate)
                """)
            var kept: [ContentHash] = []
            while try copies.step() { kept.append(try StoredRecord.contentHash(copies.string(0), table: "statement_copies")) }
            copies.reset()
            let forgetCopies = try connection.statement("""
                DELETE FROM statement_copies WHERE link IN (SELECT digest FROM statement_links
                    WHERE expires_at < \(date.timeIntervalSinceReferenceDate))
                """)
            try forgetCopies.run()
            let delete = try connection.statement("DELETE FROM statement_links WHERE expires_at < \(date.timeIntervalSinceReferenceDate)")
            try delete.run()
            return ForgottenStatementLinks(count: connection.changes, copies: kept)
        }
    }
}
