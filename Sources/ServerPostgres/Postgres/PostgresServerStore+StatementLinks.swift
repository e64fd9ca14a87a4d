import Domain
import Foundation
import PostgresNIO
import ServerCore

extension PostgresServerStore: StatementLinkStore {
    package func addStatementLink(_ link: StatementLink, keeping: Int) async throws {
        try await writing { connection in
            try await Self.requireAccount(link.owner, on: connection)
            try await connection.query("""
                INSERT INTO statement_links (digest, report, owner, created_at, expires_at, used_at)
                VALUES (\(link.digest.hex), \(link.report.rawValue), \(link.owner.rawValue), \(link.createdAt.timeIntervalSinceReferenceDate),
                        \(link.expiresAt.timeIntervalSinceReferenceDate), NULL)
                """, logger: Self.queryLogger)
            try await connection.query("""
                DELETE FROM statement_links WHERE report = \(link.report.rawValue) AND digest NOT IN (
                    SELECT digest FROM statement_links WHERE report = \(link.report.rawValue)
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
        SELECT report, owner, created_at, expires_at, used_at, decided_at, code_digest, code_expires_at, code_tries, codes_sent
        FROM statement_links
        """

    private static func link(_ digest: TokenDigest, from row: PostgresRow) throws -> StatementLink {
        let (report, owner, createdAt, expiresAt, usedAt, decidedAt, codeDigest, codeExpiresAt, codeTries, codesSent) = try row.decode(
            (UUID, UUID, Double, Double, Double?, Double?, String?, Double?, Int, String).self
        )
        let code = codeDigest.flatMap { hex in
            codeExpiresAt.map { StatementCode(digest: TokenDigest(storedHex: hex), expiresAt: Date(timeIntervalSinceReferenceDate: $0), tries: codeTries) }
        }
        return StatementLink(
            digest: digest, report: ReportID(report), owner: AccountID(owner),
            createdAt: Date(timeIntervalSinceReferenceDate: createdAt), expiresAt: Date(timeIntervalSinceReferenceDate: expiresAt),
            usedAt: usedAt.map(Date.init(timeIntervalSinceReferenceDate:)), decidedAt: decidedAt.map(Date.init(timeIntervalSinceReferenceDate:)),
            code: code, codesSent: StatementLink.sendTimes(fromText: codesSent)
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

    package func issueStatementCode(_ link: TokenDigest, code: StatementCode, sms: SMSMessage, perHour: Int, at date: Date) async throws -> StatementCodeIssue {
        try await writing { connection in
            guard let current = try await Self.lockedLink(link, on: connection) else { return .gone }
            switch current.codeSending(at: date, perHour: perHour) {
            case let .failure(refusal):
                return .tooMany(nextAt: refusal.nextAt)
            case let .success(sent):
                try await connection.query("""
                    UPDATE statement_links SET code_digest = \(code.digest.hex), code_expires_at = \(code.expiresAt.timeIntervalSinceReferenceDate),
                        code_tries = 0, codes_sent = \(StatementLink.sendTimesText(sent))
                    WHERE digest = \(link.hex)
                    """, logger: Self.queryLogger)
                try await Self.insert(sms, on: connection)
                try await Self.insert(ServerJob.sendSMS(sms.id), smsOwner: sms.owner, at: date, on: connection)
                return .issued
            }
        }
    }

    package func tryStatementCode(_ link: TokenDigest, digest: TokenDigest, at date: Date, maximumTries: Int) async throws -> StatementCodeCheck {
        try await writing { connection in
            guard let current = try await Self.lockedLink(link, on: connection) else { return .none }
            let (check, after) = current.codeTry(digest, at: date, maximumTries: maximumTries)
            guard after != current.code else { return check }
            try await connection.query("""
                UPDATE statement_links SET code_digest = \(after?.digest.hex), code_expires_at = \(after?.expiresAt.timeIntervalSinceReferenceDate),
                    code_tries = \(after?.tries ?? 0)
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

    package func forgetStatementLinks(expiredBefore date: Date) async throws -> Int {
        var count = 0
        try await client.rows("""
            WITH gone AS (DELETE FROM statement_links WHERE expires_at < \(date.timeIntervalSinceReferenceDate) RETURNING 1)
            SELECT count(*) FROM gone
            """) { row in count = try row.decode(Int.self) }
        return count
    }
}
