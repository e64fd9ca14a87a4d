import Domain
import Foundation

/// Work handed on once what it is about is stored, written in the same transaction as that (a transactional outbox):
/// an instance that dies right after the commit leaves the job for itself or another instance to do.
package enum ServerJob: Sendable, Hashable {
    /// Hand the SMS message to the gateway (the message itself is kept with its state: ``SMSMessage``).
    case sendSMS(SMSMessageID)
    /// Tell the insurer's claims system of a submitted report (its first notice of loss, `WebhookSender`).
    case notifyInsurer(owner: AccountID, report: ReportID)
    /// Tell the claims system that every document of a submitted report is in: each photo it names and its PDF
    /// (`WebhookSender`'s second event). Queued when the report's first PDF is recorded; after its first notice.
    case tellDocumentsComplete(owner: AccountID, report: ReportID)
    /// Tell the claims system that a submitted report's PDF has a new version beside the ones it was told of
    /// (``DocumentVersion``; the first is told by ``tellDocumentsComplete(owner:report:)``).
    case announceDocumentVersion(owner: AccountID, report: ReportID, number: Int)
    /// Tell the claims system that a submitted report was acknowledged with the insurer's claim number (by a handler on
    /// the desk, or by the claims system itself), as the acknowledgement said then; queued with it, one per
    /// acknowledgement (a correction is another).
    case tellAcknowledged(owner: AccountID, report: ReportID, acknowledgement: ClaimAcknowledgement)
    /// Tell the claims system of the claim's `number`th status step (from 1; a timeline's steps never change).
    case tellStatusChanged(owner: AccountID, report: ReportID, number: Int)
    /// Tell the claims system of the driver's SMS reply to a crash's SMS (``SMSReply``); in the order of the crash's
    /// report's other events, whether or not a claim exists yet.
    case tellReply(owner: AccountID, report: ReportID, reply: SMSReplyID)

    /// The job's kind and facts as a row holds them.
    package var row: (kind: String, payload: String) {
        switch self {
        case let .sendSMS(id): (JobKind.sms.row, "{\"message\":\"\(id)\"}")
        case let .notifyInsurer(owner, report): (JobKind.webhook.row, "{\"owner\":\"\(owner)\",\"report\":\"\(report)\"}")
        case let .tellDocumentsComplete(owner, report):
            (JobKind.webhook.row, "{\"event\":\"documents\",\"owner\":\"\(owner)\",\"report\":\"\(report)\"}")
        case let .announceDocumentVersion(owner, report, number):
            (JobKind.webhook.row, "{\"event\":\"version\",\"number\":\(number),\"owner\":\"\(owner)\",\"report\":\"\(report)\"}")
        case let .tellAcknowledged(owner, report, acknowledgement):
            (JobKind.webhook.row, Self.text(Payload(
                message: nil, owner: owner.description, report: report.description, event: "acknowledged", number: nil,
                claimNumber: acknowledgement.claimNumber, note: acknowledgement.message, handler: acknowledgement.handler,
                at: Self.milliseconds(acknowledgement.acknowledgedAt)
            )))
        case let .tellStatusChanged(owner, report, number):
            (JobKind.webhook.row, "{\"event\":\"status\",\"number\":\(number),\"owner\":\"\(owner)\",\"report\":\"\(report)\"}")
        case let .tellReply(owner, report, reply):
            (JobKind.webhook.row, "{\"event\":\"reply\",\"owner\":\"\(owner)\",\"reply\":\"\(reply)\",\"report\":\"\(report)\"}")
        }
    }

    /// The sequence the job is done in, for a job that must wait for those queued before it: a driver's SMS (about one
    /// crash, they arrive in the order they were written), one report's notices to the claims system. A job is not
    /// taken while an earlier job of its sequence is not finished (done, or given up); jobs of different sequences
    /// run side by side. `smsOwner` is the driver an SMS message is for (its store knows it).
    package func sequence(smsOwner: AccountID?) -> String {
        switch self {
        case let .sendSMS(id): smsOwner.map { "driver:\($0)" } ?? "sms:\(id)"
        case let .notifyInsurer(_, report), let .tellDocumentsComplete(_, report), let .announceDocumentVersion(_, report, _),
             let .tellAcknowledged(_, report, _), let .tellStatusChanged(_, report, _), let .tellReply(_, report, _):
            "report:\(report)"
        }
    }

    /// The job in a row; `nil` when the row cannot be read (it is then marked failed).
    package init?(kind: String, payload: String) {
        guard let facts = try? JSONDecoder().decode(Payload.self, from: Data(payload.utf8)) else { return nil }
        switch JobKind(row: kind) {
        case .sms:
            guard let id = facts.message.flatMap(SMSMessageID.init(text:)) else { return nil }
            self = .sendSMS(id)
        case .webhook:
            guard let owner = facts.owner.flatMap(AccountID.init(text:)), let report = facts.report.flatMap(UUID.init(uuidString:)) else {
                return nil
            }
            switch facts.event {
            case nil: self = .notifyInsurer(owner: owner, report: ReportID(report))
            case "documents": self = .tellDocumentsComplete(owner: owner, report: ReportID(report))
            case "version":
                guard let number = facts.number, number > 0 else { return nil }
                self = .announceDocumentVersion(owner: owner, report: ReportID(report), number: number)
            case "acknowledged":
                guard let claimNumber = facts.claimNumber, let handler = facts.handler, let at = facts.at,
                      let acknowledgement = try? ClaimAcknowledgement(
                          claimNumber: claimNumber, message: facts.note ?? "", acknowledgedAt: Date(timeIntervalSince1970: Double(at) / 1_000),
                          handler: handler
                      ) else { return nil }
                self = .tellAcknowledged(owner: owner, report: ReportID(report), acknowledgement: acknowledgement)
            case "status":
                guard let number = facts.number, number > 0 else { return nil }
                self = .tellStatusChanged(owner: owner, report: ReportID(report), number: number)
            case "reply":
                guard let reply = facts.reply.flatMap(SMSReplyID.init(text:)) else { return nil }
                self = .tellReply(owner: owner, report: ReportID(report), reply: reply)
            default: return nil
            }
        default:
            return nil
        }
    }
}

extension ServerJob {
    /// A job's facts as its row's payload holds them (JSON); each kind uses some.
    private struct Payload: Codable {
        let message: String?
        let owner: String?
        let report: String?
        /// Which event a claims-system job sends: absent for the first notice (rows from before there were two).
        let event: String?
        /// The document version a `version` event announces.
        let number: Int?
        /// What an `acknowledged` event tells: the claim number, the message to the driver, the handler, and when (ms
        /// since 1970).
        var claimNumber: String? = nil
        var note: String? = nil
        var handler: String? = nil
        var at: Int64? = nil
        /// The SMS reply a `reply` event tells.
        var reply: String? = nil
    }

    private static func text(_ payload: Payload) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(payload)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// A time as a whole number of milliseconds since 1970, as a payload and a `webhook-id` name it.
    package static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000).rounded())
    }

    /// The number an event's `webhook-id` ends with, telling apart the claim's events of one type: a new PDF's version,
    /// an acknowledgement's time in milliseconds since 1970.
    package var webhookNumber: Int? {
        switch self {
        case let .announceDocumentVersion(_, _, number): number
        case let .tellAcknowledged(_, _, acknowledgement): Int(Self.milliseconds(acknowledgement.acknowledgedAt))
        case let .tellStatusChanged(_, _, number): number
        case .sendSMS, .notifyInsurer, .tellDocumentsComplete, .tellReply: nil
        }
    }
}

/// A job a worker took, leased to it until it is finished, put back, or the lease runs out.
package struct ClaimedJob: Sendable, Hashable {
    package let id: Int64
    /// `nil` when the row cannot be read.
    package let job: ServerJob?
    /// How many times it was taken, this time included.
    package let attempts: Int
    package let queuedAt: Date

    package init(id: Int64, job: ServerJob?, attempts: Int, queuedAt: Date) {
        self.id = id
        self.job = job
        self.attempts = attempts
        self.queuedAt = queuedAt
    }
}
