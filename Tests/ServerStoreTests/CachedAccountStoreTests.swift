import Domain
import Foundation
import ServerCore
import ServerSQLite
import Synchronization
import Testing

@Suite("Remembered accounts")
struct CachedAccountStoreTests {
    /// Counts the lookups that reach the store behind the cache.
    final class CountingAccounts: AccountStore {
        let base: SQLiteServerStore

        init() throws {
            base = try SQLiteServerStore(path: FileManager.default.temporaryDirectory.appendingPathComponent("accounts-\(UUID().uuidString).sqlite3").path)
        }
        let lookups = Mutex(0)

        func addAccount(name: String, kind: Account.Kind, tokenDigest: TokenDigest, phone: PhoneNumber?, at date: Date) async throws -> Account {
            try await base.addAccount(name: name, kind: kind, tokenDigest: tokenDigest, phone: phone, at: date)
        }

        func setPhone(_ phone: PhoneNumber?, forUserNamed name: String) async throws -> Account? {
            try await base.setPhone(phone, forUserNamed: name)
        }

        func setLanguage(_ language: LanguageTag?, forUserNamed name: String) async throws -> Account? {
            try await base.setLanguage(language, forUserNamed: name)
        }

        func setReferences(_ references: InsurerReferences, forUserNamed name: String) async throws -> Account? {
            try await base.setReferences(references, forUserNamed: name)
        }

        func users(_ reference: DriverReference, limit: Int) async throws -> [Account] {
            try await base.users(reference, limit: limit)
        }

        func account(for digest: TokenDigest) async throws -> Account? {
            lookups.withLock { $0 += 1 }
            return try await base.account(for: digest)
        }

        func account(id: AccountID) async throws -> Account? {
            try await base.account(id: id)
        }

        func user(named name: String) async throws -> Account? {
            try await base.user(named: name)
        }

        func replaceToken(name: String, kind: Account.Kind, with digest: TokenDigest?) async throws -> Account? {
            try await base.replaceToken(name: name, kind: kind, with: digest)
        }

        func eraseAccount(name: String, kind: Account.Kind) async throws -> ErasedAccount? {
            try await base.eraseAccount(name: name, kind: kind)
        }
    }

    @Test("A token's digest is the SHA-256 of its UTF-8 bytes in lower-case hex")
    func tokenDigest() {
        #expect(TokenDigest(token: "abc").hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(TokenDigest(token: "").hex == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("A known token is looked up once; an unknown one every time, so an account added later is found")
    func remembersKnownTokensOnly() async throws {
        let counting = try CountingAccounts()
        let cached = CachedAccountStore(counting)
        let added = try await cached.addAccount(name: "ann", kind: .user, tokenDigest: TokenDigest(token: "t-1"), phone: nil, at: Date())
        for _ in 0..<3 {
            #expect(try await cached.account(for: TokenDigest(token: "t-1")) == added)
        }
        #expect(counting.lookups.withLock { $0 } == 1)

        #expect(try await cached.account(for: TokenDigest(token: "t-2")) == nil)
        let later = try await cached.addAccount(name: "bob", kind: .user, tokenDigest: TokenDigest(token: "t-2"), phone: nil, at: Date())
        #expect(try await cached.account(for: TokenDigest(token: "t-2")) == later)
        #expect(counting.lookups.withLock { $0 } == 3)
    }

    @Test("A token rotated behind the cache's back (another instance) is refused once its lifetime is up; here, at once")
    func aRotatedTokenIsRefusedWithinTheLifetime() async throws {
        let counting = try CountingAccounts()
        let cached = CachedAccountStore(counting, lifetime: .milliseconds(200))
        let ann = try await cached.addAccount(name: "ann", kind: .user, tokenDigest: TokenDigest(token: "old"), phone: nil, at: Date())
        #expect(try await cached.account(for: TokenDigest(token: "old")) == ann)

        // Another instance rotates it in the shared database.
        _ = try await counting.base.replaceToken(name: "ann", kind: .user, with: TokenDigest(token: "new"))
        try await Task.sleep(for: .milliseconds(300))
        #expect(try await cached.account(for: TokenDigest(token: "old")) == nil)
        #expect(try await cached.account(for: TokenDigest(token: "new")) == ann)

        // Revoked through this cache: refused at once.
        #expect(try await cached.replaceToken(name: "ann", kind: .user, with: nil) == ann)
        #expect(try await cached.account(for: TokenDigest(token: "new")) == nil)
        #expect(try await cached.replaceToken(name: "nobody", kind: .user, with: nil) == nil)
    }
}
