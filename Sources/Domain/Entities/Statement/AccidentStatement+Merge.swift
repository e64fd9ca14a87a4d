extension AccidentStatement {
    /// One value of the statement, as a merge compares and takes it.
    public enum MergeKey: Sendable, Hashable {
        case field(VehicleSide, VehicleField)
        case box(VehicleSide, Circumstance)
        case remarks(VehicleSide)
        /// Who entered the column (the other driver, and when).
        case enteredBy(VehicleSide)
        case witnesses
        case police
        case otherPropertyDamage
        /// A side's signature (whichever version it names: one made on each device is kept, and holds only if the
        /// merged front is the version it names).
        case signature(VehicleSide)
        /// The other driver's refusal to sign.
        case decline

        /// Every value, in a fixed order.
        public static let all: [MergeKey] = VehicleSide.allCases.flatMap { side in
            VehicleField.allCases.map { MergeKey.field(side, $0) } + Circumstance.allCases.map { MergeKey.box(side, $0) }
                + [.remarks(side), .enteredBy(side)]
        } + [.witnesses, .police, .otherPropertyDamage, .signature(.a), .signature(.b), .decline]
    }

    /// Whether this statement and `other` hold the same value at `key`.
    public func hasSameValue(at key: MergeKey, as other: AccidentStatement) -> Bool {
        switch key {
        case let .field(side, field): self[side][field] == other[side][field]
        case let .box(side, box): self[side].circumstances.contains(box) == other[side].circumstances.contains(box)
        case let .remarks(side): self[side].remarks == other[side].remarks
        case let .enteredBy(side): self[side].enteredByOtherDriverAt == other[side].enteredByOtherDriverAt
        case .witnesses: witnesses == other.witnesses
        case .police: police == other.police
        case .otherPropertyDamage: otherPropertyDamage == other.otherPropertyDamage
        case let .signature(side): signature(of: side) == other.signature(of: side)
        case .decline: decline == other.decline
        }
    }

    /// This statement with `other`'s value at `key` (``StatementVehicle/taking(_:from:)-(VehicleField,_)`` keeps the insurance's order).
    public func taking(_ key: MergeKey, from other: AccidentStatement) -> AccidentStatement {
        var copy = self
        switch key {
        case let .field(side, field):
            copy[side] = copy[side].taking(field, from: other[side])
        case let .box(side, box): copy[side] = copy[side].taking(box, from: other[side])
        case let .remarks(side): copy[side] = copy[side].takingRemarks(from: other[side])
        case let .enteredBy(side): copy[side] = copy[side].takingMark(from: other[side])
        case .witnesses: copy.witnesses = other.witnesses
        case .police: copy.police = other.police
        case .otherPropertyDamage: copy.otherPropertyDamage = other.otherPropertyDamage
        case let .signature(side):
            copy.signatures = (copy.signatures.filter { $0.side != side } + (other.signature(of: side).map { [$0] } ?? []))
                .sorted { $0.side.rawValue < $1.side.rawValue }
        case .decline: copy.decline = other.decline
        }
        return copy
    }
}
