import Foundation

/// One step of a submitted claim's life after its acknowledgement, as the insurer records it (a claims handler on the
/// desk, or the claims system through its route): what happened, with the facts the driver needs, an optional note,
/// when, and who recorded it. Only the server records one; the driver's device receives the claim's steps with the
/// report (``CrashReport/claimTimeline``) and shows them in order.
public struct ClaimStatusUpdate: Sendable, Hashable {
    public let status: ClaimStatus
    /// A note to the driver; empty when none.
    public let note: String
    public let recordedAt: Date
    /// The account name of whoever recorded it.
    public let handler: String

    /// - Throws: ``InvalidReportData`` naming the field (under `status.`) that breaks its rule.
    public init(status: ClaimStatus, note: String, recordedAt: Date, handler: String) throws(InvalidReportData) {
        try status.check()
        try TextLimit.claimMessage.check(note, field: "status.note")
        try TextLimit.accountName.check(handler, field: "status.handler")
        self.status = status
        self.note = note
        self.recordedAt = recordedAt
        self.handler = handler
    }

    /// The most steps one claim keeps: far more than a claim's life has; a claims system that posts in a loop is stopped.
    public static let timelineLimit = 200
}

/// Where a claim stands, with what the driver needs to know of it.
public enum ClaimStatus: Sendable, Hashable {
    /// The insurer has the claim and is looking at it.
    case received
    /// A claims handler took it: their name and a number the driver can call.
    case assigned(name: String, phone: String)
    /// An inspection of the vehicle is booked: when, and where.
    case inspectionBooked(at: Date, place: String)
    /// What the repair is estimated to cost.
    case estimate(Money)
    /// The driver's share of the responsibility, in percent, as assessed.
    case responsibilityAssessed(percent: Int)
    /// The vehicle is at this repairer.
    case vehicleAt(repairer: String, address: String)
    /// A payment was made to the driver.
    case payment(Money)
    case closed
    case reopened

    /// The kinds, as the wire and the desk name them.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case received
        case assigned
        case inspectionBooked = "inspection-booked"
        case estimate
        case responsibilityAssessed = "responsibility-assessed"
        case vehicleAt = "vehicle-at"
        case payment
        case closed
        case reopened
    }

    public var kind: Kind {
        switch self {
        case .received: .received
        case .assigned: .assigned
        case .inspectionBooked: .inspectionBooked
        case .estimate: .estimate
        case .responsibilityAssessed: .responsibilityAssessed
        case .vehicleAt: .vehicleAt
        case .payment: .payment
        case .closed: .closed
        case .reopened: .reopened
        }
    }

    /// Whether the driver is texted of it: a person to call, an appointment, where the car is, money paid, the end.
    public var textsDriver: Bool {
        switch kind {
        case .assigned, .inspectionBooked, .vehicleAt, .payment, .closed, .reopened: true
        case .received, .estimate, .responsibilityAssessed: false
        }
    }

    /// The most characters of a name, a place, a repairer's name or an address.
    public static let nameLimit = TextLimit(characters: 100)
    public static let placeLimit = TextLimit(characters: 300)

    /// Refuses facts that break their rule, naming the field.
    func check() throws(InvalidReportData) {
        switch self {
        case .received, .closed, .reopened:
            break
        case let .assigned(name, phone):
            try Self.required(name, limit: Self.nameLimit, field: "status.name")
            try Self.required(phone, limit: TextLimit(characters: 32), field: "status.phone")
            guard phone.allSatisfy({ $0.isASCII && ($0.isNumber || " +-()/.".contains($0)) }), phone.contains(where: \.isNumber) else {
                throw InvalidReportData(field: "status.phone", problem: .invalid("a phone number is digits, spaces and + - ( ) / ."))
            }
        case let .inspectionBooked(_, place):
            try Self.required(place, limit: Self.placeLimit, field: "status.place")
        case let .estimate(money), let .payment(money):
            try money.check()
        case let .responsibilityAssessed(percent):
            guard (0...100).contains(percent) else {
                throw InvalidReportData(field: "status.percent", problem: .outOfRange(value: percent, allowed: 0...100))
            }
        case let .vehicleAt(repairer, address):
            try Self.required(repairer, limit: Self.nameLimit, field: "status.repairer")
            try Self.required(address, limit: Self.placeLimit, field: "status.address")
        }
    }

    private static func required(_ text: String, limit: TextLimit, field: String) throws(InvalidReportData) {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw InvalidReportData(field: field, problem: .missing) }
        guard text.trimmingCharacters(in: .whitespaces) == text else { throw InvalidReportData(field: field, problem: .spacesAround) }
        try limit.check(text, field: field)
    }
}

/// An amount of money: a positive number with at most two decimals, and its ISO 4217 currency code.
public struct Money: Sendable, Hashable {
    /// The amount in hundredths (1234.50 is 123450).
    public let cents: Int64
    /// Three capital letters (`EUR`, `HUF`, `PLN`).
    public let currency: String

    public init(cents: Int64, currency: String) {
        self.cents = cents
        self.currency = currency
    }

    /// The largest amount: a billion.
    public static let maximumCents: Int64 = 100_000_000_000

    /// The amount written as the wire takes it (`1234.50`), or `nil` when `text` is not one: digits, then at most two
    /// decimals after a point.
    public init?(amount text: String, currency: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = parts.first, !whole.isEmpty, whole.count <= 12,
              whole.allSatisfy({ $0.isASCII && $0.isNumber }), let units = Int64(whole) else { return nil }
        var cents = units * 100
        if parts.count == 2 {
            let fraction = parts[1]
            guard (1...2).contains(fraction.count), fraction.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int64(fraction) else { return nil }
            cents += fraction.count == 1 ? value * 10 : value
        }
        self.init(cents: cents, currency: currency)
    }

    /// `1234.50`: the amount as the wire writes it, always with two decimals.
    public var amount: String {
        "\(cents / 100).\(String(format: "%02d", Int(cents % 100)))"
    }

    func check() throws(InvalidReportData) {
        guard cents > 0, cents <= Self.maximumCents else {
            throw InvalidReportData(field: "status.amount", problem: .invalid("an amount is more than 0 and at most 1000000000, with at most two decimals"))
        }
        guard currency.count == 3, currency.allSatisfy({ $0.isASCII && $0.isUppercase }) else {
            throw InvalidReportData(field: "status.currency", problem: .invalid("a currency is its three-letter ISO 4217 code, such as EUR"))
        }
    }
}
