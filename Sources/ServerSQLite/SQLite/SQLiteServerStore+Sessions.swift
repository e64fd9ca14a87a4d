import Foundation
import ServerCore

extension SQLiteServerStore: SessionStore {
    package func addSession(_ session: HandlerSession, keeping: Int) async throws {
        try await writing { connection in
            let insert = try connection.statement("""
                INSERT INTO handler_sessions (digest, account, token_digest, csrf, created_at, expires_at)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                """)
            insert.bind(session.digest.hex, at: 1)
            insert.bind(session.account.rawValue, at: 2)
            insert.bind(session.tokenDigest.hex, at: 3)
            insert.bind(session.csrf, at: 4)
            insert.bind(session.createdAt.timeIntervalSinceReferenceDate, at: 5)
            insert.bind(session.expiresAt.timeIntervalSinceReferenceDate, at: 6)
            try insert.run()
            let oldest = try connection.statement("""
                DELETE FROM handler_sessions WHERE account = ?1 AND digest NOT IN (
                    SELECT digest FROM handler_sessions WHERE account = ?1 ORDER BY created_at DESC, digest DESC LIMIT ?2
                )
                """)
            oldest.bind(session.account.rawValue, at: 1)
            oldest.bind(keeping, at: 2)
            try oldest.run()
        }
    }

    package func session(for digest: TokenDigest, at date: Date) async throws -> HandlerSession? {
        try await reading { connection in
            let query = try connection.statement("""
                SELECT account, token_digest, csrf, created_at, expires_at FROM handler_sessions WHERE digest = ?1 AND expires_at > ?2
                """)
            query.bind(digest.hex, at: 1)
            query.bind(date.timeIntervalSinceReferenceDate, at: 2)
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
            let delete = try connection.statement("DELETE FROM handler_sessions WHERE digest = ?1")
            delete.bind(digest.hex, at: 1)
            try delete.run()
        }
    }

    package func forgetSessions(expiredBefore date: Date) async throws -> Int {
        try await writing { connection in
            let delete = try connection.statement("DELETE FROM handler_sessions WHERE expires_at < ?1")
            delete.bind(date.timeIntervalSinceReferenceDate, at: 1)
            try delete.run()
            return connection.changes
        }
    }
}
