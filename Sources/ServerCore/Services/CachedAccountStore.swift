import Domain
import Foundation
import Synchronization

/// Remembers the accounts tokens were found for, for a few seconds, so a request does not ask the database who its
/// token belongs to every time — and a token revoked or rotated (on any instance: they share the database) is
/// refused everywhere once that time is up. Unknown tokens are not remembered (an account added later is found at
/// once).
package final class CachedAccountStore: AccountStore {
    /// The most tokens remembered; beyond it the memory starts again empty.
    package static let capacity = 10_000
    /// How long a token's account is remembered: the longest a revoked token may still open it on another instance.
    package static let standardLifetime: Duration = .seconds(5)

    private let base: any AccountStore
    private let lifetime: Duration
    private let known = Mutex<[TokenDigest: (account: Account, until: ContinuousClock.Instant)]>([:])

    package init(_ base: any AccountStore, lifetime: Duration = CachedAccountStore.standardLifetime) {
        self.base = base
        self.lifetime = lifetime
    }

    package func addAccount(name: String, kind: Account.Kind, tokenDigest: TokenDigest, phone: PhoneNumber?, at date: Date) async throws -> Account {
        try await base.addAccount(name: name, kind: kind, tokenDigest: tokenDigest, phone: phone, at: date)
    }

    package func setPhone(_ phone: PhoneNumber?, forUserNamed name: String) async throws -> Account? {
        try await base.setPhone(phone, forUserNamed: name)
    }

    package func setLanguage(_ language: LanguageTag?, forUserNamed name: String) async throws -> Account? {
        try await base.setLanguage(language, forUserNamed: name)
    }

    package func setReferences(_ references: InsurerReferences, forUserNamed name: String) async throws -> Account? {
        try await base.setReferences(references, forUserNamed: name)
    }

    package func users(_ reference: DriverReference, limit: Int) async throws -> [Account] {
        try await base.users(reference, limit: limit)
    }

    package func account(for digest: TokenDigest) async throws -> Account? {
        let now = ContinuousClock.now
        if let entry = known.withLock({ $0[digest] }), entry.until > now { return entry.account }
        guard let account = try await base.account(for: digest) else {
            known.withLock { _ = $0.removeValue(forKey: digest) }
            return nil
        }
        known.withLock { known in
            if known.count >= Self.capacity { known.removeAll(keepingCapacity: true) }
            known[digest] = (account, now + lifetime)
        }
        return account
    }

    package func eraseAccount(name: String, kind: Account.Kind) async throws -> ErasedAccount? {
        let erased = try await base.eraseAccount(name: name, kind: kind)
        if let erased { known.withLock { known in known = known.filter { $0.value.account.id != erased.account.id } } }
        return erased
    }

    package func replaceToken(name: String, kind: Account.Kind, with digest: TokenDigest?) async throws -> Account? {
        let account = try await base.replaceToken(name: name, kind: kind, with: digest)
        // This instance forgets the old token at once; others within the lifetime.
        if let account { known.withLock { known in known = known.filter { $0.value.account.id != account.id } } }
        return account
    }

    package func account(id: AccountID) async throws -> Account? {
        try await base.account(id: id)
    }

    package func user(named name: String) async throws -> Account? {
        try await base.user(named: name)
    }
}
