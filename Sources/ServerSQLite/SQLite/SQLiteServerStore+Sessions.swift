import Foundation
import ServerCore

extension SQLiteServerStore: SessionStore {
    package func addSession(_ session: HandlerSession, keeping: Int) async throws {
        try await writing { connection in
            let insert = try connection.statement("""
                INSERT INTO handler_sessions (digest, account, token_digest, csrf, created_at, expires_at)
                VALUES (\(session.digest.hex), \(session.account.rawValue), \(session.tokenDigest.hex), \(session.csrf),
                    \(session.createdAt.timeIntervalSinceReferenceDate), \(session.expiresAt.timeIntervalSinceReferenceDate))
                """)
            try insert.run()
            let oldest = try connection.statement("""
                DELETE FROM handler_sessions WHERE account = \(session.account.rawValue) AND digest NOT IN (
                    SELECT digest FROM handler_sessions WHERE account = \(session.account.rawValue) ORDER BY created_at DESC,
                        digest DESC LIMIT \(keeping)
                )
                """)
            try oldest.run()
        }
    }

    package func session(for digest: TokenDigest, at date: Date) async throws -> HandlerSession? {
        try await reading { connection in
            let query = try connection.statement("""
                SELECT account, token_digest, csrf, created_at, expires_at FROM handler_sessions WHERE digest = \(digest.hex)
                    AND expires_at > \(date.timeIntervalSinceReferenceDate)
                """)
            defer { query.reset() }
            guard try query.step() else { return nil }
            return HandlerSession(
                digest: digest, account: AccountID(try Self.uuid(query, 0, table: "handler_sessions", name: "account")),
                tokenDigest: TokenDigest(storedHex: query.string(1)), csrf: query.string(2),
                createdAt: Date(timeIntervalSinceReferenceDate: query.double(3)), expiresAt: Date(timeIntervalSinceReferenceDate: query.double(4))
            )
        }
    }

    package func removeSession(_ digest: TokenDigest) async throws {
        try await writing { connection in
            let delete = try connection.statement("DELETE FROM handler_sessions WHERE digest = \(digest.hex)")
            try delete.run()
        }
    }

    package func forgetSessions(expiredBefore date: Date) async throws -> Int {
        try await writing { connection in
            let delete = try connection.statement("DELETE FROM handler_sessions WHERE expires_at < \(date.timeIntervalSinceReferenceDate)")
            try delete.run()
            return connection.changes
        }
    }
}
