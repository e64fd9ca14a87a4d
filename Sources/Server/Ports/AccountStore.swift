import Foundation

/// The accounts that may call the server, found by the SHA-256 of their token.
protocol AccountStore: Sendable {
    /// Adds an account.
    /// - Throws: ``ServerStoreError/nameTaken(_:kind:)`` when an account of this kind has the name.
    func addAccount(name: String, kind: Account.Kind, tokenDigest: TokenDigest, at date: Date) async throws -> Account

    /// The account whose token has this digest, if any.
    func account(for digest: TokenDigest) async throws -> Account?

    /// The user account with this name, if any (crash events name their user).
    func user(named name: String) async throws -> Account?

    /// Gives the account of this kind and name a new token (its digest), or none (`nil`: revoked, so no token opens
    /// it). The old token is refused from then on.
    /// - Returns: the account, or `nil` when there is no such account.
    func replaceToken(name: String, kind: Account.Kind, with digest: TokenDigest?) async throws -> Account?
}
