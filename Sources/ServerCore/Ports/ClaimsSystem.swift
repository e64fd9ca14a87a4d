import Domain
import Foundation

/// The insurer's claims system, told of each submitted report: at once (a first notice of loss, naming the documents
/// still on their way), and again when every document is in. The implementation is chosen by `serve --webhook-url`:
/// signed webhooks (`WebhookSender` in the gateways).
package protocol ClaimsSystem: Sendable {
    /// Delivers one of the claim's events; returns once the claims system took it.
    /// - Parameters:
    ///   - documents: which of the claim's documents the server holds, and which are still on their way.
    ///   - publicURL: the server's public address, for the links in the notice.
    func deliver(
        _ event: ClaimEvent, of claim: Claim, driver: Account, documents: ClaimDocuments, publicURL: String, at date: Date
    ) async throws

    /// Delivers a driver's SMS reply to a crash's SMS (``ClaimEvent/crashReply``); returns once the claims system took it.
    /// - Parameters:
    ///   - claim: the claim the crash's report became, once it did.
    ///   - driver: the driver whose crash it answers.
    func deliver(_ reply: SMSReply, crash: CrashTie, claim: ClaimID?, driver: Account, publicURL: String, at date: Date) async throws
}

/// What the claims system is told of a claim.
package enum ClaimEvent: String, Sendable, Hashable, CaseIterable {
    /// The report was submitted: its facts, at once, whatever photos are still arriving.
    case firstNoticeOfLoss
    /// Every photo the report names and its PDF are in.
    case documentsComplete
    /// The PDF has a new version beside the earlier ones (``ClaimDocuments/announced``).
    case documentVersionAdded
    /// The report was acknowledged with the insurer's claim number (``ClaimDocuments/acknowledged``).
    case acknowledged
    /// The claim's status changed (``ClaimDocuments/step``).
    case statusChanged
    /// The driver replied to the crash's SMS (``SMSReply``), before or after the report became a claim.
    case crashReply
}

extension ClaimEvent {
    /// The Standard Webhooks type its body names (`type`), and metrics count it by.
    package var type: String {
        switch self {
        case .firstNoticeOfLoss: "claim.first_notice_of_loss"
        case .documentsComplete: "claim.documents_complete"
        case .documentVersionAdded: "claim.document_version_added"
        case .acknowledged: "claim.acknowledged"
        case .statusChanged: "claim.status_changed"
        case .crashReply: "crash.reply"
        }
    }

    /// The `webhook-id` every try of one event carries, named by what it is about, which the server made: a claim's
    /// event by the claim's own id, never the report's (two drivers' reports may share an id, and a receiver that drops
    /// repeated ids would drop the second claim); a ``crashReply`` by the reply's own id (a reply may come before any
    /// claim: ``webhookID(reply:)``). A replayed delivery carries it again.
    /// - Parameters:
    ///   - subject: the claim's id, or the reply's.
    ///   - number: what tells apart the claim's events of this type (``ServerJob/webhookNumber``): the version a
    ///     ``documentVersionAdded`` event announces, the time of the acknowledgement an ``acknowledged`` event tells.
    private func webhookID(of subject: String, number: Int?) -> String {
        switch self {
        case .firstNoticeOfLoss: "fnol_\(subject)"
        case .documentsComplete: "docs_\(subject)"
        case .documentVersionAdded: "docv_\(subject)_\(number ?? 0)"
        case .acknowledged: "ack_\(subject)_\(number ?? 0)"
        case .statusChanged: "status_\(subject)_\(number ?? 0)"
        case .crashReply: "reply_\(subject)"
        }
    }

    /// The `webhook-id` of one of a claim's events (`webhookID(of:number:)`).
    package func webhookID(claim: ClaimID, number: Int? = nil) -> String {
        webhookID(of: claim.description, number: number)
    }

    /// The `webhook-id` of a ``crashReply`` event (`webhookID(of:number:)`).
    package static func webhookID(reply: SMSReplyID) -> String {
        crashReply.webhookID(of: reply.description, number: nil)
    }
}

/// A claim's documents as the server holds them when a notice is sent, with the statement's signing record.
package struct ClaimDocuments: Sendable, Hashable {
    /// The claim's PDF; `nil` until every photo is in and it is drawn.
    package var document: ContentHash?
    /// The photos the report names that the driver's phone has not finished sending, in the report's order.
    package var photosPending: [ContentHash]
    /// Every version of the PDF, the first first; the newest is ``document``.
    package var versions: [DocumentVersion]
    /// The version a ``ClaimEvent/documentVersionAdded`` event announces.
    package var announced: DocumentVersion?
    /// The statement's signing record, the first act first (``SigningEntry``).
    package var signingRecord: [SigningEntry]
    /// The acknowledgement a ``ClaimEvent/acknowledged`` event tells, as it was given (a later correction is told by an
    /// event of its own).
    package var acknowledged: ClaimAcknowledgement?
    /// The status step a ``ClaimEvent/statusChanged`` event tells, and its number in the timeline (from 1).
    package var step: NumberedStep?

    package init(
        document: ContentHash?, photosPending: [ContentHash], versions: [DocumentVersion] = [], announced: DocumentVersion? = nil,
        signingRecord: [SigningEntry] = [], acknowledged: ClaimAcknowledgement? = nil, step: NumberedStep? = nil
    ) {
        self.document = document
        self.photosPending = photosPending
        self.versions = versions
        self.announced = announced
        self.signingRecord = signingRecord
        self.acknowledged = acknowledged
        self.step = step
    }

    /// The version of the PDF with these bytes, when it is one of the claim's.
    package func version(_ hash: ContentHash) -> DocumentVersion? {
        versions.last { $0.sha256 == hash }
    }

    /// Whether every document is in.
    package var isComplete: Bool { document != nil && photosPending.isEmpty }
}

/// A step of a claim's timeline with its number there (from 1).
package struct NumberedStep: Sendable, Hashable {
    package let number: Int
    package let update: ClaimStatusUpdate

    package init(number: Int, update: ClaimStatusUpdate) {
        self.number = number
        self.update = update
    }
}
