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

    /// The job's kind and facts as a row holds them.
    package var row: (kind: String, payload: String) {
        switch self {
        case let .sendSMS(id): (JobKind.sms.row, "{\"message\":\"\(id)\"}")
        case let .notifyInsurer(owner, report): (JobKind.webhook.row, "{\"owner\":\"\(owner)\",\"report\":\"\(report)\"}")
        case let .tellDocumentsComplete(owner, report):
            (JobKind.webhook.row, "{\"event\":\"documents\",\"owner\":\"\(owner)\",\"report\":\"\(report)\"}")
        case let .announceDocumentVersion(owner, report, number):
            (JobKind.webhook.row, "{\"event\":\"version\",\"number\":\(number),\"owner\":\"\(owner)\",\"report\":\"\(report)\"}")
        }
    }

    /// The sequence the job is done in, for a job that must wait for those queued before it: a driver's SMS (about one
    /// crash, they arrive in the order they were written), one report's notices to the claims system. A job is not
    /// taken while an earlier job of its sequence is not finished (done, or given up); jobs of different sequences
    /// run side by side. `smsOwner` is the driver an SMS message is for (its store knows it).
    package func sequence(smsOwner: AccountID?) -> String {
        switch self {
        case let .sendSMS(id): smsOwner.map { "driver:\($0)" } ?? "sms:\(id)"
        case let .notifyInsurer(_, report), let .tellDocumentsComplete(_, report), let .announceDocumentVersion(_, report, _): "report:\(report)"
        }
    }

    /// The job in a row; `nil` when the row cannot be read (it is then marked failed).
    package init?(kind: String, payload: String) {
        struct Payload: Decodable {
            let message: String?
            let owner: String?
            let report: String?
            /// Which event a claims-system job sends: absent for the first notice (rows from before there were two).
            let event: String?
            /// The document version a `version` event announces.
            let number: Int?
        }
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
            default: return nil
            }
        default:
            return nil
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
