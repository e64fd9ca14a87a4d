import Domain
import Foundation

/// The other driver's part of an accident statement, filled in from a link the driver gives them: a random token
/// (its SHA-256 only is kept), valid for ``lifetime``, taking one submission, which becomes vehicle B of the draft —
/// marked as entered by the other driver — at the report's next revision. The page shows nothing of the driver's
/// own data beyond the crash's date, time and place.
package struct StatementSharing: Sendable {
    package let links: any StatementLinkStore
    package let reports: any ServerReportStore
    package let clock: any Clock

    /// How long a link may be used: a day.
    package static let lifetime: TimeInterval = 24 * 3_600
    /// The most links a report keeps: making another forgets the oldest.
    package static let linksPerReport = 5

    /// What a link leads to now.
    package enum Opened: Sendable {
        /// The form may be filled in: the report's draft (for its scene and its vehicle B so far).
        case open(StatementLink, CrashReport)
        case used(at: Date)
        case expired
        /// The driver completed the report before the other driver sent their part.
        case completed
        /// No link has this token, or its report is gone.
        case unknown
    }

    /// The outcome of a submission.
    package enum Submitted: Sendable {
        case stored(CrashReport)
        case refused(Opened)
    }

    /// A new link to vehicle B of the owner's draft.
    /// - Returns: the link's token (the page's address is the edge's to make) and when it expires.
    /// - Throws: ``ReportError/notFound(_:)``, ``ServerRefusal/linkToCompletedReport(_:)``.
    package func create(for id: ReportID, owner: AccountID) async throws -> (token: String, expiresAt: Date) {
        guard let report = try await reports.report(id, owner: owner) else { throw ReportError.notFound(id) }
        guard !report.isCompleted else { throw ServerRefusal.linkToCompletedReport(report.crashID) }
        let token = Self.newToken()
        let now = clock.now()
        let expiresAt = now.addingTimeInterval(Self.lifetime)
        try await links.addStatementLink(
            StatementLink(digest: TokenDigest(token: token), report: id, owner: owner, createdAt: now, expiresAt: expiresAt, usedAt: nil),
            keeping: Self.linksPerReport
        )
        return (token, expiresAt)
    }

    /// What the link with this token leads to.
    package func open(_ token: String) async throws -> Opened {
        guard Self.isWellFormed(token), let link = try await links.statementLink(TokenDigest(token: token)) else { return .unknown }
        if let usedAt = link.usedAt { return .used(at: usedAt) }
        guard link.expiresAt > clock.now() else { return .expired }
        guard let report = try await reports.report(link.report, owner: link.owner) else { return .unknown }
        guard !report.isCompleted else { return .completed }
        return .open(link, report)
    }

    /// Takes the other driver's column as vehicle B of the report, once.
    package func submit(_ token: String, vehicle: StatementVehicle) async throws -> Submitted {
        let opened = try await open(token)
        guard case let .open(link, _) = opened else { return .refused(opened) }
        // Another submission took it in between: say what the link leads to now.
        guard try await links.useStatementLink(link.digest, at: clock.now()) else { return .refused(try await open(token)) }
        do {
            // The driver's device may save in between: take its version and put vehicle B on it again.
            return try await ConflictRetry.run {
                guard var report = try await reports.report(link.report, owner: link.owner) else {
                    try await links.releaseStatementLink(link.digest)
                    return .refused(.unknown)
                }
                guard !report.isCompleted else {
                    try await links.releaseStatementLink(link.digest)
                    return .refused(.completed)
                }
                var statement = report.statement
                var column = vehicle
                column.markEnteredByOtherDriver(at: clock.now())
                statement.vehicleB = column
                try report.setStatement(statement)
                return .stored(try await reports.save(report, owner: link.owner))
            }
        } catch let error as ReportError where error.isConflict {
            try? await links.releaseStatementLink(link.digest)
            throw ServerRefusal.keptChanging(link.report)
        } catch {
            try? await links.releaseStatementLink(link.digest)
            throw error
        }
    }

    /// 32 random bytes in base64url: 43 characters.
    package static func newToken() -> String {
        String(AccessToken.generate().dropFirst(AccessToken.prefix.count))
    }

    /// Whether `token` could be one this server made (43 base64url characters), before looking it up.
    package static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 43 && token.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D || $0 == 0x5F }
    }
}
