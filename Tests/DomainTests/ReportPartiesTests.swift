import Domain
import Foundation
import Testing
import TestSupport

/// The parties on a report: changed only on a draft, bounded, merged party by party, and read by a claims system with
/// roles and incidents.
@Suite("A report's other parties")
struct ReportPartiesTests {
    static let cyclistID = PartyID(UUID(uuidString: "00000000-0000-4000-8000-00000000c1c1")!)
    static let lampPostID = PartyID(UUID(uuidString: "00000000-0000-4000-8000-00000000a1a1")!)
    static let fledID = PartyID(UUID(uuidString: "00000000-0000-4000-8000-00000000f1f1")!)

    @Test("A crash with a lamp post alone is information enough to complete; a completed report's parties cannot change")
    func aLampPostCompletes() throws {
        var report = CrashReport.stub()
        #expect(!report.canBeCreated)
        try report.changeParties { parties throws(PartyError) in try parties.add(.property(try DamagedProperty(what: "lamp post"))) }
        #expect(report.hasInformation(in: .otherParties) && report.canBeCreated)
        try report.complete(at: referenceDate.addingTimeInterval(60))
        #expect(throws: ReportError.readOnly(report.crashID)) {
            try report.changeParties { parties throws(PartyError) in parties = CrashParties() }
        }
        #expect(report.parties.all.count == 1)
    }

    @Test("Another motor vehicle is a party with its own statement; at most seven besides B, eight parties with B counted")
    func motorVehiclesAreBounded() throws {
        var report = CrashReport.stub()
        for _ in 0..<CrashParties.maximumMotorVehicles {
            try report.changeParties { parties throws(PartyError) in try parties.add(.motorVehicle(.empty)) }
        }
        #expect(report.statementPairs.count == 8)
        #expect(throws: PartyError.tooMany(limit: 7)) {
            try report.changeParties { parties throws(PartyError) in try parties.add(.motorVehicle(.empty)) }
        }
        // With vehicle B named, the list holds one less: eight other parties in all.
        var withB = CrashReport.stub()
        var statement = AccidentStatement.empty
        try statement.vehicleB.set(.plate, to: "B-XY 1")
        try withB.setStatement(statement)
        for _ in 0..<7 {
            try withB.changeParties { parties throws(PartyError) in try parties.add(.cyclist(try RoadUser(name: "Eva"))) }
        }
        #expect(throws: PartyError.tooMany(limit: 7)) {
            try withB.changeParties { parties throws(PartyError) in try parties.add(.property(try DamagedProperty(what: "fence"))) }
        }
        #expect(withB.parties.all.count == 7)
        #expect(throws: InvalidReportData.self) {
            try CrashReport(
                id: ReportID(), crashID: .anyLocal(), status: .draft, createdAt: referenceDate, updatedAt: referenceDate, completedAt: nil,
                scene: CrashScene(occurredAt: referenceDate), injuries: .none, photos: [], otherDriverNote: "",
                parties: try CrashParties((0..<8).map { _ in Party(kind: .motorVehicle(.empty)) }), revision: 0
            )
        }
    }

    @Test("Discarding the page removes every party")
    func discarding() throws {
        var report = CrashReport.stub()
        let sample = try CrashParties.sample()
        try report.changeParties { parties throws(PartyError) in parties = sample }
        _ = try report.discard(.otherParties)
        #expect(report.parties.isAlone && !report.hasInformation)
    }

    @Test("A cyclist or pedestrian is chosen as hurt under the page's rule: choosing them clears No one and Unsure, No one says they were not hurt, Unsure leaves it unknown")
    func injuriesPerPerson() throws {
        var report = CrashReport.stub(injuries: [.noOne])
        let cyclist = PartyID(), lampPost = PartyID()
        try report.changeParties { parties throws(PartyError) in
            try parties.add(.cyclist(try RoadUser(name: "Eva")), id: cyclist)
            try parties.add(.property(try DamagedProperty(what: "lamp post")), id: lampPost)
        }
        #expect(!report.someoneHurt)
        try report.toggleInjury(of: cyclist)
        #expect(report.parties[cyclist]?.kind.injured == true && report.injuries.isEmpty && report.someoneHurt)
        try report.toggleInjury(.myself)
        try report.toggleInjury(.noOne)
        #expect(report.injuries.selected == [.noOne] && report.parties[cyclist]?.kind.injured == false && !report.someoneHurt)
        try report.toggleInjury(.unsure)
        #expect(report.parties[cyclist]?.kind.injured == nil)
        try report.toggleInjury(of: cyclist)
        try report.toggleInjury(of: cyclist)
        #expect(report.parties[cyclist]?.kind.injured == nil && report.injuries.isEmpty)
        #expect(throws: PartyError.notAPerson) { try report.toggleInjury(of: lampPost) }
        #expect(throws: PartyError.unknown(ReportPartiesTests.fledID)) { try report.toggleInjury(of: ReportPartiesTests.fledID) }
        // Said hurt on the parties page: a person chosen, so No one goes there too.
        try report.toggleInjury(.noOne)
        try report.changeParties { parties throws(PartyError) in try parties.change(cyclist, to: .cyclist(try RoadUser(name: "Eva", injured: true))) }
        #expect(report.injuries.isEmpty && report.hasInformation(in: .injuries))
        // Discarding the page forgets who was hurt, the cyclist too (who stays a party).
        _ = try report.discard(.injuries)
        #expect(report.parties[cyclist]?.kind.injured == nil && !report.hasInformation(in: .injuries) && report.parties.all.count == 2)
    }

    @Test("Choosing a cyclist as hurt is refused once both drivers signed a front that says No one")
    func injuriesOnASignedFront() throws {
        var report = CrashReport.stub(injuries: [.noOne])
        let cyclist = PartyID()
        try report.changeParties { parties throws(PartyError) in try parties.add(.cyclist(try RoadUser(name: "Eva")), id: cyclist) }
        try report.setStatement(try .full())
        try report.signStatement(.a, name: "Jane Doe", verification: .driversDevice(account: nil), at: referenceDate)
        try report.signStatement(.b, name: "Greta Müller", verification: .sameDevice, at: referenceDate)
        let before = report
        #expect(throws: ReportError.statementSigned(report.crashID)) { try report.toggleInjury(of: cyclist) }
        #expect(report == before)
    }

    struct Claim: CustomTestStringConvertible, Sendable {
        let name: String
        let injuries: [Injury]
        let parties: [Party.Kind]
        let vehicleB: Bool
        let roles: [ClaimParty.Role]
        let incidents: [[ClaimParty.Incident]]
        var testDescription: String { name }
    }

    static let claims: [Claim] = [
        Claim(name: "the car alone", injuries: [.noOne], parties: [], vehicleB: false, roles: [.insuredVehicle], incidents: [[.vehicle]]),
        Claim(name: "a cyclist, hurt", injuries: [], parties: [.cyclist(try! RoadUser(name: "Eva", injured: true))], vehicleB: false,
              roles: [.insuredVehicle, .cyclist], incidents: [[.vehicle], [.injury]]),
        Claim(name: "a lamp post", injuries: [], parties: [.property(try! DamagedProperty(what: "lamp post"))], vehicleB: false,
              roles: [.insuredVehicle, .property], incidents: [[.vehicle], [.property]]),
        Claim(name: "a driver who fled", injuries: [.myself], parties: [.leftTheScene(try! VehicleSeen(plate: "B-M? 12"))], vehicleB: false,
              roles: [.insuredVehicle, .leftTheScene], incidents: [[.vehicle, .injury], []]),
        Claim(name: "two cars and a pedestrian not hurt", injuries: [.otherDriver], parties: [.pedestrian(try! RoadUser(name: "Jan", injured: false))],
              vehicleB: true, roles: [.insuredVehicle, .otherVehicle, .pedestrian], incidents: [[.vehicle], [.vehicle, .injury], []]),
    ]

    @Test("Who a claim concerns: each role with its incidents", arguments: claims)
    func claimParties(_ claim: Claim) throws {
        var report = CrashReport.stub(injuries: claim.injuries)
        try report.changeParties { parties throws(PartyError) in for kind in claim.parties { try parties.add(kind) } }
        if claim.vehicleB {
            var statement = report.statement
            try statement.vehicleB.set(.plate, to: "M-AB 1234")
            try report.setStatement(statement)
        }
        #expect(report.claimParties.map(\.role) == claim.roles)
        #expect(report.claimParties.map(\.incidents) == claim.incidents)
        #expect(report.claimParties.dropFirst(claim.vehicleB ? 2 : 1).map(\.party?.kind) == claim.parties)
    }

    // MARK: - Merging

    static func report(_ parties: [Party], updatedAt seconds: Double, base: CrashReport? = nil) throws -> CrashReport {
        var report = base ?? CrashReport.stub()
        try report.changeParties { list throws(PartyError) in list = try CrashParties(parties) }
        return try CrashReport(
            id: report.id, crashID: report.crashID, status: .draft, createdAt: report.createdAt,
            updatedAt: referenceDate.addingTimeInterval(seconds), completedAt: nil, scene: report.scene, injuries: report.injuries,
            photos: [], otherDriverNote: "", parties: report.parties, revision: 1
        )
    }

    static func cyclist(_ name: String, injured: Bool? = nil) throws -> Party {
        Party(id: cyclistID, kind: .cyclist(try RoadUser(name: name, injured: injured)))
    }

    static var lampPost: Party { get throws { Party(id: lampPostID, kind: .property(try DamagedProperty(what: "lamp post"))) } }
    static var fled: Party { get throws { Party(id: fledID, kind: .leftTheScene(try VehicleSeen(colour: "red"))) } }

    @Test("Added on either side, both kept: the other writer's first")
    func addedOnBothSides() throws {
        let base = try Self.report([], updatedAt: 0)
        let local = try Self.report([Self.lampPost], updatedAt: 10, base: base)
        let remote = try Self.report([Self.fled], updatedAt: 20, base: base)
        let outcome = try ReportMerge.merge(base: base, local: local, remote: remote)
        #expect(outcome.report.parties.all == [try Self.fled, try Self.lampPost])
        #expect(outcome.conflicts.isEmpty && outcome.partiesKeptOverRemoval == 0)
    }

    @Test("Removed on one side and untouched on the other: gone")
    func removedAndUntouched() throws {
        let base = try Self.report([try Self.cyclist("Eva"), try Self.lampPost], updatedAt: 0)
        let local = try Self.report([try Self.lampPost], updatedAt: 10, base: base)
        let outcome = try ReportMerge.merge(base: base, local: local, remote: base)
        #expect(outcome.report.parties.all == [try Self.lampPost])
        let back = try ReportMerge.merge(base: base, local: base, remote: local)
        #expect(back.report.parties.all == [try Self.lampPost] && back.fieldsFromOtherWriter == [.parties])
    }

    @Test("Removed on one side and changed on the other: kept with the change, and said")
    func removedAndChanged() throws {
        let base = try Self.report([try Self.cyclist("Eva")], updatedAt: 0)
        let removed = try Self.report([], updatedAt: 30, base: base)
        let changed = try Self.report([try Self.cyclist("Eva Kovács", injured: true)], updatedAt: 10, base: base)
        for (local, remote) in [(removed, changed), (changed, removed)] {
            let outcome = try ReportMerge.merge(base: base, local: local, remote: remote)
            #expect(outcome.report.parties.all == [try Self.cyclist("Eva Kovács", injured: true)])
            #expect(outcome.partiesKeptOverRemoval == 1 && outcome.isWorthTelling)
            #expect(outcome.summary.partiesKeptOverRemoval == 1)
        }
    }

    @Test("Changed on both sides: the newer change wins, and the conflict is said")
    func changedOnBoth() throws {
        let base = try Self.report([try Self.cyclist("Eva")], updatedAt: 0)
        let local = try Self.report([try Self.cyclist("Eva K")], updatedAt: 10, base: base)
        let remote = try Self.report([try Self.cyclist("Eva Kovács")], updatedAt: 20, base: base)
        let outcome = try ReportMerge.merge(base: base, local: local, remote: remote)
        #expect(outcome.report.parties.all == [try Self.cyclist("Eva Kovács")])
        #expect(outcome.conflicts == [ReportMerge.Conflict(field: .parties, keptThisDevice: false)])
        #expect(outcome.keptFields == [.parties])
    }

    @Test("Past the limit the other writer's parties come first; this device's extra ones are said as kept out")
    func pastTheLimit() throws {
        let base = try Self.report([], updatedAt: 0)
        let mine = try (0..<5).map { _ in Party(kind: .pedestrian(try RoadUser())) }
        let theirs = try (0..<5).map { _ in Party(kind: .cyclist(try RoadUser())) }
        let outcome = try ReportMerge.merge(base: base, local: try Self.report(mine, updatedAt: 10, base: base), remote: try Self.report(theirs, updatedAt: 20, base: base))
        #expect(outcome.report.parties.all == theirs + mine.prefix(3))
        #expect(outcome.keptFields.contains(.parties))
    }
}
