import Domain
import Foundation

/// Work handed on once what it is about is stored, written in the same transaction as that (a transactional outbox):
/// an instance that dies right after the commit leaves the job for itself or another instance to do.
package enum ServerJob: Sendable, Hashable {
    /// Hand the SMS message to the gateway (the message itself is kept with its state: ``SMSMessage``).
    case sendSMS(SMSMessageID)
    /// Tell the insurer's claims system of a submitted report (its first notice of loss, ``WebhookSender``).
    case notifyInsurer(owner: AccountID, report: ReportID)

    /// The job's kind and facts as a row holds them.
    package var row: (kind: String, payload: String) {
        switch self {
        case let .sendSMS(id): ("send_sms", "{\"message\":\"\(id)\"}")
        case let .notifyInsurer(owner, report): ("deliver_webhook", "{\"owner\":\"\(owner)\",\"report\":\"\(report)\"}")
        }
    }

    /// The job in a row; `nil` when the row cannot be read (it is then marked failed).
    package init?(kind: String, payload: String) {
        struct Payload: Decodable {
            let message: String?
            let owner: String?
            let report: String?
        }
        guard let facts = try? JSONDecoder().decode(Payload.self, from: Data(payload.utf8)) else { return nil }
        switch kind {
        case "send_sms":
            guard let id = facts.message.flatMap(SMSMessageID.init(text:)) else { return nil }
            self = .sendSMS(id)
        case "deliver_webhook":
            guard let owner = facts.owner.flatMap(AccountID.init(text:)), let report = facts.report.flatMap(UUID.init(uuidString:)) else {
                return nil
            }
            self = .notifyInsurer(owner: owner, report: ReportID(report))
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
