import Domain
import Foundation
import PostgresNIO
import ServerCore

extension PostgresServerStore: StatementLinkStore {
    package func addStatementLink(_ link: StatementLink, keeping: Int) async throws {
        try await writing { connection in
            try await Self.requireAccount(link.owner, on: connection)
            try await connection.query("""
                INSERT INTO statement_links (digest, report, statement, owner, created_at, expires_at, used_at)
                VALUES (\(link.digest.hex), \(link.report.rawValue), \(link.pair.stored), \(link.owner.rawValue), \(link.createdAt.timeIntervalSinceReferenceDate),
                        \(link.expiresAt.timeIntervalSinceReferenceDate), NULL)
                """, logger: Self.queryLogger)
            // The statement's older links end now (a decided one keeps its copy until its own time).
            let now = link.createdAt.timeIntervalSinceReferenceDate
            let pair = link.pair.stored
            try await connection.query("""
                UPDATE statement_links SET expires_at = \(now), replaced_at = \(now)
                WHERE report = \(link.report.rawValue) AND statement = \(pair) AND digest != \(link.digest.hex) AND decided_at IS NULL
                    AND expires_at > \(now)
                """, logger: Self.queryLogger)
            try await connection.query("""
                DELETE FROM statement_links WHERE report = \(link.report.rawValue) AND statement = \(pair) AND decided_at IS NULL
                    AND digest NOT IN (
                        SELECT digest FROM statement_links WHERE report = \(link.report.rawValue) AND statement = \(pair)
                        ORDER BY created_at DESC, digest DESC LIMIT \(Int64(clamping: keeping))
                    )
                """, logger: Self.queryLogger)
        }
    }

    package func statementLink(_ digest: TokenDigest) async throws -> StatementLink? {
        var found: StatementLink?
        try await client.rows("\(unescaped: Self.linkColumns) WHERE digest = \(digest.hex)") { row in
            found = try Self.link(digest, from: row)
        }
        return found
    }

    private static let linkColumns = """
        SELECT report, owner, created_at, expires_at, used_at, decided_at, code_digest, code_expires_at, code_tries, codes_sent,
            code_binding, replaced_at, code_sms, statement
        FROM statement_links
        """

    private static func link(_ digest: TokenDigest, from row: PostgresRow) throws -> StatementLink {
        let (report, owner, createdAt, expiresAt, usedAt, decidedAt, codeDigest, codeExpiresAt, codeTries, codesSent, codeBinding, replacedAt, codeSMS, statement) = try row.decode(
            (UUID, UUID, Double, Double, Double?, Double?, String?, Double?, Int, String, String?, Double?, UUID?, String).self
        )
        // A code kept without what it was sent for (before codes were bound) no longer signs.
        var code: StatementCode?
        if let codeDigest, let codeExpiresAt, let codeBinding {
            code = StatementCode(
                digest: TokenDigest(storedHex: codeDigest), expiresAt: Date(timeIntervalSinceReferenceDate: codeExpiresAt), tries: codeTries,
                binding: TokenDigest(storedHex: codeBinding), sms: codeSMS.map(SMSMessageID.init)
            )
        }
        return StatementLink(
            digest: digest, report: ReportID(report), pair: try StoredRecord.pair(statement, table: "statement_links"), owner: AccountID(owner),
            createdAt: Date(timeIntervalSinceReferenceDate: createdAt), expiresAt: Date(timeIntervalSinceReferenceDate: expiresAt),
            usedAt: usedAt.map(Date.init(timeIntervalSinceReferenceDate:)), decidedAt: decidedAt.map(Date.init(timeIntervalSinceReferenceDate:)),
            code: code, codesSent: StatementLink.sendTimes(fromText: codesSent),
            replacedAt: replacedAt.map(Date.init(timeIntervalSinceReferenceDate:))
        )
    }

    /// The link, read and locked inside the caller's transaction.
    private static func lockedLink(_ digest: TokenDigest, on connection: PostgresConnection) async throws -> StatementLink? {
        var found: StatementLink?
        for try await row in try await connection.query("\(unescaped: linkColumns) WHERE digest = \(digest.hex) FOR UPDATE", logger: queryLogger) {
            found = try link(digest, from: row)
        }
        return found
    }

    package func issueStatementCode(
        _ link: TokenDigest, code: StatementCode, sms: SMSMessage, ceilings: StatementCodeCeilings, at date: Date
    ) async throws -> StatementCodeIssue {
        try await writing { connection in
            guard let current = try await Self.lockedLink(link, on: connection) else { return .gone }
            let recipient = StatementCode.recipientDigest(sms.recipient).hex
            let report = current.report.rawValue
            // Codes for one number (or one report) asked through other links wait here: the counts below stay true
            // until this transaction ends. Always the number first, then the report, so two never wait on each other.
            try await connection.query(
                "SELECT pg_advisory_xact_lock(\(Self.codeSendsLockClass), hashtext(\(recipient)))", logger: Self.queryLogger
            )
            try await connection.query(
                "SELECT pg_advisory_xact_lock(\(Self.codeSendsLockClass + 1), hashtext(\(report.uuidString)))", logger: Self.queryLogger
            )
            let hourAgo = date.addingTimeInterval(-3_600).timeIntervalSinceReferenceDate
            try await connection.query("DELETE FROM statement_code_sends WHERE sent_at <= \(hourAgo)", logger: Self.queryLogger)
            var byRecipient: [Date] = []
            for try await sentAt in try await connection.query(
                "SELECT sent_at FROM statement_code_sends WHERE recipient = \(recipient)", logger: Self.queryLogger
            ).decode(Double.self) {
                byRecipient.append(Date(timeIntervalSinceReferenceDate: sentAt))
            }
            var byStatement: [Date] = []
            for try await sentAt in try await connection.query(
                "SELECT sent_at FROM statement_code_sends WHERE report = \(report) AND statement = \(current.pair.stored)", logger: Self.queryLogger
            ).decode(Double.self) {
                byStatement.append(Date(timeIntervalSinceReferenceDate: sentAt))
            }
            if let refusal = ceilings.refusal(link: current.codesSent, phone: byRecipient, statement: byStatement, at: date) { return refusal }
            try await connection.query("""
                UPDATE statement_links SET code_digest = \(code.digest.hex), code_expires_at = \(code.expiresAt.timeIntervalSinceReferenceDate),
                    code_tries = 0, codes_sent = \(StatementLink.sendTimesText(current.codeSendTimes(after: date))),
                    code_binding = \(code.binding.hex), code_sms = \(sms.id.rawValue)
                WHERE digest = \(link.hex)
                """, logger: Self.queryLogger)
            try await connection.query("""
                INSERT INTO statement_code_sends (recipient, report, statement, owner, sent_at)
                VALUES (\(recipient), \(report), \(current.pair.stored), \(current.owner.rawValue), \(date.timeIntervalSinceReferenceDate))
                """, logger: Self.queryLogger)
            try await Self.insert(sms, on: connection)
            try await Self.insert(ServerJob.sendSMS(sms.id), smsOwner: sms.owner, at: date, on: connection)
            return .issued
        }
    }

    /// The first of the two advisory-lock classes (the number, then the report) under which codes are counted.
    private static let codeSendsLockClass: Int32 = 7_301

    package func tryStatementCode(
        _ link: TokenDigest, digest: TokenDigest, binding: TokenDigest, at date: Date, maximumTries: Int
    ) async throws -> StatementCodeCheck {
        try await writing { connection in
            guard let current = try await Self.lockedLink(link, on: connection) else { return .none }
            let (check, after) = current.codeTry(digest, binding: binding, at: date, maximumTries: maximumTries)
            guard after != current.code else { return check }
            try await connection.query("""
                UPDATE statement_links SET code_digest = \(after?.digest.hex), code_expires_at = \(after?.expiresAt.timeIntervalSinceReferenceDate),
                    code_tries = \(after?.tries ?? 0), code_binding = \(after?.binding.hex)
                WHERE digest = \(link.hex)
                """, logger: Self.queryLogger)
            return check
        }
    }

    package func decideStatementLink(_ digest: TokenDigest, at date: Date, keepUntil: Date) async throws {
        try await client.query("""
            UPDATE statement_links SET decided_at = \(date.timeIntervalSinceReferenceDate), expires_at = \(keepUntil.timeIntervalSinceReferenceDate),
                code_digest = NULL, code_expires_at = NULL
            WHERE digest = \(digest.hex)
            """, logger: Self.queryLogger)
    }

    package func useStatementLink(_ digest: TokenDigest, at date: Date) async throws -> Bool {
        var marked = false
        try await client.rows("""
            UPDATE statement_links SET used_at = \(date.timeIntervalSinceReferenceDate)
            WHERE digest = \(digest.hex) AND used_at IS NULL RETURNING 1
            """) { _ in marked = true }
        return marked
    }

    package func releaseStatementLink(_ digest: TokenDigest) async throws {
        try await client.query("UPDATE statement_links SET used_at = NULL WHERE digest = \(digest.hex)", logger: Self.queryLogger)
    }

    package func statementCopy(_ link: TokenDigest, language: String) async throws -> ContentHash? {
        var found: ContentHash?
        try await client.rows("SELECT sha256 FROM statement_copies WHERE link = \(link.hex) AND language = \(language)") { row in
            found = try StoredRecord.contentHash(try row.decode(String.self), table: "statement_copies")
        }
        return found
    }

    package func keepStatementCopy(_ link: TokenDigest, language: String, copy: ContentHash) async throws -> ContentHash? {
        try await writing { connection in
            guard let held = try await Self.lockedLink(link, on: connection) else { return nil }
            try await connection.query("""
                INSERT INTO statement_copies (link, language, owner, sha256) VALUES (\(link.hex), \(language), \(held.owner.rawValue), \(copy.hex))
                ON CONFLICT (link, language) DO NOTHING
                """, logger: Self.queryLogger)
            var kept: ContentHash?
            for try await sha256 in try await connection.query(
                "SELECT sha256 FROM statement_copies WHERE link = \(link.hex) AND language = \(language)", logger: Self.queryLogger
            ).decode(String.self) {
                kept = try StoredRecord.contentHash(sha256, table: "statement_copies")
            }
            return kept
        }
    }

    package func forgetStatementLinks(expiredBefore date: Date) async throws -> ForgottenStatementLinks {
        try await writing { connection in
            let cutoff = date.timeIntervalSinceReferenceDate
            var copies: [ContentHash] = []
            for try await sha256 in try await connection.query("""
                DELETE FROM statement_copies WHERE link IN (SELECT digest FROM statement_links WHERE expires_at < \(cutoff)) RETURNING sha256
                """, logger: Self.queryLogger).decode(String.self) {
                copies.append(try StoredRecord.contentHash(sha256, table: "statement_copies"))
            }
            var count = 0
            for try await _ in try await connection.query(
                "DELETE FROM statement_links WHERE expires_at < \(cutoff) RETURNING 1", logger: Self.queryLogger
            ) {
                count += 1
            }
            return ForgottenStatementLinks(count: count, copies: copies)
        }
    }
}
