import Domain
import Foundation
import PostgresNIO
import ServerCore

extension PostgresServerStore: AccountStore {
    package func addAccount(name: String, kind: Account.Kind, tokenDigest: TokenDigest, phone: PhoneNumber?, at date: Date) async throws -> Account {
        let account = Account(id: AccountID(), name: name, kind: kind, createdAt: date, phone: phone)
        var inserted = false
        // The name is claimed by the insert itself: of two adds at once, the second finds the first's row.
        try await client.rows("""
            INSERT INTO accounts (id, name, kind, token_digest, created_at, phone)
            VALUES (\(account.id.rawValue), \(name), \(kind.rawValue), \(tokenDigest.hex), \(date.timeIntervalSinceReferenceDate), \(phone?.e164))
            ON CONFLICT (kind, name) DO NOTHING
            RETURNING id
            """) { _ in inserted = true }
        guard inserted else { throw ServerStoreError.nameTaken(name, kind: kind) }
        return account
    }

    package func account(for digest: TokenDigest) async throws -> Account? {
        var found: Account?
        try await client.rows("SELECT id, name, kind, created_at, phone, language, customer_ref, policy_ref FROM accounts WHERE token_digest = \(digest.hex)") { row in
            found = try Self.account(from: row)
        }
        return found
    }

    package func account(id: AccountID) async throws -> Account? {
        var found: Account?
        try await client.rows("SELECT id, name, kind, created_at, phone, language, customer_ref, policy_ref FROM accounts WHERE id = \(id.rawValue)") { row in
            found = try Self.account(from: row)
        }
        return found
    }

    package func user(named name: String) async throws -> Account? {
        var found: Account?
        try await client.rows("SELECT id, name, kind, created_at, phone, language, customer_ref, policy_ref FROM accounts WHERE kind = 'user' AND name = \(name)") { row in
            found = try Self.account(from: row)
        }
        return found
    }

    package func replaceToken(name: String, kind: Account.Kind, with digest: TokenDigest?) async throws -> Account? {
        var found: Account?
        try await client.rows("""
            UPDATE accounts SET token_digest = \((digest ?? .revoked()).hex) WHERE kind = \(kind.rawValue) AND name = \(name)
            RETURNING id, name, kind, created_at, phone, language, customer_ref, policy_ref
            """) { row in found = try Self.account(from: row) }
        return found
    }

    package func setPhone(_ phone: PhoneNumber?, forUserNamed name: String) async throws -> Account? {
        var found: Account?
        try await client.rows("""
            UPDATE accounts SET phone = \(phone?.e164) WHERE kind = 'user' AND name = \(name)
            RETURNING id, name, kind, created_at, phone, language, customer_ref, policy_ref
            """) { row in found = try Self.account(from: row) }
        return found
    }

    package func setReferences(_ references: InsurerReferences, forUserNamed name: String) async throws -> Account? {
        var found: Account?
        // Taken by another user: refused in the same statement, so no second user gets the number in between.
        try await client.rows("""
            UPDATE accounts SET customer_ref = \(references.customer), policy_ref = \(references.policy)
            WHERE kind = 'user' AND name = \(name)
              AND NOT EXISTS (SELECT 1 FROM accounts AS other WHERE other.customer_ref = \(references.customer)
                              AND NOT (other.kind = 'user' AND other.name = \(name)))
            RETURNING id, name, kind, created_at, phone, language, customer_ref, policy_ref
            """) { row in found = try Self.account(from: row) }
        if found == nil, let customer = references.customer, try await user(named: name) != nil {
            throw ServerStoreError.customerReferenceTaken(customer)
        }
        return found
    }

    package func users(_ reference: DriverReference, limit: Int) async throws -> [Account] {
        var found: [Account] = []
        let query: PostgresQuery = switch reference {
        case let .customer(text): """
            SELECT id, name, kind, created_at, phone, language, customer_ref, policy_ref FROM accounts
            WHERE kind = 'user' AND customer_ref = \(text) ORDER BY name LIMIT \(Int64(limit))
            """
        case let .policy(text): """
            SELECT id, name, kind, created_at, phone, language, customer_ref, policy_ref FROM accounts
            WHERE kind = 'user' AND policy_ref = \(text) ORDER BY name LIMIT \(Int64(limit))
            """
        }
        try await client.rows(query) { row in found.append(try Self.account(from: row)) }
        return found
    }

    package func setLanguage(_ language: LanguageTag?, forUserNamed name: String) async throws -> Account? {
        var found: Account?
        try await client.rows("""
            UPDATE accounts SET language = \(language?.rawValue) WHERE kind = 'user' AND name = \(name)
            RETURNING id, name, kind, created_at, phone, language, customer_ref, policy_ref
            """) { row in found = try Self.account(from: row) }
        return found
    }

    package func eraseAccount(name: String, kind: Account.Kind) async throws -> ErasedAccount? {
        try await writing { connection in
            var found: Account?
            let find = try await connection.query(
                "SELECT id, name, kind, created_at, phone, language, customer_ref, policy_ref FROM accounts WHERE kind = \(kind.rawValue) AND name = \(name) FOR UPDATE",
                logger: Self.queryLogger
            )
            for try await row in find { found = try Self.account(from: row) }
            guard let account = found else { return nil }
            let owner = account.id.rawValue

            var photos: [ContentHash] = []
            for try await row in try await connection.query("SELECT sha256 FROM photos WHERE owner = \(owner)", logger: Self.queryLogger) {
                photos.append(try StoredRecord.contentHash(try row.decode(String.self), table: "photos"))
            }
            var documents: [ContentHash] = []
            for try await row in try await connection.query(
                """
                SELECT sha256 FROM report_documents WHERE owner = \(owner) UNION SELECT sha256 FROM document_versions WHERE owner = \(owner)
                UNION SELECT sha256 FROM statement_copies WHERE owner = \(owner)
                """,
                logger: Self.queryLogger
            ) {
                documents.append(try StoredRecord.contentHash(try row.decode(String.self), table: "report_documents"))
            }
            var uploads: [UploadID] = []
            for try await row in try await connection.query("SELECT id FROM uploads WHERE owner = \(owner)", logger: Self.queryLogger) {
                uploads.append(UploadID(try row.decode(UUID.self)))
            }
            var crashIDs: [CrashID] = []
            for try await row in try await connection.query("SELECT crash_id FROM crash_ids WHERE owner = \(owner)", logger: Self.queryLogger) {
                crashIDs.append(try StoredRecord.crashID(try row.decode(String.self), table: "crash_ids"))
            }
            var reports = 0
            for try await row in try await connection.query("SELECT count(*) FROM reports WHERE owner = \(owner)", logger: Self.queryLogger) {
                reports = try row.decode(Int.self)
            }
            // Jobs still queued about the account (its PDFs, its SMS) go too.
            try await connection.query("DELETE FROM jobs WHERE strpos(lower(payload), \(owner.uuidString.lowercased())) > 0", logger: Self.queryLogger)
            for crashID in crashIDs {
                try await connection.query("DELETE FROM jobs WHERE strpos(payload, \(crashID.rawValue)) > 0", logger: Self.queryLogger)
            }
            try await connection.query("DELETE FROM claims WHERE owner = \(owner)", logger: Self.queryLogger)
            try await connection.query("DELETE FROM report_documents WHERE owner = \(owner)", logger: Self.queryLogger)
            try await connection.query("DELETE FROM document_versions WHERE owner = \(owner)", logger: Self.queryLogger)
            try await connection.query("DELETE FROM reports WHERE owner = \(owner)", logger: Self.queryLogger)
            try await connection.query("DELETE FROM report_tombstones WHERE owner = \(owner)", logger: Self.queryLogger)
            try await connection.query("DELETE FROM report_change_counters WHERE owner = \(owner)", logger: Self.queryLogger)
            try await connection.query("DELETE FROM photos WHERE owner = \(owner)", logger: Self.queryLogger)
            try await connection.query("DELETE FROM uploads WHERE owner = \(owner)", logger: Self.queryLogger)
            try await connection.query("DELETE FROM crash_events WHERE owner = \(owner)", logger: Self.queryLogger)
            try await connection.query("DELETE FROM crash_ids WHERE owner = \(owner)", logger: Self.queryLogger)
            try await connection.query("DELETE FROM sms_messages WHERE owner = \(owner)", logger: Self.queryLogger)
            try await connection.query("DELETE FROM sms_replies WHERE owner = \(owner)", logger: Self.queryLogger)
            try await connection.query("DELETE FROM statement_links WHERE owner = \(owner)", logger: Self.queryLogger)
            try await connection.query("DELETE FROM statement_code_sends WHERE owner = \(owner)", logger: Self.queryLogger)
            try await connection.query("DELETE FROM statement_copies WHERE owner = \(owner)", logger: Self.queryLogger)
            try await connection.query("DELETE FROM accounts WHERE id = \(owner)", logger: Self.queryLogger)
            return ErasedAccount(
                account: account, reports: reports, photos: photos, documents: documents, uploads: uploads, crashIDs: crashIDs
            )
        }
    }

    // MARK: - Rows

    /// The account in a row of `id, name, kind, created_at, phone, language, customer_ref, policy_ref`.
    private static func account(from row: PostgresRow) throws -> Account {
        let (id, name, kind, created, phone, language, customer, policy) = try row.decode(
            (UUID, String, String, Double, String?, String?, String?, String?).self
        )
        return Account(
            id: AccountID(id), name: name,
            kind: try StoredRecord.named(kind, as: Account.Kind.self, table: "accounts", name: "kind"),
            createdAt: Date(timeIntervalSinceReferenceDate: created),
            phone: try StoredRecord.phone(phone, table: "accounts"),
            language: try StoredRecord.language(language, table: "accounts"),
            references: InsurerReferences(customer: customer, policy: policy)
        )
    }
}
