import Domain
import Foundation

/// One line of a report's signing record: a signature or a decline of its accident statement, as the server took it.
/// The record is append-only — each store adds a line in the transaction that stores the report the act is in, and
/// no call edits or removes one (the lines go only with their report) — so it keeps every act, also those a later
/// version of the statement voided.
package struct SigningEntry: Sendable, Hashable {
    /// What the signer did.
    package enum Act: String, Sendable, Hashable, CaseIterable {
        case signed
        case declined
    }

    /// How the server knew who acted.
    package enum Means: String, Sendable, Hashable, CaseIterable {
        /// The driver on their own device, signed in to the server as ``SigningEntry/account``.
        case driversDevice = "drivers-device"
        /// The other driver, with a one-time code texted to ``SigningEntry/phone`` (``SigningEntry/codeSMS``).
        case smsCode = "sms-code"
        /// The other driver on the driver's device, as on paper: not verified.
        case sameDevice = "same-device"
        /// The other driver through the link the driver gave them (a decline needs no code).
        case link
    }

    /// 1 for the report's first act, then each next one (the report's statements share one count).
    package let number: Int
    /// Which of the report's statements was signed or declined.
    package let pair: StatementPair
    package let side: VehicleSide
    package let act: Act
    package let means: Means
    /// The name the signer typed; `nil` for a decline.
    package let name: String?
    /// Why the other driver declined; `nil` for a signature.
    package let reason: String?
    /// The account a driver's-device signature names.
    package let account: String?
    /// The number a code went to.
    package let phone: PhoneNumber?
    /// The version of the front side signed or declined.
    package let version: StatementVersion
    /// When the signer acted, as the act says (a device's own clock for a device's signature).
    package let actedAt: Date
    /// When the server stored it.
    package let recordedAt: Date
    /// The text message that carried the code, for a code signature.
    package let codeSMS: SMSMessageID?
    /// That message's delivery as the gateway and the phone network last reported it (read with the record, so it
    /// may move on after the act: a delivery report can come after the code was typed).
    package let delivery: SMSDelivery?

    package init(
        number: Int, pair: StatementPair = .b, side: VehicleSide, act: Act, means: Means, name: String?, reason: String?, account: String?,
        phone: PhoneNumber?, version: StatementVersion, actedAt: Date, recordedAt: Date, codeSMS: SMSMessageID?, delivery: SMSDelivery? = nil
    ) {
        self.number = number
        self.pair = pair
        self.side = side
        self.act = act
        self.means = means
        self.name = name
        self.reason = reason
        self.account = account
        self.phone = phone
        self.version = version
        self.actedAt = actedAt
        self.recordedAt = recordedAt
        self.codeSMS = codeSMS
        self.delivery = delivery
    }

    /// The act numbered to follow the record's `held` lines.
    package func following(_ held: Int) -> SigningEntry {
        SigningEntry(
            number: held + number, pair: pair, side: side, act: act, means: means, name: name, reason: reason, account: account, phone: phone,
            version: version, actedAt: actedAt, recordedAt: recordedAt, codeSMS: codeSMS, delivery: delivery
        )
    }

    /// The most acts a report's record keeps: a save that would add more is refused whole (a driver signing again and
    /// again cannot grow it without end), well beyond what a statement signed in earnest needs.
    package static let limitPerReport = 100

    /// Refuses `adding` more acts to a record holding `held`, past ``limitPerReport``.
    /// - Throws: ``ServerRefusal/quotaExceeded(what:limit:)``, so the store writes nothing of the save.
    package static func checkRoom(held: Int, adding: Int) throws(ServerRefusal) {
        guard held + adding > limitPerReport else { return }
        throw .quotaExceeded(what: "signatures and declines of one report's statement", limit: limitPerReport)
    }

    /// The acts `stored` holds that `held` (the version stored before, `nil` when new) did not, statement by statement
    /// (`CrashReport.statementPairs`), numbered from 1 (a store numbers them after the record's lines with
    /// ``following(_:)``).
    /// - Parameter codeSMS: the message that carried the code a code signature was made with (the link's flow knows it).
    package static func acts(in stored: CrashReport, after held: CrashReport?, codeSMS: SMSMessageID?, at date: Date) -> [SigningEntry] {
        var entries: [SigningEntry] = []
        for pair in stored.statementPairs {
            guard let statement = stored.statement(pair) else { continue }
            let before = entries.count
            entries += acts(in: statement, after: held?.statement(pair), pair: pair, codeSMS: codeSMS, at: date).map { $0.following(before) }
        }
        return entries
    }

    /// The acts one statement holds that `held` did not: each signature not held as it is, and a decline not held as
    /// it is, in that order, numbered from 1. A signature or decline sent back unchanged adds nothing.
    package static func acts(
        in stored: AccidentStatement, after held: AccidentStatement?, pair: StatementPair = .b, codeSMS: SMSMessageID?, at date: Date
    ) -> [SigningEntry] {
        var entries: [SigningEntry] = []
        for signature in stored.signatures where held?.signature(of: signature.side) != signature {
            let (means, account, phone): (Means, String?, PhoneNumber?) = switch signature.verification {
            case let .driversDevice(account): (.driversDevice, account, nil)
            case let .smsCode(phone): (.smsCode, nil, phone)
            case .sameDevice: (.sameDevice, nil, nil)
            }
            entries.append(SigningEntry(
                number: entries.count + 1, pair: pair, side: signature.side, act: .signed, means: means, name: signature.name, reason: nil,
                account: account, phone: phone, version: signature.version, actedAt: signature.signedAt, recordedAt: date,
                codeSMS: means == .smsCode ? codeSMS : nil
            ))
        }
        if let decline = stored.decline, held?.decline != decline {
            entries.append(SigningEntry(
                number: entries.count + 1, pair: pair, side: .b, act: .declined, means: .link, name: nil, reason: decline.reason, account: nil,
                phone: nil, version: decline.version, actedAt: decline.declinedAt, recordedAt: date, codeSMS: nil
            ))
        }
        return entries
    }
}

/// Where a text message stands, as the gateway and the phone network last reported it.
package struct SMSDelivery: Sendable, Hashable {
    package let state: SMSState
    package let detail: String?
    package let updatedAt: Date

    package init(state: SMSState, detail: String?, updatedAt: Date) {
        self.state = state
        self.detail = detail
        self.updatedAt = updatedAt
    }
}

extension StatementPair {
    /// How a store writes it: `b`, or the party's id.
    package var stored: String { description }

    /// A pair as a store wrote it; `nil` for text that is neither.
    package init?(stored text: String) {
        if text == "b" {
            self = .b
        } else if let uuid = UUID(uuidString: text) {
            self = .vehicle(PartyID(uuid))
        } else {
            return nil
        }
    }
}
