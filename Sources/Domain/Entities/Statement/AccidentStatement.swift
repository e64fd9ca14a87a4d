import Foundation

/// The European Accident Statement of one crash: both vehicles' columns, the witnesses, whether the police came, and
/// damage to anything besides the two vehicles. Every part is optional; a report starts with an empty one.
public struct AccidentStatement: Sendable, Hashable {
    public var vehicleA: StatementVehicle
    public var vehicleB: StatementVehicle
    public internal(set) var witnesses: [Witness]
    /// Whether the police came, and their report; `nil` until answered.
    public internal(set) var police: PoliceAttendance?
    /// Damage to property other than the two vehicles (a fence, a lamp post); empty when none.
    public internal(set) var otherPropertyDamage: String
    /// Each side's signature, at most one a side (``CrashReport/signStatement(_:name:verification:at:)``); not part of the front.
    public internal(set) var signatures: [StatementSignature]
    /// The other driver's refusal to sign, when they gave one.
    public internal(set) var decline: StatementDecline?

    public static let maximumWitnesses = 5
    public static let otherPropertyDamageLimit = TextLimit(characters: 500, allowsLineBreaks: true)

    /// Parts counted for completeness: each vehicle's five, the circumstances, and the witnesses and police.
    public static let partCount = VehiclePart.allCases.count * 2 + 2

    public static let empty = AccidentStatement()

    public init() {
        vehicleA = StatementVehicle()
        vehicleB = StatementVehicle()
        witnesses = []
        police = nil
        otherPropertyDamage = ""
        signatures = []
        decline = nil
    }

    /// Rebuilds a statement from stored or received parts.
    /// - Throws: ``InvalidReportData`` naming the field: too many witnesses, a witness's value breaking its rule, text
    ///   over its limit.
    public init(
        vehicleA: StatementVehicle, vehicleB: StatementVehicle, witnesses: [Witness], police: PoliceAttendance?,
        otherPropertyDamage: String, signatures: [StatementSignature] = [], decline: StatementDecline? = nil
    ) throws(InvalidReportData) {
        self.init()
        guard Set(signatures.map(\.side)).count == signatures.count else {
            throw InvalidReportData(field: "statement.signatures", problem: .duplicate("a side"))
        }
        self.signatures = signatures.sorted { $0.side.rawValue < $1.side.rawValue }
        self.decline = decline
        self.vehicleA = vehicleA
        self.vehicleB = vehicleB
        do { try setWitnesses(witnesses) } catch { throw InvalidReportData(field: "statement.witnesses", problem: error.problem) }
        self.police = police
        do { try setOtherPropertyDamage(otherPropertyDamage) } catch {
            throw InvalidReportData(field: "statement.otherPropertyDamage", problem: error.problem)
        }
    }

    public subscript(side: VehicleSide) -> StatementVehicle {
        get { side == .a ? vehicleA : vehicleB }
        set { if side == .a { vehicleA = newValue } else { vehicleB = newValue } }
    }

    public mutating func setWitnesses(_ list: [Witness]) throws(StatementFieldError) {
        guard list.count <= Self.maximumWitnesses else { throw .tooManyWitnesses(limit: Self.maximumWitnesses) }
        witnesses = list
    }

    public mutating func setPolice(_ police: PoliceAttendance?) { self.police = police }

    public mutating func setOtherPropertyDamage(_ text: String) throws(StatementFieldError) {
        otherPropertyDamage = try StatementFieldKind.text(Self.otherPropertyDamageLimit).normalised(text) ?? ""
    }

    // MARK: - Reading

    public var isEmpty: Bool {
        vehicleA.isEmpty && vehicleB.isEmpty && witnesses.isEmpty && police == nil && otherPropertyDamage.isEmpty
            && signatures.isEmpty && decline == nil
    }

    /// The side's signature, whatever version it names.
    public func signature(of side: VehicleSide) -> StatementSignature? {
        signatures.first { $0.side == side }
    }

    /// How many of the ``partCount`` parts hold anything.
    public var filledParts: Int {
        let vehicles = VehicleSide.allCases.reduce(0) { sum, side in sum + VehiclePart.allCases.count(where: { self[side].isFilled($0) }) }
        let circumstances = (vehicleA.circumstances.isEmpty && vehicleB.circumstances.isEmpty) ? 0 : 1
        let witnessesAndPolice = (witnesses.isEmpty && police == nil) ? 0 : 1
        return vehicles + circumstances + witnessesAndPolice
    }

    /// What looks wrong on the day of the crash, both columns.
    public func flags(onCrashDay day: CalendarDay) -> [StatementFlag] {
        vehicleA.flags(onCrashDay: day, side: .a) + vehicleB.flags(onCrashDay: day, side: .b)
    }
}

/// Someone who saw the crash.
public struct Witness: Sendable, Hashable, CustomStringConvertible {
    public let name: String
    public let address: String
    public let phone: PhoneNumber?

    public static let nameLimit = TextLimit(characters: 100)
    public static let addressLimit = TextLimit(characters: 200)

    /// - Throws: ``StatementFieldError`` for text over its limit, a phone number that is not one, or neither a name nor
    ///   a phone number.
    /// - Parameter kept: whether the phone number was kept before (read by its shape) rather than typed now (judged).
    public init(name: String, address: String, phone: String, kept: Bool = false) throws(StatementFieldError) {
        let name = try StatementFieldKind.text(Self.nameLimit).normalised(name) ?? ""
        let address = try StatementFieldKind.text(Self.addressLimit).normalised(address) ?? ""
        let phone = try StatementFieldKind.phone.normalised(phone, kept: kept)
        guard !name.isEmpty || phone != nil else { throw .witnessWithoutNameOrPhone }
        self.name = name
        self.address = address
        self.phone = phone.flatMap { try? PhoneNumber(kept: $0) }
    }

    /// "Joe Witness, 1 High St, +447400123456": what is known of them, in one line.
    public var description: String {
        [name, address, phone?.e164 ?? ""].filter { !$0.isEmpty }.joined(separator: ", ")
    }
}

/// Whether the police came to the scene, and if so their report's number and their station.
public struct PoliceAttendance: Sendable, Hashable, CustomStringConvertible {
    public let attended: Bool
    public let reportNumber: String
    public let station: String

    public static let reportNumberLimit = TextLimit(characters: 60)
    public static let stationLimit = TextLimit(characters: 100)

    /// - Throws: ``StatementFieldError`` for text over its limit. A report number or station without the police having
    ///   come is dropped.
    public init(attended: Bool, reportNumber: String = "", station: String = "") throws(StatementFieldError) {
        self.attended = attended
        self.reportNumber = attended ? try StatementFieldKind.text(Self.reportNumberLimit).normalised(reportNumber) ?? "" : ""
        self.station = attended ? try StatementFieldKind.text(Self.stationLimit).normalised(station) ?? "" : ""
    }

    /// "came, report 2026/123, Budapest XI" or "did not come".
    public var description: String {
        guard attended else { return "did not come" }
        return (["came"] + [reportNumber.isEmpty ? "" : "report \(reportNumber)", station].filter { !$0.isEmpty }).joined(separator: ", ")
    }
}
