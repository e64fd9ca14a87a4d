import Domain
import Foundation
import Testing
import TestSupport

/// The driver and passengers of another motor vehicle on "Who was injured?": under the one toggling rule, on every
/// statement's front (box 3), in the claim, and merged like the vehicle's other facts.
@Suite("People of other vehicles hurt")
struct VehicleOccupantInjuryTests {
    static let c = CrashParties.vehicleC
    static let cyclist = PartyID(UUID(uuidString: "00000000-0000-4000-8000-00000000c1c1")!)
    static let lampPost = PartyID(UUID(uuidString: "00000000-0000-4000-8000-00000000a1a1")!)

    /// A report with B's statement filled in and the sample parties (C is party 3), the cyclist not known to be hurt.
    static func pileUp(id: ReportID = ReportID(), crashID: CrashID = .anyLocal(), updatedAt: Date? = nil) throws -> CrashReport {
        var report = CrashReport.stub(id: id, crashID: crashID, updatedAt: updatedAt)
        try report.setStatement(try .full())
        let parties = try CrashParties.sample()
        try report.changeParties { list throws(PartyError) in
            list = parties
            try list.change(Self.cyclist, to: .cyclist(try RoadUser(name: "Eva Kovács")))
        }
        return report
    }

    @Test("Choosing C's driver clears No one and Unsure; either of those clears C's people; choosing again unchooses")
    func theRuleHolds() throws {
        var report = try Self.pileUp()
        try report.toggleInjury(.noOne)
        try report.toggleInjury(of: Self.c, .driver)
        #expect(report.injuries.isEmpty && report.parties[Self.c]?.hurt == [.driver] && report.someoneHurt)
        #expect(report.hasInformation(in: .injuries))
        try report.toggleInjury(of: Self.c, .passengers)
        try report.toggleInjury(.myself)
        #expect(report.parties[Self.c]?.hurt == [.driver, .passengers] && report.injuries.selected == [.myself])
        try report.toggleInjury(.unsure)
        #expect(report.parties[Self.c]?.hurt == [] && report.injuries.selected == [.unsure])
        try report.toggleInjury(of: Self.c, .passengers)
        try report.toggleInjury(.noOne)
        #expect(report.parties[Self.c]?.hurt == [] && report.injuries.selected == [.noOne] && !report.someoneHurt)
        try report.toggleInjury(of: Self.c, .driver)
        try report.toggleInjury(of: Self.c, .driver)
        #expect(report.parties[Self.c]?.hurt == [] && report.injuries.isEmpty && !report.hasInformation(in: .injuries))
    }

    @Test("Only a motor vehicle has a driver and passengers; a party gone is named; discarding the page or a new kind forgets them")
    func onlyVehiclesHaveOccupants() throws {
        var report = try Self.pileUp()
        #expect(throws: PartyError.notAPerson) { try report.toggleInjury(of: Self.lampPost, .driver) }
        #expect(throws: PartyError.notAPerson) { try report.toggleInjury(of: Self.cyclist, .passengers) }
        let gone = PartyID()
        #expect(throws: PartyError.unknown(gone)) { try report.toggleInjury(of: gone, .driver) }
        try report.toggleInjury(of: Self.c, .driver)
        _ = try report.discard(.injuries)
        #expect(report.parties[Self.c]?.hurt == [] && report.parties[Self.c] != nil)
        try report.toggleInjury(of: Self.c, .passengers)
        try report.changeParties { list throws(PartyError) in
            try list.change(Self.c, to: .property(try DamagedProperty(what: "fence")))
            try list.change(Self.c, to: .motorVehicle(.empty))
        }
        #expect(report.parties[Self.c]?.hurt == [])
        #expect(Party(kind: .property(try DamagedProperty(what: "fence")), hurt: [.driver]).hurt.isEmpty)
    }

    @Test("C's driver hurt is on the front of every statement: B's and C's versions change; one with no party hurt reads as before")
    func everyFrontSaysIt() throws {
        var report = try Self.pileUp()
        try report.toggleInjury(.myself)
        #expect(StatementFront(report).canonicalText.contains("\ninjuries=1\n"))
        let before = (b: report.statementVersion(.b), c: report.statementVersion(.vehicle(Self.c)))
        try report.toggleInjury(of: Self.c, .driver)
        #expect(StatementFront(report).canonicalText.contains("\ninjuries=1,\(Self.c)/driver\n"))
        #expect(report.statementVersion(.b) != before.b && report.statementVersion(.vehicle(Self.c)) != before.c)
        // A cyclist hurt is on it too, in the order of the ids whatever the list's order.
        try report.toggleInjury(of: Self.cyclist)
        #expect(StatementFront(report).canonicalText.contains("\ninjuries=1,\(Self.cyclist),\(Self.c)/driver\n"))
    }

    @Test("Once both drivers signed C's statement, C's passengers cannot be chosen: the signed box 3 would change")
    func aSignedFrontKeepsItsPeople() throws {
        var report = try Self.pileUp()
        try report.toggleInjury(of: Self.c, .driver)
        try report.signStatement(.a, in: .vehicle(Self.c), name: "Jane Doe", verification: .driversDevice(account: nil), at: referenceDate)
        try report.signStatement(.b, in: .vehicle(Self.c), name: "Carl Third", verification: .sameDevice, at: referenceDate)
        let signed = report
        #expect(throws: ReportError.statementSigned(report.crashID)) { try report.toggleInjury(of: Self.c, .passengers) }
        #expect(throws: ReportError.statementSigned(report.crashID)) { try report.toggleInjury(of: Self.c, .driver) }
        #expect(report == signed)
    }

    @Test("The claim opens an injury on C when someone in it was hurt")
    func theClaimHasTheInjury() throws {
        var report = try Self.pileUp()
        let vehicleC = { (report: CrashReport) in report.claimParties.first { $0.party?.id == Self.c } }
        #expect(vehicleC(report)?.incidents == [.vehicle])
        try report.toggleInjury(of: Self.c, .passengers)
        #expect(vehicleC(report)?.incidents == [.vehicle, .injury])
        #expect(report.claimParties.first { $0.role == .cyclist }?.incidents == [])
    }

    @Test("A merge keeps C's people hurt said here and C's plate changed there; changed on both sides, the newer wins")
    func peopleMerge() throws {
        let base = try Self.pileUp()
        var local = base
        try local.toggleInjury(of: Self.c, .driver)
        func changePlate(_ report: inout CrashReport) throws {
            var statement = report.parties[Self.c]!.kind.statement!
            try statement.vehicleB.set(.plate, to: "C-XY 99")
            try report.changeParties { list throws(PartyError) in try list.change(Self.c, to: .motorVehicle(statement)) }
        }
        var remote = base
        try changePlate(&remote)
        let merged = try ReportMerge.merge(base: base, local: local, remote: remote).report
        #expect(merged.parties[Self.c]?.hurt == [.driver])
        #expect(merged.parties[Self.c]?.kind.statement?.vehicleB[.plate] == "C-XY 99")
        // Both sides changed who in C was hurt: the newer side's answer.
        var newer = try Self.pileUp(id: base.id, crashID: base.crashID, updatedAt: referenceDate.addingTimeInterval(600))
        try changePlate(&newer)
        try newer.toggleInjury(of: Self.c, .passengers)
        let outcome = try ReportMerge.merge(base: base, local: local, remote: newer)
        #expect(outcome.report.parties[Self.c]?.hurt == [.passengers])
    }

    @Test("A merge keeps a sealed front's box 3: C's driver chosen elsewhere after both signed B's statement is not taken")
    func aSealedFrontKeepsItsPeopleThroughAMerge() throws {
        let base = try Self.pileUp()
        var local = base
        try local.signStatement(.a, name: "Jane Doe", verification: .driversDevice(account: nil), at: referenceDate)
        try local.signStatement(.b, name: "Greta Müller", verification: .sameDevice, at: referenceDate)
        var remote = base
        try remote.toggleInjury(of: Self.c, .driver)
        try remote.toggleInjury(of: Self.cyclist)
        let merged = try ReportMerge.merge(base: base, local: local, remote: remote).report
        #expect(merged.isStatementSigned(.b))
        #expect(merged.statementVersion(.b) == local.statementVersion(.b))
        #expect(merged.parties[Self.c]?.hurt == [] && merged.parties[Self.cyclist]?.kind.injured == nil)
    }
}
