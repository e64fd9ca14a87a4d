import Domain
import Testing

/// A crash's other parties: other motor vehicles (one statement each), cyclists and pedestrians, property, a vehicle
/// that left the scene — or none, the car alone.
@Suite("The parties of a crash")
struct CrashPartiesTests {
    struct Crash: CustomTestStringConvertible, Sendable {
        let name: String
        let parties: [Party.Kind]
        let statements: Int
        let injuredRoadUsers: Int
        var testDescription: String { name }
    }

    static let crashes: [Crash] = [
        // C hit A from behind, A hit B: two statements, one with each.
        Crash(name: "a three-car pile-up", parties: [.motorVehicle(.empty), .motorVehicle(.empty)], statements: 2, injuredRoadUsers: 0),
        Crash(name: "a cyclist, injured", parties: [.cyclist(try! RoadUser(name: "Eva Kovács", injured: true))], statements: 0, injuredRoadUsers: 1),
        Crash(name: "a lamp post", parties: [.property(try! DamagedProperty(what: "lamp post", owner: "City of Budapest"))], statements: 0, injuredRoadUsers: 0),
        Crash(name: "a driver who fled, part of the plate read", parties: [.leftTheScene(try! VehicleSeen(plate: "b-m? 12", colour: "dark blue", direction: "towards the bridge"))], statements: 0, injuredRoadUsers: 0),
        Crash(name: "the car alone", parties: [], statements: 0, injuredRoadUsers: 0),
        Crash(name: "a car and a pedestrian not hurt", parties: [.motorVehicle(.empty), .pedestrian(try! RoadUser(name: "Jan Nowak", injured: false))], statements: 1, injuredRoadUsers: 0),
    ]

    @Test(arguments: crashes)
    func eachCrashHoldsItsParties(_ crash: Crash) throws {
        var parties = CrashParties()
        let ids = try crash.parties.map { kind in try parties.add(kind) }
        #expect(parties.all.map(\.id) == ids)
        #expect(parties.motorVehicles.count == crash.statements)
        #expect(parties.injuredRoadUsers.count == crash.injuredRoadUsers)
        #expect(parties.isAlone == crash.parties.isEmpty)
    }

    @Test func aPartyIsChangedAndRemovedByItsIdAndKeepsItsPlace() throws {
        var parties = CrashParties()
        let cyclist = try parties.add(.cyclist(try RoadUser(name: "Eva")))
        let car = try parties.add(.motorVehicle(.empty))
        try parties.change(cyclist, to: .pedestrian(try RoadUser(name: "Eva", injured: true)))
        #expect(parties.all.map(\.id) == [cyclist, car])
        #expect(parties.injuredRoadUsers.map(\.id) == [cyclist])
        try parties.remove(cyclist)
        #expect(parties.all.map(\.id) == [car])
        #expect(throws: PartyError.unknown(cyclist)) { try parties.remove(cyclist) }
        #expect(throws: PartyError.unknown(cyclist)) { try parties.change(cyclist, to: .motorVehicle(.empty)) }
    }

    @Test func atMostEightOtherParties() throws {
        var parties = CrashParties()
        for _ in 0..<CrashParties.maximum { try parties.add(.motorVehicle(.empty)) }
        #expect(throws: PartyError.tooMany(limit: 8)) { try parties.add(.motorVehicle(.empty)) }
        #expect(throws: PartyError.tooMany(limit: 8)) { try CrashParties((0...8).map { _ in Party(kind: .motorVehicle(.empty)) }) }
    }

    @Test func whatIsSeenOrSaidFollowsItsRules() throws {
        // A seen plate keeps the characters not read as "?", uppercased.
        #expect(try VehicleSeen(plate: " b-m? 12 ").plate == "B-M? 12")
        #expect(throws: PartyError.plateCharacter(0x5F)) { try VehicleSeen(plate: "AB_12") }
        // Something must have been seen of a vehicle that left, and property is named by what it is.
        #expect(throws: PartyError.nothingSaid) { try VehicleSeen(policeReport: "2026/991") }
        #expect(throws: PartyError.nothingSaid) { try DamagedProperty(what: "  ") }
        // A cyclist who rode on is still a party: nothing about them needs to be known.
        #expect(try RoadUser().injured == nil)
        #expect(throws: PartyError.self) { try RoadUser(phone: "not a number") }
        #expect(throws: PartyError.self) { try RoadUser(name: String(repeating: "x", count: 101)) }
        // A line break has no place in what property is.
        #expect(throws: PartyError.self) { try DamagedProperty(what: "fence\nand gate") }
    }
}
