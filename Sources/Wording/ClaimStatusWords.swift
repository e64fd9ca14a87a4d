import Domain
import Foundation

/// A claim's steps in one language — the same words on the driver's screen, on the handlers' desk and in `reports`.
public struct ClaimStatusWords: Sendable {
    public let words: Words

    public init(_ words: Words) { self.words = words }

    /// A kind's name, as the desk's choice and a timeline's heading say it: `Inspection booked`.
    public func kind(_ kind: ClaimStatus.Kind) -> String {
        switch kind {
        case .received: words("Received", context: "a claim's status")
        case .assigned: words("Assigned to a claims handler", context: "a claim's status")
        case .inspectionBooked: words("Inspection booked", context: "a claim's status")
        case .estimate: words("Estimate", context: "a claim's status: what the repair will cost")
        case .responsibilityAssessed: words("Responsibility assessed", context: "a claim's status")
        case .vehicleAt: words("Vehicle at a repairer", context: "a claim's status")
        case .payment: words("Payment made", context: "a claim's status")
        case .closed: words("Closed", context: "a claim's status")
        case .reopened: words("Reopened", context: "a claim's status")
        }
    }

    /// What a step says, in one line: `Inspection booked: 3 Dec 2026, 09:30, Váci út 1`.
    /// - Parameter dates: how times are written (the crash scene's offset from UTC).
    public func says(_ status: ClaimStatus, dates: DateText) -> String {
        let dates = words.dates(dates)
        return switch status {
        case .received, .closed, .reopened: kind(status.kind)
        case let .assigned(name, phone):
            words("Assigned to {name}, phone {phone}", ["name": name, "phone": phone])
        case let .inspectionBooked(at, place):
            words("Inspection booked: {time}, {place}", ["time": dates.dateTime(at), "place": place])
        case let .estimate(money):
            words("Estimate: {amount}", ["amount": amount(money)])
        case let .responsibilityAssessed(percent):
            words("Responsibility assessed: {percent}% yours", ["percent": words.number(percent)])
        case let .vehicleAt(repairer, address):
            words("Vehicle at {repairer}, {address}", ["repairer": repairer, "address": address])
        case let .payment(money):
            words("Payment made: {amount}", ["amount": amount(money)])
        }
    }

    /// An amount in this language's separators, with its currency code: `1 234,50 HUF`.
    public func amount(_ money: Money) -> String {
        let whole = words.number(Int(money.cents / 100))
        let cents = Int(money.cents % 100)
        // The decimal separator as this language writes one half: `0.5`, `0,5`.
        let separator = words.decimal(0.5).dropFirst().prefix(1)
        return "\(whole)\(separator)\(cents < 10 ? "0" : "")\(cents) \(money.currency)"
    }
}
