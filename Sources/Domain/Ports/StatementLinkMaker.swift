import Foundation

/// A one-time link another driver opens on their own phone to fill in column B of one of a draft's accident statements
/// (B's, or the one with another motor vehicle).
public struct StatementShareLink: Sendable, Hashable {
    public let url: String
    public let expiresAt: Date

    public init(url: String, expiresAt: Date) {
        self.url = url
        self.expiresAt = expiresAt
    }
}

/// Makes those links: the crash-report server, which serves the other driver's form and keeps what they send with
/// the report until the driver's next sync.
public protocol StatementLinkMaker: Sendable {
    /// A link reaching the statement `pair` of the report, and no other.
    /// - Throws: ``StatementLinkError``.
    func makeLink(for reportID: ReportID, pair: StatementPair) async throws -> StatementShareLink
}

/// Why no link was made.
public enum StatementLinkError: Error, Sendable, Hashable {
    /// The draft, or the vehicle the statement is with, has not reached the server yet (nothing could be sent just now).
    case notOnServerYet
    /// The report is completed: nothing can be added to it.
    case completed
    /// The server could not be reached or failed (its words, or the reason).
    case unavailable(String)
    /// The server refused, in its words.
    case refused(String)
}
