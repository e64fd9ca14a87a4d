/// The crash's other parties, in the order the driver added them: none ("my car alone"), up to ``maximum``. Each is
/// changed and removed by its ``PartyID``.
public struct CrashParties: Sendable, Hashable {
    /// The most parties the list holds; with vehicle B of the statement beside them, a report names at most this many
    /// other parties (``CrashReport/changeParties(_:)``).
    public static let maximum = 8

    /// The most motor vehicles among them: with vehicle B, one accident statement each, at most ``maximum``.
    public static let maximumMotorVehicles = maximum - 1

    public private(set) var all: [Party] = []

    public init() {}

    /// - Throws: ``PartyError/tooMany(limit:)`` past ``maximum``; ``PartyError/duplicate(_:)`` for an id given twice.
    public init(_ parties: [Party]) throws(PartyError) {
        guard parties.count <= Self.maximum else { throw .tooMany(limit: Self.maximum) }
        var ids = Set<PartyID>()
        for party in parties where !ids.insert(party.id).inserted { throw .duplicate(party.id) }
        all = parties
        for party in parties { try checkTouched(party.id, party.touched) }
    }

    /// No other party: the driver's vehicle alone (on ice, into a ditch). Such a crash is reported all the same.
    public var isAlone: Bool { all.isEmpty }

    /// The other motor vehicles: each has its own accident statement with A.
    public var motorVehicles: [Party] { all.filter(\.kind.hasStatement) }

    public subscript(id: PartyID) -> Party? { all.first { $0.id == id } }

    /// A party's number as every list shows it: its place among the parties, from 1.
    public func number(of id: PartyID) -> Int? { all.firstIndex { $0.id == id }.map { $0 + 1 } }

    /// Adds a party; returns its id.
    @discardableResult
    public mutating func add(_ kind: Party.Kind, id: PartyID = PartyID()) throws(PartyError) -> PartyID {
        guard all.count < Self.maximum else { throw .tooMany(limit: Self.maximum) }
        guard self[id] == nil else { throw .duplicate(id) }
        all.append(Party(id: id, kind: kind))
        return id
    }

    /// Changes what a party is or what is known of it; it keeps its id and place.
    /// A party no longer a motor vehicle loses its contacts, and no other vehicle names it.
    public mutating func change(_ id: PartyID, to kind: Party.Kind) throws(PartyError) {
        guard let index = all.firstIndex(where: { $0.id == id }) else { throw .unknown(id) }
        all[index].kind = kind
        if !kind.hasStatement {
            forgetContacts(of: id)
            all[index].hurt = []
        }
    }

    /// The party goes, and with it every contact naming it.
    public mutating func remove(_ id: PartyID) throws(PartyError) {
        guard let index = all.firstIndex(where: { $0.id == id }) else { throw .unknown(id) }
        all.remove(at: index)
        forgetContacts(of: id)
    }

    /// Says which vehicles besides A the motor vehicle `id` touched (replacing what was said): vehicle B, or other
    /// motor-vehicle parties. A contact another vehicle records with it already is kept where it is.
    /// - Throws: ``PartyError/unknown(_:)``; ``PartyError/notAVehicle(_:)`` for a party that is not a motor vehicle, or a
    ///   contact with itself or with a party that is not one.
    public mutating func setTouched(_ id: PartyID, _ vehicles: Set<StatementPair>) throws(PartyError) {
        guard let index = all.firstIndex(where: { $0.id == id }) else { throw .unknown(id) }
        try checkTouched(id, vehicles)
        all[index].touched = vehicles
    }

    /// The vehicles besides A that `vehicle` (B, or a motor-vehicle party) touched, as recorded on either side, in the
    /// order of the list (B first).
    public func touching(_ vehicle: StatementPair) -> [StatementPair] {
        var found = Set<StatementPair>()
        for party in all where party.kind.hasStatement {
            let pair = StatementPair.vehicle(party.id)
            if pair == vehicle { found.formUnion(party.touched) }
            if party.touched.contains(vehicle) { found.insert(pair) }
        }
        return ([StatementPair.b] + all.map { .vehicle($0.id) }).filter { found.contains($0) && $0 != vehicle }
    }

    private func checkTouched(_ id: PartyID, _ vehicles: Set<StatementPair>) throws(PartyError) {
        guard !vehicles.isEmpty else { return }
        guard self[id]?.kind.hasStatement == true else { throw .notAVehicle(id) }
        for case let .vehicle(other) in vehicles where other == id || self[other]?.kind.hasStatement != true {
            throw .notAVehicle(other)
        }
    }

    private mutating func forgetContacts(of id: PartyID) {
        for index in all.indices {
            all[index].touched.remove(.vehicle(id))
            if all[index].id == id { all[index].touched = [] }
        }
    }

    /// Says whether `occupant` of the motor vehicle `id` was hurt.
    /// - Throws: ``PartyError/unknown(_:)``; ``PartyError/notAPerson`` for a party that is not a motor vehicle.
    public mutating func setHurt(_ id: PartyID, _ occupant: Occupant, _ hurt: Bool) throws(PartyError) {
        guard let index = all.firstIndex(where: { $0.id == id }) else { throw .unknown(id) }
        guard all[index].kind.hasStatement else { throw .notAPerson }
        if hurt { all[index].hurt.insert(occupant) } else { all[index].hurt.remove(occupant) }
    }

    /// No one in another motor vehicle said to be hurt any more.
    mutating func clearHurtInVehicles() {
        for index in all.indices { all[index].hurt = [] }
    }

    /// The people of other motor vehicles said to be hurt, vehicle by vehicle in the order of the list, the driver
    /// before the passengers.
    public var hurtInVehicles: [(party: Party, occupant: Occupant)] {
        all.flatMap { party in party.hurt.sorted().map { (party: party, occupant: $0) } }
    }

    /// The cyclists and pedestrians said to be injured (one not known to be is not among them).
    public var injuredRoadUsers: [Party] {
        all.filter { party in
            switch party.kind {
            case let .cyclist(user), let .pedestrian(user): user.injured == true
            default: false
            }
        }
    }
}
