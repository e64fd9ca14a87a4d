import Foundation
import Synchronization

/// Remembers the accounts tokens were found for, so a request does not ask the database who its token belongs
/// to every time. Accounts never change once added and are never removed, so a remembered one stays right.
/// Unknown tokens are not remembered (an account added later is found at once).
final class CachedAccountStore: AccountStore {
    /// The most tokens remembered; beyond it the memory starts again empty.
    static let capacity = 10_000

    private let base: any AccountStore
    private let known = Mutex<[TokenDigest: Account]>([:])

    init(_ base: any AccountStore) {
        self.base = base
    }

    func addAccount(name: String, kind: Account.Kind, tokenDigest: TokenDigest, at date: Date) async throws -> Account {
        try await base.addAccount(name: name, kind: kind, tokenDigest: tokenDigest, at: date)
    }

    func account(for digest: TokenDigest) async throws -> Account? {
        if let account = known.withLock({ $0[digest] }) { return account }
        guard let account = try await base.account(for: digest) else { return nil }
        known.withLock { known in
            if known.count >= Self.capacity { known.removeAll(keepingCapacity: true) }
            known[digest] = account
        }
        return account
    }

    func user(named name: String) async throws -> Account? {
        try await base.user(named: name)
    }
}
