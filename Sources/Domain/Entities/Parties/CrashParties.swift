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
    public mutating func change(_ id: PartyID, to kind: Party.Kind) throws(PartyError) {
        guard let index = all.firstIndex(where: { $0.id == id }) else { throw .unknown(id) }
        all[index].kind = kind
    }

    public mutating func remove(_ id: PartyID) throws(PartyError) {
        guard let index = all.firstIndex(where: { $0.id == id }) else { throw .unknown(id) }
        all.remove(at: index)
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
