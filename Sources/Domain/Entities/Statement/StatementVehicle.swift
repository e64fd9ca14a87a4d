import Foundation

/// One vehicle's column on the accident statement: who holds its policy, the vehicle, its insurance, its driver, where
/// it was first hit and its damage, which of the 17 circumstances applied, and its driver's remarks. Every field is
/// optional; what is there obeys its field's rule (``VehicleField/kind``), normalised.
public struct StatementVehicle: Sendable, Hashable {
    /// The fields filled in, normalised (``StatementFieldKind/normalised(_:region:kept:)``).
    public private(set) var values: [VehicleField: String]
    /// The boxes ticked.
    public private(set) var circumstances: Set<Circumstance>
    /// The driver's remarks (several lines).
    public private(set) var remarks: String
    /// When the other driver entered this column from their own phone; `nil` when it was typed on this device.
    public private(set) var enteredByOtherDriverAt: Date?
    /// The column as the other driver sent it, so a change made after it shows (``changesSinceSent``).
    public private(set) var asSent: Sent?

    /// What the other driver sent: the values, boxes and remarks of the column then.
    public struct Sent: Sendable, Hashable {
        public let values: [VehicleField: String]
        public let circumstances: Set<Circumstance>
        public let remarks: String

        public init(values: [VehicleField: String], circumstances: Set<Circumstance>, remarks: String) {
            self.values = values
            self.circumstances = circumstances
            self.remarks = remarks
        }
    }

    /// One item of a column, as a change to it is named.
    public enum Item: Sendable, Hashable, Comparable {
        case field(VehicleField)
        case box(Circumstance)
        case remarks

        private var order: Int {
            switch self {
            case let .field(field): VehicleField.allCases.firstIndex(of: field) ?? 0
            case let .box(box): 100 + box.rawValue
            case .remarks: 200
            }
        }

        public static func < (lhs: Item, rhs: Item) -> Bool { lhs.order < rhs.order }
    }

    /// The remarks' limit.
    public static let remarksLimit = TextLimit(characters: 500, allowsLineBreaks: true)

    /// An empty column.
    public init() {
        values = [:]
        circumstances = []
        remarks = ""
        enteredByOtherDriverAt = nil
        asSent = nil
    }

    /// Rebuilds a column from stored or received values, each read through its field's rule.
    /// - Parameter path: where the column is in the report (`statement.vehicleA`), for the refusal.
    /// - Throws: ``InvalidReportData`` naming the field whose value breaks its rule.
    public init(
        values raw: [VehicleField: String], circumstances: Set<Circumstance>, remarks: String, enteredByOtherDriverAt: Date?,
        asSent: Sent? = nil, field path: String
    ) throws(InvalidReportData) {
        self.init()
        for field in VehicleField.allCases {
            guard let text = raw[field] else { continue }
            do {
                try set(field, to: text, kept: true)
            } catch {
                throw InvalidReportData(field: "\(path).\(field.rawValue)", problem: error.problem)
            }
        }
        do { try setRemarks(remarks) } catch { throw InvalidReportData(field: "\(path).remarks", problem: error.problem) }
        self.circumstances = circumstances
        self.enteredByOtherDriverAt = enteredByOtherDriverAt
        self.asSent = enteredByOtherDriverAt == nil ? nil : asSent
    }

    public subscript(field: VehicleField) -> String? { values[field] }

    /// Sets a field from typed text; blank clears it.
    /// - Throws: ``StatementFieldError`` naming the rule the text breaks, or an insurance ending before it starts.
    public mutating func set(_ field: VehicleField, to text: String) throws(StatementFieldError) {
        try set(field, to: text, kept: false)
    }

    /// Sets a field from typed text (judged), or from a value kept before (`kept`: a phone number read by its shape).
    /// A phone number without `+` is read in the column's country of registration.
    mutating func set(_ field: VehicleField, to text: String, kept: Bool) throws(StatementFieldError) {
        let value = try field.kind.normalised(text, region: values[.plateCountry], kept: kept)
        var next = values
        next[field] = value
        if let from = next[.insuranceValidFrom], let until = next[.insuranceValidUntil], until < from {
            throw .endsBeforeStart(start: from, end: until)
        }
        values = next
    }

    public mutating func setRemarks(_ text: String) throws(StatementFieldError) {
        remarks = try StatementFieldKind.text(Self.remarksLimit).normalised(text) ?? ""
    }

    /// Ticks a box that is not ticked, or clears one that is.
    public mutating func toggle(_ circumstance: Circumstance) {
        if circumstances.remove(circumstance) == nil { circumstances.insert(circumstance) }
    }

    public mutating func setCircumstances(_ boxes: Set<Circumstance>) {
        circumstances = boxes
    }

    /// Marks the column as the other driver's, entered at `date` from their own phone, as it is now; `nil` unmarks it.
    public mutating func markEnteredByOtherDriver(at date: Date?) {
        enteredByOtherDriverAt = date
        asSent = date.map { _ in Sent(values: values, circumstances: circumstances, remarks: remarks) }
    }

    /// What changed in the column since the other driver sent it, in the form's order; empty when nothing did, or
    /// when they did not send it.
    public var changesSinceSent: [Item] {
        guard enteredByOtherDriverAt != nil, let sent = asSent else { return [] }
        let fields = VehicleField.allCases.filter { values[$0] != sent.values[$0] }.map(Item.field)
        let boxes = Circumstance.allCases.filter { circumstances.contains($0) != sent.circumstances.contains($0) }.map(Item.box)
        return fields + boxes + (remarks == sent.remarks ? [] : [.remarks])
    }

    /// Whether the other driver sent this column and it is as they sent it: only then is it credited to them.
    public var isAsSentByOtherDriver: Bool {
        enteredByOtherDriverAt != nil && asSent != nil && changesSinceSent.isEmpty
    }

    /// This column with `other`'s value for `field` (for merging two versions field by field).
    /// One end of the insurance taken alone could make it end before it starts: then both ends come from `other`
    /// (a valid column itself), so the column stays one the rules allow.
    public func taking(_ field: VehicleField, from other: StatementVehicle) -> StatementVehicle {
        var copy = self
        copy.values[field] = other.values[field]
        if let from = copy.values[.insuranceValidFrom], let until = copy.values[.insuranceValidUntil], until < from {
            copy.values[.insuranceValidFrom] = other.values[.insuranceValidFrom]
            copy.values[.insuranceValidUntil] = other.values[.insuranceValidUntil]
        }
        return copy
    }

    /// This column with `other`'s remarks (for merging).
    func takingRemarks(from other: StatementVehicle) -> StatementVehicle {
        var copy = self
        copy.remarks = other.remarks
        return copy
    }

    /// This column with `other`'s tick (or none) in one box (for merging).
    func taking(_ box: Circumstance, from other: StatementVehicle) -> StatementVehicle {
        var copy = self
        if other.circumstances.contains(box) { copy.circumstances.insert(box) } else { copy.circumstances.remove(box) }
        return copy
    }

    /// This column with `other`'s word of who entered it (for merging).
    func takingMark(from other: StatementVehicle) -> StatementVehicle {
        var copy = self
        copy.enteredByOtherDriverAt = other.enteredByOtherDriverAt
        copy.asSent = other.asSent
        return copy
    }

    // MARK: - Reading

    public var isEmpty: Bool { values.isEmpty && circumstances.isEmpty && remarks.isEmpty }

    /// Whether a part holds anything.
    public func isFilled(_ part: VehiclePart) -> Bool { part.fields.contains { values[$0] != nil } }

    public var phone: PhoneNumber? { values[.policyholderPhone].flatMap { try? PhoneNumber(kept: $0) } }
    public var plate: RegistrationPlate? { values[.plate].flatMap { try? RegistrationPlate(parsing: $0) } }
    public var impactPoint: ImpactZone? { values[.impactPoint].flatMap(ImpactZone.init(rawValue:)) }
    public func day(_ field: VehicleField) -> CalendarDay? { values[field].flatMap { try? CalendarDay(parsing: $0) } }

    /// The column's circumstances in box order.
    public var ticked: [Circumstance] { circumstances.sorted() }

    /// What looks wrong on the day of the crash, though it may be so: allowed, and shown to whoever reads the statement.
    public func flags(onCrashDay crashDay: CalendarDay, side: VehicleSide) -> [StatementFlag] {
        var flags: [StatementFlag] = []
        if let until = day(.licenceValidUntil), until < crashDay { flags.append(.licenceExpired(side, until)) }
        if let from = day(.insuranceValidFrom), crashDay < from { flags.append(.insuranceNotYetValid(side, from)) }
        if let until = day(.insuranceValidUntil), until < crashDay { flags.append(.insuranceExpired(side, until)) }
        if let born = day(.driverDateOfBirth) {
            if crashDay < born { flags.append(.bornAfterCrash(side)) } else if born.years(until: crashDay) > 110 { flags.append(.implausibleAge(side, born.years(until: crashDay))) }
        }
        return flags
    }
}

/// Something on the statement that looks wrong on the crash's day: allowed, and flagged.
public enum StatementFlag: Sendable, Hashable {
    case licenceExpired(VehicleSide, CalendarDay)
    case insuranceNotYetValid(VehicleSide, CalendarDay)
    case insuranceExpired(VehicleSide, CalendarDay)
    case bornAfterCrash(VehicleSide)
    case implausibleAge(VehicleSide, Int)
}
