import Domain
import Foundation
import Wording

/// What the insurer's claims handlers do with submitted reports: list them, read one with its PDF and photos, and
/// acknowledge one with the insurer's claim number, which reaches the driver's device at its next sync. Handlers
/// read every driver's submitted reports and change none of them; the acknowledgement is kept beside the report.
package struct ClaimDesk: Sendable {
    package let claims: any ClaimStore
    package let accounts: any AccountStore
    /// Draws a claim's PDF again with the acknowledgement in it.
    package let submission: ReportSubmission
    /// The claims system's deliveries, for where each of a claim's events stands.
    package let deliveries: any JobStore
    package let clock: any Clock

    /// A page of claims matching `filter` after `position`, and the position of the next page when one follows.
    package func page(_ filter: ClaimFilter, after position: ClaimPosition?, limit: Int) async throws -> (claims: [Claim], next: ClaimPosition?) {
        // One more than the page, to know whether another follows.
        let found = try await claims.claims(filter, after: position, limit: limit + 1)
        let page = Array(found.prefix(limit))
        return (page, found.count > limit ? page.last?.position : nil)
    }

    /// The claim with this id.
    /// - Throws: ``ServerRefusal/claimNotFound(_:)`` when there is none.
    package func claim(_ id: ClaimID) async throws -> Claim {
        guard let claim = try await claims.claim(id) else { throw ServerRefusal.claimNotFound(id) }
        return claim
    }

    /// Gives the driver the insurer's claim number and message, as `handler`.
    /// - Throws: ``ServerRefusal/invalidAcknowledgement(_:)`` for a claim number or message that breaks its rule;
    ///   ``ServerRefusal/claimNotFound(_:)``.
    package func acknowledge(_ id: ClaimID, claimNumber: String, message: String, by handler: Account) async throws -> Claim {
        let acknowledgement: ClaimAcknowledgement
        do {
            acknowledgement = try ClaimAcknowledgement(
                claimNumber: claimNumber, message: message, acknowledgedAt: clock.now(), handler: handler.name
            )
        } catch {
            throw ServerRefusal.invalidAcknowledgement(error)
        }
        // The PDF naming the claim is drawn first and recorded with the acknowledgement in one step, from the version
        // it was drawn from: a device that receives the acknowledgement receives it too, and two handlers at once
        // leave one acknowledgement and its own PDF (the later one draws again).
        return try await ConflictRetry.run {
            let current = try await claim(id)
            if current.report.acknowledgement?.says(claimNumber, message) == true { return current }
            var acknowledged = current.report
            try acknowledged.recordAcknowledgement(acknowledgement)
            let document = try await submission.draw(acknowledged, owner: current.owner)
            let write = try await claims.acknowledge(
                id, with: acknowledgement, document: document, drawnAt: current.report.revision,
                queueingIfFirst: submission.documentsCompleteJob(owner: current.owner, report: current.report.id), at: clock.now()
            )
            switch write {
            case let .stored(claim, replaced):
                if let replaced {
                    try await submission.dropIfUnrecorded(replaced)
                    // A new version of the PDF was recorded with its announcement: sent at once.
                    if submission.notifiesInsurer { submission.worker?.nudge() }
                }
                return claim
            case let .unchanged(claim):
                if let document { try await submission.dropIfUnrecorded(document) }
                return claim
            case let .moved(claim):
                if let document { try await submission.dropIfUnrecorded(document) }
                throw ReportError.conflict(claim.report.id, current: claim.report)
            case nil:
                if let document { try await submission.dropIfUnrecorded(document) }
                throw ServerRefusal.claimNotFound(id)
            }
        }
    }

    /// Adds the claim's next step, recorded by `handler` (a claims handler on the desk, or the claims system's handler
    /// account), with a note to the driver; texts the driver of a step that needs them, in their language, and tells
    /// the claims system (``ClaimEvent/statusChanged``). The same step as the latest one again changes nothing.
    /// - Throws: ``ServerRefusal/invalidClaimStatus(_:)`` for facts or a note that break their rule;
    ///   ``ServerRefusal/claimNotFound(_:)``; `ReportError.timelineFull`.
    package func recordStatus(_ id: ClaimID, _ status: ClaimStatus, note: String, by handler: Account) async throws -> Claim {
        let update: ClaimStatusUpdate
        do {
            update = try ClaimStatusUpdate(status: status, note: note, recordedAt: clock.now(), handler: handler.name)
        } catch {
            throw ServerRefusal.invalidClaimStatus(error)
        }
        return try await ConflictRetry.run {
            let current = try await claim(id)
            let driver = try await accounts.account(id: current.owner)
            let report = current.report
            let text = SMSText.claimStatus(
                status, crashID: report.crashID, claimNumber: report.acknowledgement?.claimNumber,
                utcOffsetMinutes: report.effectiveScene.scene.utcOffsetMinutes,
                words: Languages.shipped.best([report.language?.rawValue, driver?.language?.rawValue].compactMap { $0 })
            )
            var sms: SMSMessage?
            if let text, let phone = driver?.phone {
                sms = SMSMessage.queued(crashID: report.crashID, owner: current.owner, recipient: phone, text: text, at: clock.now())
            }
            let write = try await claims.recordClaimStatus(
                id, update, sms: sms, tellsClaimsSystem: submission.notifiesInsurer, readAt: report.revision, at: clock.now()
            )
            switch write {
            case let .stored(claim, _):
                if sms != nil || submission.notifiesInsurer { submission.worker?.nudge() }
                return claim
            case let .unchanged(claim):
                return claim
            case let .moved(claim):
                throw ReportError.conflict(claim.report.id, current: claim.report)
            case nil:
                throw ServerRefusal.claimNotFound(id)
            }
        }
    }

    /// The photos of the claim's report the driver's phone is still sending, in the report's order (none once its PDF
    /// is drawn, which waits for them).
    package func photosPending(of claim: Claim) async throws -> [ContentHash] {
        if try await submission.reports.document(for: claim.report.id, owner: claim.owner) != nil { return [] }
        return try await submission.rendering.photos.photosNotHeld(in: claim.report, owner: claim.owner)
    }

    /// Every version of the claim's PDF, the first first.
    package func documentVersions(of claim: Claim) async throws -> [DocumentVersion] {
        try await submission.reports.documentVersions(of: claim.report.id, owner: claim.owner)
    }

    /// The statement's signing record of the claim's report, the first act first.
    package func signingRecord(of claim: Claim) async throws -> [SigningEntry] {
        try await submission.reports.signingRecord(of: claim.report.id, owner: claim.owner)
    }

    /// Where each of the claim's events to the claims system stands, the first queued first.
    package func deliveries(of claim: Claim) async throws -> [WebhookDelivery] {
        let query = DeliveryQuery(report: .init(owner: claim.owner, report: claim.report.id))
        return try await deliveries.webhookDeliveries(query, limit: ServerLimits.deliveriesPerClaim).reversed()
    }

    /// The driver who submitted the claim, as their account names them (`nil` when the account is gone).
    package func policyholder(of claim: Claim) async throws -> Account? {
        try await accounts.account(id: claim.owner)
    }
}
