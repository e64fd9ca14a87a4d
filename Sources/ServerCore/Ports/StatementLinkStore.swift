import Domain
import Foundation

/// The one-time links a driver gives the other driver to fill in vehicle B of a report's accident statement, found
/// by the SHA-256 of the link's token (the token itself is never kept).
package protocol StatementLinkStore: Sendable {
    /// Keeps a new link, and forgets the report's oldest links beyond the newest `keeping` (used or not).
    func addStatementLink(_ link: StatementLink, keeping: Int) async throws

    /// The link whose token has this digest, used or not, expired or not (the page says which).
    func statementLink(_ digest: TokenDigest) async throws -> StatementLink?

    /// Marks the link used at `date` if it is not yet: of two submissions at once, one gets it.
    /// - Returns: whether this call marked it.
    func useStatementLink(_ digest: TokenDigest, at date: Date) async throws -> Bool

    /// Makes a link unused again, after a submission that marked it could not be stored.
    func releaseStatementLink(_ digest: TokenDigest) async throws

    /// Forgets the links that expired before `date`.
    /// - Returns: how many.
    @discardableResult
    func forgetStatementLinks(expiredBefore date: Date) async throws -> Int
}

/// One link to one report's vehicle B.
package struct StatementLink: Sendable, Hashable {
    /// The SHA-256 of the link's token.
    package let digest: TokenDigest
    package let report: ReportID
    package let owner: AccountID
    package let createdAt: Date
    package let expiresAt: Date
    /// When the other driver's part was taken through it; `nil` while unused.
    package let usedAt: Date?

    package init(digest: TokenDigest, report: ReportID, owner: AccountID, createdAt: Date, expiresAt: Date, usedAt: Date?) {
        self.digest = digest
        self.report = report
        self.owner = owner
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.usedAt = usedAt
    }
}
