import Domain
import Testing
import TestSupport

/// Which vehicles touched whom besides A: recorded on one of the two vehicles, read from both; only motor vehicles.
@Suite("Contacts between vehicles")
struct PartyContactsTests {
    static let vehicleD = PartyID()

    /// The sample parties (vehicle C is party 3) and another motor vehicle D.
    static func pileUp() throws -> CrashParties {
        var parties = try CrashParties.sample()
        try parties.add(.motorVehicle(.empty), id: vehicleD)
        return parties
    }

    @Test("C touched B, and D touched C: each is read from both sides, in the list's order")
    func contactsAreReadFromBothSides() throws {
        var parties = try Self.pileUp()
        let c = StatementPair.vehicle(CrashParties.vehicleC), d = StatementPair.vehicle(Self.vehicleD)
        try parties.setTouched(CrashParties.vehicleC, [.b])
        try parties.setTouched(Self.vehicleD, [c])
        #expect(parties.touching(c) == [.b, d])
        #expect(parties.touching(.b) == [c])
        #expect(parties.touching(d) == [c])
    }

    @Test("Only a motor vehicle records contacts, never with itself or with a cyclist; a vehicle removed or made another kind is forgotten")
    func onlyVehiclesTouch() throws {
        var parties = try Self.pileUp()
        let cyclist = try #require(parties.all.first { $0.kind.role == .cyclist }).id
        #expect(throws: PartyError.notAVehicle(cyclist)) { try parties.setTouched(cyclist, [.b]) }
        #expect(throws: PartyError.notAVehicle(cyclist)) { try parties.setTouched(CrashParties.vehicleC, [.vehicle(cyclist)]) }
        #expect(throws: PartyError.notAVehicle(CrashParties.vehicleC)) {
            try parties.setTouched(CrashParties.vehicleC, [.vehicle(CrashParties.vehicleC)])
        }
        try parties.setTouched(CrashParties.vehicleC, [.b, .vehicle(Self.vehicleD)])
        try parties.remove(Self.vehicleD)
        #expect(parties[CrashParties.vehicleC]?.touched == [.b])
        try parties.change(CrashParties.vehicleC, to: .property(try DamagedProperty(what: "fence", owner: "", address: "")))
        #expect(parties[CrashParties.vehicleC]?.touched == [])
        #expect(parties.touching(.b).isEmpty)
    }

    @Test("A merge keeps the contacts one side said, and drops one with a vehicle the other side removed")
    func contactsMerge() throws {
        var base = CrashReport.stub()
        let pile = try Self.pileUp()
        try base.changeParties { list throws(PartyError) in list = pile }
        var local = base
        try local.changeParties { list throws(PartyError) in try list.setTouched(CrashParties.vehicleC, [.b, .vehicle(Self.vehicleD)]) }
        var remote = base
        try remote.changeParties { list throws(PartyError) in try list.remove(Self.vehicleD) }
        let merged = try ReportMerge.merge(base: base, local: local, remote: remote).report
        #expect(merged.parties[Self.vehicleD] == nil)
        #expect(merged.parties[CrashParties.vehicleC]?.touched == [.b])
    }
}
