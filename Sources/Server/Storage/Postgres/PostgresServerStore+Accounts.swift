import Foundation
import PostgresNIO

extension PostgresServerStore: AccountStore {
    func addAccount(name: String, kind: Account.Kind, tokenDigest: TokenDigest, at date: Date) async throws -> Account {
        let account = Account(id: AccountID(), name: name, kind: kind, createdAt: date)
        var inserted = false
        // The name is claimed by the insert itself: of two adds at once, the second finds the first's row.
        try await client.rows("""
            INSERT INTO accounts (id, name, kind, token_digest, created_at)
            VALUES (\(account.id.rawValue), \(name), \(kind.rawValue), \(tokenDigest.hex), \(date.timeIntervalSinceReferenceDate))
            ON CONFLICT (kind, name) DO NOTHING
            RETURNING id
            """) { _ in inserted = true }
        guard inserted else { throw ServerStoreError.nameTaken(name, kind: kind) }
        return account
    }

    func account(for digest: TokenDigest) async throws -> Account? {
        var found: Account?
        try await client.rows("SELECT id, name, kind, created_at FROM accounts WHERE token_digest = \(digest.hex)") { row in
            found = try Self.account(from: row)
        }
        return found
    }

    func user(named name: String) async throws -> Account? {
        var found: Account?
        try await client.rows("SELECT id, name, kind, created_at FROM accounts WHERE kind = 'user' AND name = \(name)") { row in
            found = try Self.account(from: row)
        }
        return found
    }

    func replaceToken(name: String, kind: Account.Kind, with digest: TokenDigest?) async throws -> Account? {
        var found: Account?
        try await client.rows("""
            UPDATE accounts SET token_digest = \((digest ?? .revoked()).hex) WHERE kind = \(kind.rawValue) AND name = \(name)
            RETURNING id, name, kind, created_at
            """) { row in found = try Self.account(from: row) }
        return found
    }

    // MARK: - Rows

    /// The account in a row of `id, name, kind, created_at`.
    private static func account(from row: PostgresRow) throws -> Account {
        let (id, name, kind, created) = try row.decode((UUID, String, String, Double).self)
        return Account(
            id: AccountID(id), name: name,
            kind: try StoredRecord.named(kind, as: Account.Kind.self, table: "accounts", name: "kind"),
            createdAt: Date(timeIntervalSinceReferenceDate: created)
        )
    }
}
