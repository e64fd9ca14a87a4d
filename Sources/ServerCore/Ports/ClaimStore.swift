import Domain
import Foundation

/// The submitted reports of every driver, as the insurer's claims handlers see them, and the acknowledgement a
/// handler gives one. A report becomes a claim when it is first stored completed (``ServerReportStore/save(_:owner:queueing:)``
/// records it in the same step); an erased account's claims go with it.
package protocol ClaimStore: Sendable {
    /// A page of claims, newest submission first (then by claim id, descending): at most `limit` of them, those
    /// matching `filter` that come after `position` in that order.
    func claims(_ filter: ClaimFilter, after position: ClaimPosition?, limit: Int) async throws -> [Claim]

    /// The claim with this id, if any.
    func claim(_ id: ClaimID) async throws -> Claim?

    /// The claim the owner's report became, if it was submitted.
    func claim(of report: ReportID, owner: AccountID) async throws -> Claim?

    /// Records the insurer's acknowledgement and the PDF drawn with it, in one step: the claim's report is stored again
    /// with the acknowledgement, at its next revision and as the owner's next change (so the driver's device receives
    /// both at its next sync), and the PDF recorded as that revision's. The same acknowledgement again (claim number and
    /// message) changes nothing. When the report is no longer at `revision` (another acknowledgement came first), nothing
    /// is stored: the PDF was drawn from an older version. With no PDF (its photos are still arriving) the
    /// acknowledgement is stored alone, and the PDF drawn when they are in names it.
    /// - Parameter job: queued with it when this is the report's first PDF (the claims system told that every
    ///   document is in).
    /// - Returns: what happened, or `nil` when there is no such claim.
    func acknowledge(
        _ id: ClaimID, with acknowledgement: ClaimAcknowledgement, document: ContentHash?, drawnAt revision: Int,
        queueingIfFirst job: ServerJob?, at date: Date
    ) async throws -> AcknowledgementWrite?

    /// Adds `update` to the claim's timeline, in one step with what it sends: the claim's report is stored again at
    /// its next revision and as the owner's next change (so the driver's device receives it at its next sync), with
    /// `sms` kept and queued to the driver and, when `tellsClaimsSystem`, the event that tells the claims system. The
    /// same step as the latest one again (its facts and note) changes nothing; when the report is no longer at
    /// `revision` nothing is stored (the caller reads it again).
    /// - Returns: what happened, or `nil` when there is no such claim.
    func recordClaimStatus(
        _ id: ClaimID, _ update: ClaimStatusUpdate, sms: SMSMessage?, tellsClaimsSystem: Bool, readAt revision: Int, at date: Date
    ) async throws -> ClaimStatusWrite?
}

/// What became of a claim's status step.
package enum ClaimStatusWrite: Sendable, Equatable {
    /// Added, as the timeline's `number`th step (from 1).
    case stored(Claim, number: Int)
    /// The claim's latest step says this already; nothing changed.
    case unchanged(Claim)
    /// The report moved on since it was read: nothing was stored.
    case moved(Claim)

    /// The rule of a status step's write, the same in every engine, for the claim as the engine's transaction read it.
    package static func decide(_ claim: Claim, _ update: ClaimStatusUpdate, readAt revision: Int) throws -> ClaimStatusStep {
        if let latest = claim.report.claimStatus, latest.status == update.status, latest.note == update.note { return .answer(.unchanged(claim)) }
        guard claim.report.revision == revision else { return .answer(.moved(claim)) }
        var report = claim.report
        try report.recordClaimStatus(update)
        return .store(report)
    }
}

/// What a status step's write does next (``ClaimStatusWrite/decide(_:_:readAt:)``).
package enum ClaimStatusStep: Sendable {
    case answer(ClaimStatusWrite)
    case store(CrashReport)
}

extension ClaimStore {
    /// Records the acknowledgement and its PDF, queueing nothing with them.
    package func acknowledge(
        _ id: ClaimID, with acknowledgement: ClaimAcknowledgement, document: ContentHash?, drawnAt revision: Int
    ) async throws -> AcknowledgementWrite? {
        try await acknowledge(id, with: acknowledgement, document: document, drawnAt: revision, queueingIfFirst: nil, at: Date())
    }
}

/// What became of an acknowledgement written with its PDF.
package enum AcknowledgementWrite: Sendable, Equatable {
    /// Stored with its PDF; the PDF it replaced, if any.
    case stored(Claim, replacedDocument: ContentHash?)
    /// The claim says this already; nothing changed.
    case unchanged(Claim)
    /// The report moved on since the PDF was drawn: nothing was stored.
    case moved(Claim)

    /// The rule of an acknowledgement's write, the same in every engine, for the claim as the engine's transaction
    /// read it (its report locked): nothing to write when the claim says this already or its report moved on from
    /// the revision the PDF was drawn at; else the report to store, with the acknowledgement recorded (the engine then
    /// stores it and records the PDF as the report's next version, in the same transaction).
    package static func decide(_ claim: Claim, _ acknowledgement: ClaimAcknowledgement, drawnAt revision: Int) throws -> AcknowledgementStep {
        if claim.report.acknowledgement?.says(acknowledgement.claimNumber, acknowledgement.message) == true { return .answer(.unchanged(claim)) }
        guard claim.report.revision == revision else { return .answer(.moved(claim)) }
        var report = claim.report
        try report.recordAcknowledgement(acknowledgement)
        return .store(report)
    }
}

/// What an engine does next with an acknowledgement (``AcknowledgementWrite/decide(_:_:drawnAt:)``).
package enum AcknowledgementStep: Sendable {
    /// Nothing to write: answer this.
    case answer(AcknowledgementWrite)
    /// Store this report, then record the PDF.
    case store(CrashReport)
}

/// A submitted report and what the server knows of it beside it.
package struct Claim: Sendable, Hashable {
    package let id: ClaimID
    package let owner: AccountID
    /// When the server first stored the report completed.
    package let submittedAt: Date
    package let report: CrashReport

    package var position: ClaimPosition { ClaimPosition(submittedAt: submittedAt, id: id) }

    package init(id: ClaimID, owner: AccountID, submittedAt: Date, report: CrashReport) {
        self.id = id
        self.owner = owner
        self.submittedAt = submittedAt
        self.report = report
    }
}

/// A claim's id: made by the server when the report is submitted (a report's own id is its owner's to choose, so
/// two drivers' reports may share one).
package typealias ClaimID = ServerID<Claim>

/// Which claims a list holds.
package struct ClaimFilter: Sendable, Hashable {
    /// Only those submitted at or after this time.
    package var submittedFrom: Date?
    /// Only those submitted before this time.
    package var submittedBefore: Date?
    /// Only those acknowledged (`true`) or not yet (`false`).
    package var acknowledged: Bool?

    /// Whether `claim` is one the filter keeps.
    package func keeps(_ claim: Claim) -> Bool {
        if let submittedFrom, claim.submittedAt < submittedFrom { return false }
        if let submittedBefore, claim.submittedAt >= submittedBefore { return false }
        if let acknowledged, (claim.report.acknowledgement != nil) != acknowledged { return false }
        return true
    }

    package init(submittedFrom: Date? = nil, submittedBefore: Date? = nil, acknowledged: Bool? = nil) {
        self.submittedFrom = submittedFrom
        self.submittedBefore = submittedBefore
        self.acknowledged = acknowledged
    }
}

/// Where a claim stands in the order of a list of claims (newest submission first, then by id, descending).
package struct ClaimPosition: Sendable, Hashable {
    package let submittedAt: Date
    package let id: ClaimID

    /// Whether a claim at `other` comes after this position in the list.
    package func precedes(_ other: ClaimPosition) -> Bool {
        (submittedAt, id.rawValue.uuidString) > (other.submittedAt, other.id.rawValue.uuidString)
    }

    /// The position as a page's cursor: the form of a report list's, opaque to clients.
    package var cursor: String { ReportPosition(updatedAt: submittedAt, id: ReportID(id.rawValue)).cursor }

    package init(submittedAt: Date, id: ClaimID) {
        self.submittedAt = submittedAt
        self.id = id
    }

    /// The position a cursor names, or `nil` when the text is not one this server gave.
    package init?(cursor: String) {
        guard let position = ReportPosition(cursor: cursor) else { return nil }
        self.init(submittedAt: position.updatedAt, id: ClaimID(position.id.rawValue))
    }
}
