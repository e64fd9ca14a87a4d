import Domain
import Foundation
import ServerCore
import Wording

/// A statement's signing record as a page shows it (the `signing-record` partial): each act, how the server knew
/// who acted, when, for which version, and how the code's text message fared.
package struct SigningRecordView: Sendable {
    package struct Line: Sendable {
        /// `Vehicle B: signed by Hans Müller, with a one-time code texted to +49•••••••89`.
        package let act: String
        /// `28 Nov 2026, 12:03; recorded by the server 28 Nov 2026, 12:03`.
        package let when: String
        /// `The code's text message: delivered, 28 Nov 2026, 12:02`; `nil` for an act without a code.
        package let delivery: String?
        /// `For version 1a2b3c4d, the one in the statement now` (or an earlier one).
        package let version: String
    }

    package let lines: [Line]
    /// The heading's id on the page: one per statement.
    package let headingID: String
    /// The heading of another vehicle's statement's record (`Signing record of the statement with party 3`); `nil` for
    /// B's, which the page heads `Signing record`.
    package let recordHeading: String?

    /// The record's view of one statement's acts (`pair`'s), or `nil` when it holds none yet.
    /// - Parameters:
    ///   - current: the version of that statement's front side now, to say which acts are for it.
    ///   - showsAccount: whether a driver's-device signature names the account (a handler's page), or only says
    ///     the driver's own device (the other driver's).
    /// - Parameter party: another vehicle's number among the report's parties, for its heading.
    package init?(
        _ record: [SigningEntry], of pair: StatementPair = .b, party: Int? = nil, current: StatementVersion, words: Words, dates: DateText,
        showsAccount: Bool
    ) {
        let record = record.filter { $0.pair == pair }
        guard !record.isEmpty else { return nil }
        headingID = party.map { "signing-record-heading-\($0)" } ?? "signing-record-heading"
        recordHeading = party.map { words("Signing record of the statement with party {number}", ["number": words.number($0)]) }
        let facts = FactText(words)
        // Each statement's acts are numbered on their own, in the order the server took them: a page of one
        // statement says nothing of how many acts the report's others have.
        lines = record.enumerated().map { position, entry in
            let number = String(position + 1)
            let how: String = switch entry.means {
            case .driversDevice: facts.verification(.driversDevice(account: showsAccount ? entry.account : nil))
            case .smsCode: entry.phone.map { facts.verification(.smsCode($0)) } ?? words("with a one-time code texted to vehicle B's number")
            case .sameDevice: facts.verification(.sameDevice)
            case .link: words("through the link the driver gave them")
            }
            let act = switch entry.act {
            case .signed:
                words("{number}. Vehicle {side}: signed by {name}, {how}", [
                    "number": number, "side": entry.side.letter, "name": entry.name ?? "", "how": how,
                ])
            case .declined:
                (entry.reason ?? "").isEmpty
                    ? words("{number}. Vehicle {side}: declined, {how}", ["number": number, "side": entry.side.letter, "how": how])
                    : words("{number}. Vehicle {side}: declined, {how}: {reason}", [
                        "number": number, "side": entry.side.letter, "how": how, "reason": entry.reason ?? "",
                    ])
            }
            let when = words("{acted}; recorded by the server {recorded}", [
                "acted": dates.dateTime(entry.actedAt), "recorded": dates.dateTime(entry.recordedAt),
            ])
            let short = String(entry.version.hex.prefix(8))
            let version = entry.version == current
                ? words("For version {version}, the one in the statement now", ["version": short])
                : words("For version {version}, an earlier one: the statement changed after it", ["version": short])
            return Line(act: act, when: when, delivery: entry.means == .smsCode ? Self.delivery(entry.delivery, words: words, dates: dates) : nil, version: version)
        }
    }

    /// How the code's text message fared, as the gateway and the phone network last said.
    private static func delivery(_ delivery: SMSDelivery?, words: Words, dates: DateText) -> String {
        guard let delivery else { return words("The code's text message: no longer kept") }
        let time = ["time": dates.dateTime(delivery.updatedAt)]
        return switch delivery.state {
        case .queued: words("The code's text message: waiting to be handed to the SMS gateway ({time})", time)
        case .accepted: words("The code's text message: taken by the SMS gateway, no delivery report yet ({time})", time)
        case .delivered: words("The code's text message: delivered to the phone ({time})", time)
        case .failed: words("The code's text message: the network could not deliver it ({time})", time)
        }
    }
}
