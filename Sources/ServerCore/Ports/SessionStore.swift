import Foundation

/// The signed-in sessions of the claims handlers' web pages, found by the SHA-256 of the session cookie (the cookie
/// itself is never kept). A session lasts until it expires or its handler signs out, and only while the handler's
/// token is the one it was opened with: a token rotated or revoked ends its sessions.
package protocol SessionStore: Sendable {
    /// Keeps a new session, and forgets the handler's oldest beyond the newest `keeping`.
    func addSession(_ session: HandlerSession, keeping: Int) async throws

    /// The session whose cookie has this digest, if it has not expired at `date`.
    func session(for digest: TokenDigest, at date: Date) async throws -> HandlerSession?

    /// Ends the session (signing out).
    func removeSession(_ digest: TokenDigest) async throws

    /// Forgets the sessions that expired before `date`.
    /// - Returns: how many.
    @discardableResult
    func forgetSessions(expiredBefore date: Date) async throws -> Int
}

/// One signed-in handler on one browser.
package struct HandlerSession: Sendable, Hashable {
    /// The SHA-256 of the session cookie's value.
    package let digest: TokenDigest
    package let account: AccountID
    /// The digest of the handler's token when they signed in: the session holds only while it is the account's.
    package let tokenDigest: TokenDigest
    /// The value every form of the session carries, so another site cannot post one.
    package let csrf: String
    package let createdAt: Date
    package let expiresAt: Date

    package init(digest: TokenDigest, account: AccountID, tokenDigest: TokenDigest, csrf: String, createdAt: Date, expiresAt: Date) {
        self.digest = digest
        self.account = account
        self.tokenDigest = tokenDigest
        self.csrf = csrf
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
