import Foundation

/// A one-time link the other driver opens on their own phone to fill in vehicle B of a draft's accident statement.
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
    /// - Throws: ``StatementLinkError``.
    func makeLink(for reportID: ReportID) async throws -> StatementShareLink
}

/// Why no link was made.
public enum StatementLinkError: Error, Sendable, Hashable {
    /// The draft has not reached the server yet (nothing could be sent just now).
    case notOnServerYet
    /// The report is completed: nothing can be added to it.
    case completed
    /// The server could not be reached or failed (its words, or the reason).
    case unavailable(String)
    /// The server refused, in its words.
    case refused(String)
}
