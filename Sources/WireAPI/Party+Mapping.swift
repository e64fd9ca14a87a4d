import Domain
import Foundation

/// A crash's other parties on the wire, and back: each is rebuilt through its validating initialiser, and a field that
/// belongs to another kind of party is refused rather than dropped.
extension Components.Schemas.Party {
    /// - Parameter version: another motor vehicle's statement's version as it is now (``CrashReport/statementVersion(_:)``).
    public init(_ party: Party, statementVersion version: StatementVersion? = nil) {
        let id = party.id.description
        switch party.kind {
        case let .cyclist(user), let .pedestrian(user):
            self.init(
                id: id, kind: party.kind.isCyclist ? .cyclist : .pedestrian, name: user.name.nonEmpty, phone: user.phone?.e164,
                address: user.address.nonEmpty, liabilityInsurer: user.liabilityInsurer.nonEmpty, injured: user.injured
            )
        case let .property(property):
            self.init(id: id, kind: .property, address: property.address.nonEmpty, what: property.what, owner: property.owner.nonEmpty)
        case let .leftTheScene(seen):
            self.init(
                id: id, kind: .leftTheScene, plate: seen.plate.nonEmpty, colour: seen.colour.nonEmpty,
                makeAndModel: seen.makeAndModel.nonEmpty, direction: seen.direction.nonEmpty, policeReport: seen.policeReport.nonEmpty
            )
        case let .motorVehicle(statement):
            let touched = ([StatementPair.b] + party.touched.compactMap(\.party).sorted().map(StatementPair.vehicle))
                .filter(party.touched.contains).map { $0.party?.description ?? "b" }
            self.init(
                id: id, kind: .motorVehicle, statement: Components.Schemas.AccidentStatement(statement, version: version),
                touched: touched.isEmpty ? nil : touched,
                hurt: party.hurt.isEmpty ? nil : party.hurt.sorted().map { Components.Schemas.Party.HurtPayloadPayload(rawValue: $0.rawValue)! }
            )
        }
    }
}

extension CrashParties {
    /// Rebuilds the parties received or stored as their wire JSON.
    /// - Throws: ``InvalidReportData`` naming the field, under `parties`.
    public init(wire: [Components.Schemas.Party]) throws(InvalidReportData) {
        guard wire.count <= Self.maximum else {
            throw InvalidReportData(field: "parties", problem: .tooMany(count: wire.count, limit: Self.maximum))
        }
        var list: [Party] = []
        for (index, party) in wire.enumerated() {
            list.append(try Party(wire: party, field: "parties[\(index)]"))
        }
        // A contact with itself or with a party that is not a motor vehicle of the list, named where it was sent.
        let vehicles = Set(list.filter(\.kind.hasStatement).map(\.id))
        for (index, party) in list.enumerated() {
            for case let .vehicle(other) in party.touched where other == party.id || !vehicles.contains(other) {
                throw InvalidReportData(field: "parties[\(index)].touched", problem: .invalid(other.description))
            }
        }
        do {
            try self.init(list)
        } catch {
            let id = if case let .duplicate(id) = error { id.description } else { "" }
            throw InvalidReportData(field: "parties", problem: .duplicate(id))
        }
    }
}

extension Party {
    init(wire: Components.Schemas.Party, field: String) throws(InvalidReportData) {
        guard let uuid = UUID(uuidString: wire.id) else {
            throw InvalidReportData(field: "\(field).id", problem: .invalid(String(wire.id.prefix(64))))
        }
        let given: [(String, Bool)] = [
            ("name", wire.name != nil), ("phone", wire.phone != nil), ("address", wire.address != nil),
            ("liabilityInsurer", wire.liabilityInsurer != nil), ("injured", wire.injured != nil), ("what", wire.what != nil),
            ("owner", wire.owner != nil), ("plate", wire.plate != nil), ("colour", wire.colour != nil),
            ("makeAndModel", wire.makeAndModel != nil), ("direction", wire.direction != nil), ("policeReport", wire.policeReport != nil),
            ("statement", wire.statement != nil), ("touched", wire.touched != nil), ("hurt", wire.hurt != nil),
        ]
        let allowed: Set<String> = switch wire.kind {
        case .motorVehicle: ["statement", "touched", "hurt"]
        case .cyclist, .pedestrian: ["name", "phone", "address", "liabilityInsurer", "injured"]
        case .property: ["what", "owner", "address"]
        case .leftTheScene: ["plate", "colour", "makeAndModel", "direction", "policeReport"]
        }
        if let wrong = given.first(where: { $0.1 && !allowed.contains($0.0) }) {
            throw InvalidReportData(field: "\(field).\(wrong.0)", problem: .unexpected)
        }
        if wire.kind == .motorVehicle {
            let statement = try wire.statement.map { statement throws(InvalidReportData) in
                try AccidentStatement(wire: statement, at: "\(field).statement")
            } ?? .empty
            var touched = Set<StatementPair>()
            for text in wire.touched ?? [] {
                if text == "b" {
                    touched.insert(.b)
                } else if let other = UUID(uuidString: text) {
                    touched.insert(.vehicle(PartyID(other)))
                } else {
                    throw InvalidReportData(field: "\(field).touched", problem: .invalid(String(text.prefix(64))))
                }
            }
            let hurt = Set((wire.hurt ?? []).compactMap { Occupant(rawValue: $0.rawValue) })
            self.init(id: PartyID(uuid), kind: .motorVehicle(statement), touched: touched, hurt: hurt)
            return
        }
        do throws(PartyError) {
            let kind: Kind
            switch wire.kind {
            case .motorVehicle: throw .vehicleOnStatement  // rebuilt above
            case .cyclist, .pedestrian:
                let user = try RoadUser(
                    name: wire.name ?? "", phone: wire.phone ?? "", address: wire.address ?? "",
                    liabilityInsurer: wire.liabilityInsurer ?? "", injured: wire.injured, kept: true
                )
                kind = wire.kind == .cyclist ? .cyclist(user) : .pedestrian(user)
            case .property:
                kind = .property(try DamagedProperty(what: wire.what ?? "", owner: wire.owner ?? "", address: wire.address ?? ""))
            case .leftTheScene:
                kind = .leftTheScene(try VehicleSeen(
                    plate: wire.plate ?? "", colour: wire.colour ?? "", makeAndModel: wire.makeAndModel ?? "",
                    direction: wire.direction ?? "", policeReport: wire.policeReport ?? ""
                ))
            }
            self.init(id: PartyID(uuid), kind: kind)
        } catch {
            throw InvalidReportData(party: error, field: field)
        }
    }
}

extension InvalidReportData {
    /// A party's refusal as the report's data problem, naming the field under `field`.
    init(party error: PartyError, field: String) {
        switch error {
        case let .text(name, .characters(count, limit)): self.init(field: "\(field).\(name.rawValue)", problem: .tooLong(count: count, limit: limit))
        case let .text(name, .bytes(count, limit)): self.init(field: "\(field).\(name.rawValue)", problem: .tooLarge(bytes: count, limit: limit))
        case let .text(name, .controlCharacter(code)): self.init(field: "\(field).\(name.rawValue)", problem: .controlCharacter(code))
        case let .phone(problem): self.init(field: "\(field).phone", problem: .invalid(String(describing: problem)))
        case let .plateCharacter(code): self.init(field: "\(field).plate", problem: .characterNotAllowed(code))
        case .nothingSaid: self.init(field: field, problem: .missing)
        case let .tooMany(limit): self.init(field: "parties", problem: .tooMany(count: limit + 1, limit: limit))
        case let .unknown(id), let .duplicate(id): self.init(field: "\(field).id", problem: .duplicate(id.description))
        case .vehicleOnStatement, .notAPerson: self.init(field: field, problem: .unexpected)
        case let .notAVehicle(id): self.init(field: "\(field).touched", problem: .invalid(id.description))
        }
    }
}

extension Party.Kind {
    var isCyclist: Bool {
        if case .cyclist = self { true } else { false }
    }
}
