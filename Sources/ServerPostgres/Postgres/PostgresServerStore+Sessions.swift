import Foundation
import PostgresNIO
import ServerCore

extension PostgresServerStore: SessionStore {
    package func addSession(_ session: HandlerSession, keeping: Int) async throws {
        try await writing { connection in
            try await connection.query("""
                INSERT INTO handler_sessions (digest, account, token_digest, csrf, created_at, expires_at)
                VALUES (\(session.digest.hex), \(session.account.rawValue), \(session.tokenDigest.hex), \(session.csrf),
                        \(session.createdAt.timeIntervalSinceReferenceDate), \(session.expiresAt.timeIntervalSinceReferenceDate))
                """, logger: Self.queryLogger)
            try await connection.query("""
                DELETE FROM handler_sessions WHERE account = \(session.account.rawValue) AND digest NOT IN (
                    SELECT digest FROM handler_sessions WHERE account = \(session.account.rawValue)
                    ORDER BY created_at DESC, digest DESC LIMIT \(Int64(clamping: keeping))
                )
                """, logger: Self.queryLogger)
        }
    }

    package func session(for digest: TokenDigest, at date: Date) async throws -> HandlerSession? {
        var found: HandlerSession?
        try await client.rows("""
            SELECT account, token_digest, csrf, created_at, expires_at FROM handler_sessions
            WHERE digest = \(digest.hex) AND expires_at > \(date.timeIntervalSinceReferenceDate)
            """) { row in
            let (account, tokenDigest, csrf, createdAt, expiresAt) = try row.decode((UUID, String, String, Double, Double).self)
            found = HandlerSession(
                digest: digest, account: AccountID(account), tokenDigest: TokenDigest(storedHex: tokenDigest), csrf: csrf,
                createdAt: Date(timeIntervalSinceReferenceDate: createdAt), expiresAt: Date(timeIntervalSinceReferenceDate: expiresAt)
            )
        }
        return found
    }

    package func removeSession(_ digest: TokenDigest) async throws {
        try await client.query("DELETE FROM handler_sessions WHERE digest = \(digest.hex)", logger: Self.queryLogger)
    }

    package func forgetSessions(expiredBefore date: Date) async throws -> Int {
        var count = 0
        try await client.rows("""
            WITH gone AS (DELETE FROM handler_sessions WHERE expires_at < \(date.timeIntervalSinceReferenceDate) RETURNING 1)
            SELECT count(*) FROM gone
            """) { row in count = try row.decode(Int.self) }
        return count
    }
}
