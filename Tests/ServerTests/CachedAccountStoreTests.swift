import Foundation
@testable import Server
import Synchronization
import Testing

@Suite("Remembered accounts")
struct CachedAccountStoreTests {
    /// Counts the lookups that reach the store behind the cache.
    final class CountingAccounts: AccountStore {
        let base = InMemoryServerStore()
        let lookups = Mutex(0)

        func addAccount(name: String, kind: Account.Kind, tokenDigest: TokenDigest, at date: Date) async throws -> Account {
            try await base.addAccount(name: name, kind: kind, tokenDigest: tokenDigest, at: date)
        }

        func account(for digest: TokenDigest) async throws -> Account? {
            lookups.withLock { $0 += 1 }
            return await base.account(for: digest)
        }

        func user(named name: String) async throws -> Account? {
            await base.user(named: name)
        }
    }

    @Test("A known token is looked up once; an unknown one every time, so an account added later is found")
    func remembersKnownTokensOnly() async throws {
        let counting = CountingAccounts()
        let cached = CachedAccountStore(counting)
        let added = try await cached.addAccount(name: "ann", kind: .user, tokenDigest: TokenDigest(token: "t-1"), at: Date())
        for _ in 0..<3 {
            #expect(try await cached.account(for: TokenDigest(token: "t-1")) == added)
        }
        #expect(counting.lookups.withLock { $0 } == 1)

        #expect(try await cached.account(for: TokenDigest(token: "t-2")) == nil)
        let later = try await cached.addAccount(name: "bob", kind: .user, tokenDigest: TokenDigest(token: "t-2"), at: Date())
        #expect(try await cached.account(for: TokenDigest(token: "t-2")) == later)
        #expect(counting.lookups.withLock { $0 } == 3)
    }
}
