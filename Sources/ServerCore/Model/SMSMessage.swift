import Domain
import Foundation

/// One text message to a driver about a crash the server detected, kept from the moment the crash event is stored
/// (in the same transaction) until the phone network reports it delivered or failed.
package struct SMSMessage: Sendable, Hashable {
    package let id: SMSMessageID
    package let crashID: CrashID
    /// The driver it is for.
    package let owner: AccountID
    package let recipient: PhoneNumber
    /// The words, as the phone shows them (``SMSText``).
    package let text: String
    /// The digests of the secrets the gateway's delivery reports for this message carry, so nobody else can report on
    /// it: a new secret is drawn each time the message is handed to the gateway (``JobPerformer``), the gateway alone
    /// gets it in clear, and the last ``keptReportDigests`` are kept (a report about an earlier try still counts).
    package let reportDigests: [TokenDigest]
    package let state: SMSState
    /// The gateway's or the phone network's last words about it, or why it failed.
    package let detail: String?
    package let createdAt: Date
    package let updatedAt: Date

    /// The message with other words (``SMSText/withoutCode(_:)``).
    package func withText(_ text: String) -> SMSMessage {
        SMSMessage(
            id: id, crashID: crashID, owner: owner, recipient: recipient, text: text, reportDigests: reportDigests,
            state: state, detail: detail, createdAt: createdAt, updatedAt: updatedAt
        )
    }

    /// The message moved on to `state`, with the words about it.
    package func moved(to state: SMSState, detail: String?, at date: Date) -> SMSMessage {
        SMSMessage(
            id: id, crashID: crashID, owner: owner, recipient: recipient, text: text, reportDigests: reportDigests,
            state: state, detail: detail, createdAt: createdAt, updatedAt: date
        )
    }

    /// How many tries' report digests a message keeps.
    package static let keptReportDigests = 4

    /// Whether a delivery report carrying `token` is one the gateway was given for this message.
    package func acceptsReport(token: String) -> Bool {
        reportDigests.contains(TokenDigest(token: token))
    }

    /// The message with `digest` kept too: the newest ``keptReportDigests``.
    package func adding(reportDigest digest: TokenDigest) -> SMSMessage {
        SMSMessage(
            id: id, crashID: crashID, owner: owner, recipient: recipient, text: text,
            reportDigests: Array((reportDigests + [digest]).suffix(Self.keptReportDigests)), state: state, detail: detail,
            createdAt: createdAt, updatedAt: updatedAt
        )
    }

    /// The digests as one column's text (space-separated hex), and back.
    package static func digestsText(_ digests: [TokenDigest]) -> String {
        digests.map(\.hex).joined(separator: " ")
    }

    package static func digests(fromText text: String) -> [TokenDigest] {
        text.split(separator: " ").map { TokenDigest(storedHex: String($0)) }
    }

    /// A new message, queued.
    package static func queued(crashID: CrashID, owner: AccountID, recipient: PhoneNumber, text: String, at date: Date) -> SMSMessage {
        SMSMessage(
            id: SMSMessageID(), crashID: crashID, owner: owner, recipient: recipient, text: text,
            reportDigests: [], state: .queued, detail: nil, createdAt: date, updatedAt: date
        )
    }

    package init(id: SMSMessageID, crashID: CrashID, owner: AccountID, recipient: PhoneNumber, text: String, reportDigests: [TokenDigest], state: SMSState, detail: String?, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.crashID = crashID
        self.owner = owner
        self.recipient = recipient
        self.text = text
        self.reportDigests = reportDigests
        self.state = state
        self.detail = detail
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// An SMS message's id.
package typealias SMSMessageID = ServerID<SMSMessage>

/// Where a message is on its way to the phone. It only moves forward: a late "accepted" report does not undo
/// "delivered".
package enum SMSState: String, Sendable, Hashable, CaseIterable {
    /// Stored, not yet handed to the gateway (or the gateway could not be reached yet).
    case queued
    /// The gateway (or the SMS centre behind it) took it.
    case accepted
    /// The phone network reported it delivered to the phone.
    case delivered
    /// The network reported it undeliverable, or it could not be handed on within a day.
    case failed

    /// How far along the way: a state only replaces one of a lower rank.
    package var rank: Int {
        switch self {
        case .queued: 0
        case .accepted: 1
        case .delivered, .failed: 2
        }
    }

    /// The state a Kannel delivery report's type stands for (`dlr-mask` bits: 1 delivered, 2 undelivered, 4 queued
    /// at the SMS centre, 8 accepted by it, 16 rejected by it); `nil` for a type that is none of those. Only the final
    /// ones are asked for (`KannelSMSSender.deliveryReportMask`); 4 and 8 are still read, from a gateway configured
    /// to send them anyway.
    package init?(deliveryReportType type: Int) {
        switch type {
        case 1: self = .delivered
        case 2, 16: self = .failed
        case 4, 8: self = .accepted
        default: return nil
        }
    }
}
