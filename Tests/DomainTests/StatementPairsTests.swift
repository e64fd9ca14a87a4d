import Domain
import Foundation
import Testing
import TestSupport

/// One accident statement per pair of vehicles: B's, and one with each other motor vehicle, each signed, declined,
/// voided and sealed on its own.
@Suite("One statement per pair")
struct StatementPairsTests {
    static let phoneB = try! PhoneNumber(kept: "+36301234567")

    /// A pile-up: C hit A from behind, A hit B. B's statement and C's, both columns named on each.
    static func pileUp() throws -> (CrashReport, PartyID) {
        var report = CrashReport.stub()
        var withB = AccidentStatement.empty
        try withB.vehicleA.set(.driverName, to: "Anna Driver")
        try withB.vehicleA.set(.plate, to: "AB-123-CD")
        try withB.vehicleA.set(.insurer, to: "Allianz")
        try withB.vehicleA.set(.impactPoint, to: "front")
        withB.vehicleA.toggle(.hitRearSameDirectionSameLane)
        try withB.vehicleB.set(.driverName, to: "Bela Second")
        try withB.vehicleB.set(.plate, to: "BXY-123")
        try report.setStatement(withB)
        let c = PartyID()
        var withC = report.newPairStatement
        try withC.vehicleB.set(.driverName, to: "Carl Third")
        try withC.vehicleB.set(.plate, to: "C-DE 345")
        withC.vehicleB.toggle(.hitRearSameDirectionSameLane)
        try report.changeParties { parties throws(PartyError) in try parties.add(.motorVehicle(withC), id: c) }
        return (report, c)
    }

    @Test("A pile-up has two statements; the new one starts with A's car and driver, not the other pair's impact or boxes")
    func aPileUpHasTwoStatements() throws {
        let (report, c) = try Self.pileUp()
        #expect(report.statementPairs == [.b, .vehicle(c)])
        let withC = try #require(report.statement(.vehicle(c)))
        #expect(withC.vehicleA[.driverName] == "Anna Driver" && withC.vehicleA[.insurer] == "Allianz")
        #expect(withC.vehicleA[.impactPoint] == nil && withC.vehicleA.circumstances.isEmpty)
        #expect(withC.vehicleB[.plate] == "C-DE 345")
        #expect(report.statementVersion(.vehicle(c)) != report.statementVersion)
        #expect(report.statement(.vehicle(PartyID())) == nil && report.statementVersion(.vehicle(PartyID())) == nil)
        // The claim names three vehicles.
        #expect(report.claimParties.map(\.role) == [.insuredVehicle, .otherVehicle, .otherVehicle])
        #expect(report.claimParties.last?.plate == "C-DE 345")
    }

    @Test("B signs by code and C declines, each on its own statement; a change to C's voids only C's signatures")
    func eachStatementIsSignedOnItsOwn() throws {
        var (report, c) = try Self.pileUp()
        let at = referenceDate.addingTimeInterval(600)
        try report.signStatement(.a, in: .b, name: "Anna Driver", verification: .driversDevice(account: nil), at: at)
        try report.signStatement(.b, in: .b, name: "Bela Second", verification: .smsCode(Self.phoneB), at: at)
        try report.signStatement(.a, in: .vehicle(c), name: "Anna Driver", verification: .driversDevice(account: nil), at: at)
        try report.declineStatement(in: .vehicle(c), reason: "He braked for no reason.", at: at)
        #expect(report.isStatementSigned(.b) && report.isStatementSigned)
        #expect(!report.isStatementSigned(.vehicle(c)))
        #expect(report.statement(.vehicle(c))?.decline?.reason == "He braked for no reason.")
        #expect(report.statement(.b)?.decline == nil)
        guard case .holds = report.signatureState(of: .a, in: .vehicle(c)) else { Issue.record("A's signature of C's statement"); return }

        // C's statement changes: A's signature of it is void, B's statement stands as signed.
        var changed = try #require(report.statement(.vehicle(c)))
        try changed.vehicleB.setRemarks("A stopped suddenly.")
        try report.setStatement(changed, for: .vehicle(c))
        guard case .void = report.signatureState(of: .a, in: .vehicle(c)) else { Issue.record("not void"); return }
        guard case .holds = report.signatureState(of: .b, in: .b) else { Issue.record("B's signature moved"); return }
        #expect(report.isStatementSigned(.b))
        // The change kept C's decline and A's (now void) signature: only signing changes those.
        #expect(report.statement(.vehicle(c))?.signatures.count == 1 && report.statement(.vehicle(c))?.decline != nil)

        // B's sealed statement cannot change, nor the scene or injuries its front shows; C's still can.
        let before = report
        #expect(throws: ReportError.statementSigned(report.crashID)) { try report.setStatement(.empty) }
        #expect(throws: ReportError.statementSigned(report.crashID)) { try report.toggleInjury(.myself) }
        #expect(report == before)
        #expect(throws: ReportError.statementSigned(report.crashID)) {
            try report.signStatement(.a, in: .b, name: "Anna", verification: .sameDevice, at: at)
        }
    }

    @Test("C's statement sealed: its party can be neither removed nor changed into another kind; B's stays open")
    func aSealedPairKeepsItsParty() throws {
        var (report, c) = try Self.pileUp()
        try report.signStatement(.a, in: .vehicle(c), name: "Anna Driver", verification: .driversDevice(account: nil), at: referenceDate)
        try report.signStatement(.b, in: .vehicle(c), name: "Carl Third", verification: .sameDevice, at: referenceDate)
        #expect(report.isStatementSigned(.vehicle(c)) && !report.isStatementSigned && report.hasSignedStatement)
        let before = report
        #expect(throws: ReportError.statementSigned(report.crashID)) {
            try report.changeParties { parties throws(PartyError) in try parties.remove(c) }
        }
        #expect(throws: ReportError.statementSigned(report.crashID)) {
            try report.changeParties { parties throws(PartyError) in try parties.change(c, to: .property(try DamagedProperty(what: "car"))) }
        }
        #expect(throws: ReportError.statementSigned(report.crashID)) { try report.discard(.otherParties) }
        #expect(report == before)
        var withB = report.statement
        try withB.vehicleB.set(.insurer, to: "Generali")
        try report.setStatement(withB)
        #expect(report.statement.vehicleB[.insurer] == "Generali")
        // A store holding it refuses a version that changed the sealed statement.
        var changed = try #require(before.statement(.vehicle(c)))
        try changed.vehicleB.setRemarks("forged")
        var list = before.parties
        try list.change(c, to: .motorVehicle(changed))
        let forged = before.withParties(list)
        #expect(throws: ReportError.statementSigned(report.crashID)) { try before.checkReplacement(by: forged) }
    }

    @Test("Signing a pair the report does not hold is refused naming it")
    func anUnknownPairIsRefused() throws {
        var (report, _) = try Self.pileUp()
        let stranger = PartyID()
        #expect(throws: PartyError.unknown(stranger)) {
            try report.signStatement(.a, in: .vehicle(stranger), name: "Anna", verification: .sameDevice, at: referenceDate)
        }
        let cyclist = PartyID()
        try report.changeParties { parties throws(PartyError) in try parties.add(.cyclist(try RoadUser(name: "Eva")), id: cyclist) }
        #expect(throws: PartyError.unknown(cyclist)) { try report.declineStatement(in: .vehicle(cyclist), reason: "no", at: referenceDate) }
        #expect(throws: PartyError.unknown(cyclist)) { try report.setStatement(.empty, for: .vehicle(cyclist)) }
    }

    @Test("A device may not add a code signature or a decline to C's statement: only the server witnesses those")
    func onlyTheServerWitnessesCsSignatures() throws {
        let (held, c) = try Self.pileUp()
        var sent = held
        try sent.signStatement(.b, in: .vehicle(c), name: "Carl Third", verification: .smsCode(Self.phoneB), at: referenceDate)
        #expect(throws: InvalidReportData(field: "parties[\(c)].statement.signatures[B].verification", problem: .serverOnly)) {
            try ServerWitnessedFacts.check(sent, held: held, account: "ann")
        }
        var declined = held
        try declined.declineStatement(in: .vehicle(c), reason: "no", at: referenceDate)
        #expect(throws: InvalidReportData(field: "parties[\(c)].statement.decline", problem: .serverOnly)) {
            try ServerWitnessedFacts.check(declined, held: held, account: "ann")
        }
        // The driver's own signature on their device is theirs to send.
        var mine = held
        try mine.signStatement(.a, in: .vehicle(c), name: "Anna Driver", verification: .driversDevice(account: "ann"), at: referenceDate)
        try ServerWitnessedFacts.check(mine, held: held, account: "ann")
    }

    @Test("C's statement is merged value by value when both sides changed it; a sealed one stays as signed")
    func pairsMergeValueByValue() throws {
        let (base, c) = try Self.pileUp()
        var local = base
        var remote = base
        var here = try #require(local.statement(.vehicle(c)))
        try here.vehicleB.set(.insurer, to: "Generali")
        try local.setStatement(here, for: .vehicle(c))
        var there = try #require(remote.statement(.vehicle(c)))
        try there.vehicleB.setRemarks("I was distracted.")
        try remote.setStatement(there, for: .vehicle(c))
        let merged = try ReportMerge.merge(base: base, local: local, remote: remote).report
        #expect(merged.statement(.vehicle(c))?.vehicleB[.insurer] == "Generali")
        #expect(merged.statement(.vehicle(c))?.vehicleB.remarks == "I was distracted.")

        // Sealed on the other writer; changed here since: the merge keeps it as signed.
        var sealed = base
        try sealed.signStatement(.a, in: .vehicle(c), name: "Anna Driver", verification: .driversDevice(account: nil), at: referenceDate)
        try sealed.signStatement(.b, in: .vehicle(c), name: "Carl Third", verification: .sameDevice, at: referenceDate)
        let kept = try ReportMerge.merge(base: base, local: local, remote: sealed).report
        #expect(kept.isStatementSigned(.vehicle(c)))
        #expect(kept.statement(.vehicle(c)) == sealed.statement(.vehicle(c)))
        // Removed here, sealed there: it comes back, sealed.
        var removed = base
        try removed.changeParties { parties throws(PartyError) in try parties.remove(c) }
        let back = try ReportMerge.merge(base: base, local: removed, remote: sealed).report
        #expect(back.isStatementSigned(.vehicle(c)))
    }
}
