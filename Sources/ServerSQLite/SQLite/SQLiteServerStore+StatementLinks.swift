import Data
import Domain
import Foundation
import ServerCore

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
            let oldest = try connection.statement("""
                DELETE FROM statement_links WHERE report = ?1 AND digest NOT IN (
                    SELECT digest FROM statement_links WHERE report = ?1 ORDER BY created_at DESC, digest DESC LIMIT ?2
                )
                """)
            oldest.bind(link.report.rawValue, at: 1)
            oldest.bind(keeping, at: 2)
            try oldest.run()
        }
    }

    package func statementLink(_ digest: TokenDigest) async throws -> StatementLink? {
        try await reading { connection in
            let query = try connection.statement("""
                SELECT report, owner, created_at, expires_at, used_at FROM statement_links WHERE digest = ?1
                """)
            query.bind(digest.hex, at: 1)
            defer { query.reset() }
            guard try query.step() else { return nil }
            return StatementLink(
                digest: digest, report: ReportID(try Self.uuid(query, 0, table: "statement_links", name: "report")),
                owner: AccountID(try Self.uuid(query, 1, table: "statement_links", name: "owner")),
                createdAt: Date(timeIntervalSinceReferenceDate: query.double(2)), expiresAt: Date(timeIntervalSinceReferenceDate: query.double(3)),
                usedAt: query.optionalDouble(4).map(Date.init(timeIntervalSinceReferenceDate:))
            )
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

    package func forgetStatementLinks(expiredBefore date: Date) async throws -> Int {
        try await writing { connection in
            let delete = try connection.statement("DELETE FROM statement_links WHERE expires_at < ?1")
            delete.bind(date.timeIntervalSinceReferenceDate, at: 1)
            try delete.run()
            return connection.changes
        }
    }
}
