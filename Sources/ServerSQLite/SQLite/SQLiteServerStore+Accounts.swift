import Domain
import Foundation
import ServerCore
import Storage

extension SQLiteServerStore: AccountStore {
    package func addAccount(name: String, kind: Account.Kind, tokenDigest: TokenDigest, phone: PhoneNumber?, at date: Date) async throws -> Account {
        let account = Account(id: AccountID(), name: name, kind: kind, createdAt: date, phone: phone)
        return try await writing { connection in
            let taken = try connection.statement("SELECT EXISTS (SELECT 1 FROM accounts WHERE kind = \(kind.rawValue) AND name = \(name))")
            let isTaken = try taken.step() && taken.int(0) != 0
            taken.reset()
            if isTaken { throw ServerStoreError.nameTaken(name, kind: kind) }

            let insert = try connection.statement("""
                INSERT INTO accounts (id, name, kind, token_digest, created_at, phone) VALUES (\(account.id.rawValue), \(name), \(kind.rawValue),
                    \(tokenDigest.hex), \(date.timeIntervalSinceReferenceDate), \(phone?.e164))
                """)
            try insert.run()
            return account
        }
    }

    /// Asked on every request: read on the calling thread by its unique index, like a report (``readingAside(_:)``).
    package func account(for digest: TokenDigest) async throws -> Account? {
        try readingAside { connection in
            let query = try connection.statement(
                "SELECT id, name, kind, created_at, phone, language, customer_ref, policy_ref FROM accounts WHERE token_digest = \(digest.hex)"
            )
            defer { query.reset() }
            return try query.step() ? try Self.account(from: query) : nil
        }
    }

    package func account(id: AccountID) async throws -> Account? {
        try await reading { connection in
            let query = try connection.statement("SELECT id, name, kind, created_at, phone, language, customer_ref, policy_ref FROM accounts WHERE id = \(id.rawValue)")
            defer { query.reset() }
            return try query.step() ? try Self.account(from: query) : nil
        }
    }

    package func user(named name: String) async throws -> Account? {
        try await reading { connection in
            let query = try connection.statement(
                "SELECT id, name, kind, created_at, phone, language, customer_ref, policy_ref FROM accounts WHERE kind = 'user' AND name = \(name)"
            )
            defer { query.reset() }
            return try query.step() ? try Self.account(from: query) : nil
        }
    }

    package func replaceToken(name: String, kind: Account.Kind, with digest: TokenDigest?) async throws -> Account? {
        try await writing { connection in
            let update = try connection.statement("""
                UPDATE accounts SET token_digest = \((digest ?? .revoked()).hex) WHERE kind = \(kind.rawValue) AND name = \(name)
                """)
            try update.run()
            guard connection.changes > 0 else { return nil }
            let query = try connection.statement("""
                SELECT id, name, kind, created_at, phone, language, customer_ref, policy_ref FROM accounts WHERE kind = \(kind.rawValue) AND name = \(name)
                """)
            defer { query.reset() }
            return try query.step() ? try Self.account(from: query) : nil
        }
    }

    /// The user named `name`, read inside the caller's transaction.
    private static func user(named name: String, in connection: SQLiteConnection) throws -> Account? {
        let query = try connection.statement("""
            SELECT id, name, kind, created_at, phone, language, customer_ref, policy_ref FROM accounts WHERE kind = 'user' AND name = \(name)
            """)
        defer { query.reset() }
        return try query.step() ? try account(from: query) : nil
    }

    package func setPhone(_ phone: PhoneNumber?, forUserNamed name: String) async throws -> Account? {
        try await writing { connection in
            let update = try connection.statement("UPDATE accounts SET phone = \(phone?.e164) WHERE kind = 'user' AND name = \(name)")
            try update.run()
            return connection.changes > 0 ? try Self.user(named: name, in: connection) : nil
        }
    }

    package func setReferences(_ references: InsurerReferences, forUserNamed name: String) async throws -> Account? {
        try await writing { connection in
            if let customer = references.customer {
                let taken = try connection.statement("""
                    SELECT EXISTS (SELECT 1 FROM accounts WHERE customer_ref = \(customer) AND NOT (kind = 'user' AND name = \(name)))
                    """)
                let isTaken = try taken.step() && taken.int(0) != 0
                taken.reset()
                if isTaken { throw ServerStoreError.customerReferenceTaken(customer) }
            }
            try connection.statement("""
                UPDATE accounts SET customer_ref = \(references.customer), policy_ref = \(references.policy) WHERE kind = 'user' AND name = \(name)
                """).run()
            return connection.changes > 0 ? try Self.user(named: name, in: connection) : nil
        }
    }

    package func users(_ reference: DriverReference, limit: Int) async throws -> [Account] {
        try await reading { connection in
            let query = switch reference {
            case let .customer(text): try connection.statement("""
                SELECT id, name, kind, created_at, phone, language, customer_ref, policy_ref FROM accounts
                WHERE kind = 'user' AND customer_ref = \(text) ORDER BY name LIMIT \(limit)
                """)
            case let .policy(text): try connection.statement("""
                SELECT id, name, kind, created_at, phone, language, customer_ref, policy_ref FROM accounts
                WHERE kind = 'user' AND policy_ref = \(text) ORDER BY name LIMIT \(limit)
                """)
            }
            defer { query.reset() }
            var found: [Account] = []
            while try query.step() { found.append(try Self.account(from: query)) }
            return found
        }
    }

    package func setLanguage(_ language: LanguageTag?, forUserNamed name: String) async throws -> Account? {
        try await writing { connection in
            let update = try connection.statement("UPDATE accounts SET language = \(language?.rawValue) WHERE kind = 'user' AND name = \(name)")
            try update.run()
            return connection.changes > 0 ? try Self.user(named: name, in: connection) : nil
        }
    }

    package func eraseAccount(name: String, kind: Account.Kind) async throws -> ErasedAccount? {
        try await writing { connection in
            let find = try connection.statement("""
                SELECT id, name, kind, created_at, phone, language, customer_ref, policy_ref FROM accounts WHERE kind = \(kind.rawValue) AND name = \(name)
                """)
            guard try find.step() else {
                find.reset()
                return nil
            }
            let account = try Self.account(from: find)
            find.reset()
            let owner = account.id.rawValue

            func column<Value>(_ sql: SQLiteQuery, _ read: (SQLiteStatement) throws -> Value) throws -> [Value] {
                let query = try connection.statement(sql)
                defer { query.reset() }
                var values: [Value] = []
                while try query.step() { values.append(try read(query)) }
                return values
            }
            let photos = try column("SELECT sha256 FROM photos WHERE owner = \(owner)") { try Self.contentHash($0, 0, table: "photos") }
            let documents = try column("""
                SELECT sha256 FROM report_documents WHERE owner = \(owner) UNION SELECT sha256 FROM document_versions WHERE owner = \(owner)
                UNION SELECT sha256 FROM statement_copies WHERE owner = \(owner)
                """) {
                try Self.contentHash($0, 0, table: "report_documents")
            }
            let uploads = try column("SELECT id FROM uploads WHERE owner = \(owner)") {
                UploadID(try Self.uuid($0, 0, table: "uploads", name: "id"))
            }
            let crashIDs = try column("SELECT crash_id FROM crash_ids WHERE owner = \(owner)") {
                try StoredRecord.crashID($0.string(0), table: "crash_ids")
            }
            let reports = try column("SELECT count(*) FROM reports WHERE owner = \(owner)") { $0.int(0) }.first ?? 0

            for sql: SQLiteQuery in [
                "DELETE FROM claims WHERE owner = \(owner)", "DELETE FROM report_documents WHERE owner = \(owner)",
                "DELETE FROM document_versions WHERE owner = \(owner)", "DELETE FROM reports WHERE owner = \(owner)",
                "DELETE FROM report_tombstones WHERE owner = \(owner)", "DELETE FROM report_change_counters WHERE owner = \(owner)",
                "DELETE FROM photos WHERE owner = \(owner)", "DELETE FROM uploads WHERE owner = \(owner)",
                "DELETE FROM crash_events WHERE owner = \(owner)", "DELETE FROM crash_ids WHERE owner = \(owner)",
                "DELETE FROM sms_messages WHERE owner = \(owner)", "DELETE FROM sms_replies WHERE owner = \(owner)", "DELETE FROM statement_links WHERE owner = \(owner)",
                "DELETE FROM statement_code_sends WHERE owner = \(owner)", "DELETE FROM statement_copies WHERE owner = \(owner)",
                "DELETE FROM accounts WHERE id = \(owner)",
            ] {
                try connection.statement(sql).run()
            }
            return ErasedAccount(
                account: account, reports: reports, photos: photos, documents: documents, uploads: uploads, crashIDs: crashIDs
            )
        }
    }

    // MARK: - Rows

    /// The account in a row of `id, name, kind, created_at, phone, language, customer_ref, policy_ref`.
    private static func account(from row: SQLiteStatement) throws(ServerStoreError) -> Account {
        let id = try uuid(row, 0, table: "accounts", name: "id")
        let kind = try StoredRecord.named(row.string(2), as: Account.Kind.self, table: "accounts", name: "kind")
        return Account(
            id: AccountID(id), name: row.string(1), kind: kind, createdAt: date(row, 3),
            phone: try StoredRecord.phone(row.optionalString(4), table: "accounts"),
            language: try StoredRecord.language(row.optionalString(5), table: "accounts"),
            references: InsurerReferences(customer: row.optionalString(6), policy: row.optionalString(7))
        )
    }
}
