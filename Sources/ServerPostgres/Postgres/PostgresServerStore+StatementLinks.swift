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
        try await client.rows("""
            SELECT report, owner, created_at, expires_at, used_at FROM statement_links WHERE digest = \(digest.hex)
            """) { row in
            let (report, owner, createdAt, expiresAt, usedAt) = try row.decode((UUID, UUID, Double, Double, Double?).self)
            found = StatementLink(
                digest: digest, report: ReportID(report), owner: AccountID(owner),
                createdAt: Date(timeIntervalSinceReferenceDate: createdAt), expiresAt: Date(timeIntervalSinceReferenceDate: expiresAt),
                usedAt: usedAt.map(Date.init(timeIntervalSinceReferenceDate:))
            )
        }
        return found
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
