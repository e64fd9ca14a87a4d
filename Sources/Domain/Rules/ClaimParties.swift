/// Who a claim concerns, each with a role and the incidents (losses) a claims system opens for them: the insured
/// vehicle (A), the other vehicle of the statement (B), and each other party of the report. The one rule the first
/// notice of loss and the handlers' desk read.
public struct ClaimParty: Sendable, Hashable {
    public enum Role: String, Sendable, Hashable, CaseIterable {
        /// The driver's own vehicle, insured by the insurer the report goes to.
        case insuredVehicle = "insured-vehicle"
        /// Vehicle B of the accident statement, or another motor vehicle with its own statement.
        case otherVehicle = "other-vehicle"
        case cyclist
        case pedestrian
        /// The owner or keeper of damaged property.
        case property
        /// A vehicle that left the scene, as it was seen.
        case leftTheScene = "left-the-scene"
    }

    /// A loss a claims system opens for a party.
    public enum Incident: String, Sendable, Hashable, CaseIterable {
        /// Damage to the party's vehicle.
        case vehicle
        /// Someone of the party was hurt.
        case injury
        /// Damage to property that is not a vehicle of the crash.
        case property
    }

    public let role: Role
    /// The report's party behind it (another motor vehicle's with its statement); `nil` for vehicles A and B.
    public let party: Party?
    /// Who it is, as far as the report says: a vehicle's driver (or policyholder), a person's name, property's owner.
    public let name: String?
    public let plate: String?
    public let insurer: String?
    public let incidents: [Incident]
    /// Another motor vehicle's statement's version as it is now; `nil` for the others.
    public var statementVersion: StatementVersion? = nil
}

extension CrashReport {
    /// Everyone the claim concerns, in order: vehicle A, vehicle B when the statement or the injuries speak of it, then
    /// the other parties as the driver added them.
    public var claimParties: [ClaimParty] {
        let selected = Set(injuries.selected)
        func vehicle(_ side: VehicleSide, role: ClaimParty.Role, hurt: Bool) -> ClaimParty {
            let column = statement[side]
            return ClaimParty(
                role: role, party: nil, name: column[.driverName] ?? column[.policyholderName], plate: column[.plate],
                insurer: column[.insurer], incidents: hurt ? [.vehicle, .injury] : [.vehicle]
            )
        }
        var list = [vehicle(.a, role: .insuredVehicle, hurt: !selected.isDisjoint(with: [.myself, .myPassengers]))]
        let otherHurt = !selected.isDisjoint(with: [.otherDriver, .otherDriversPassengers])
        if !statement.vehicleB.isEmpty || otherHurt {
            list.append(vehicle(.b, role: .otherVehicle, hurt: otherHurt))
        }
        for party in parties.all {
            switch party.kind {
            case let .motorVehicle(pair):
                let column = pair.vehicleB
                list.append(ClaimParty(
                    role: .otherVehicle, party: party, name: column[.driverName] ?? column[.policyholderName], plate: column[.plate],
                    insurer: column[.insurer], incidents: party.hurt.isEmpty ? [.vehicle] : [.vehicle, .injury],
                    statementVersion: statementVersion(.vehicle(party.id))
                ))
            case let .cyclist(user), let .pedestrian(user):
                list.append(ClaimParty(
                    role: party.kind.role == .cyclist ? .cyclist : .pedestrian, party: party, name: user.name.nonEmptyOrNil, plate: nil,
                    insurer: user.liabilityInsurer.nonEmptyOrNil, incidents: user.injured == true ? [.injury] : []
                ))
            case let .property(property):
                list.append(ClaimParty(role: .property, party: party, name: property.owner.nonEmptyOrNil, plate: nil, insurer: nil, incidents: [.property]))
            case let .leftTheScene(seen):
                list.append(ClaimParty(role: .leftTheScene, party: party, name: nil, plate: seen.plate.nonEmptyOrNil, insurer: nil, incidents: []))
            }
        }
        return list
    }
}

extension String {
    fileprivate var nonEmptyOrNil: String? { isEmpty ? nil : self }
}
