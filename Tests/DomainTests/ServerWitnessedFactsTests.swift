@testable import Domain
import Foundation
import Testing
import TestSupport

/// The one rule for what only the server witnesses, on its own: a device's version may carry each fact as held, may
/// drop it, and may never add or change one.
@Suite("What only the server witnesses")
struct ServerWitnessedFactsTests {
    static let phone = "+36301112233"

    /// The server's version: the other driver sent column B, then signed with a code.
    static func held() throws -> CrashReport {
        var report = try StatementSignatureTests.drafted()
        var statement = report.statement
        try statement.vehicleB.set(.policyholderPhone, to: phone)
        statement.vehicleB.markEnteredByOtherDriver(at: referenceDate)
        try report.setStatement(statement)
        try report.signStatement(.b, name: "Greta", verification: .smsCode(try PhoneNumber(parsing: phone)), at: referenceDate)
        return report
    }

    @Test("The facts as the server holds them go; the driver's own signature on its account goes")
    func heldFactsGo() throws {
        let held = try Self.held()
        try ServerWitnessedFacts.check(held, held: held, account: "ann")
        var signedHere = held
        try signedHere.signStatement(.a, name: "Anna", verification: .driversDevice(account: "ann"), at: referenceDate)
        try ServerWitnessedFacts.check(signedHere, held: held, account: "ann")
        var offline = held
        try offline.signStatement(.a, name: "Anna", verification: .driversDevice(account: nil), at: referenceDate)
        try ServerWitnessedFacts.check(offline, held: held, account: "ann")
    }

    @Test("Dropping a fact goes: the statement discarded, or the other driver signing again on the driver's device")
    func droppingGoes() throws {
        let held = try Self.held()
        var discarded = held
        _ = try discarded.discard(.accidentStatement)
        try ServerWitnessedFacts.check(discarded, held: held, account: "ann")
        var resigned = held
        try resigned.signStatement(.b, name: "Greta", verification: .sameDevice, at: referenceDate)
        try ServerWitnessedFacts.check(resigned, held: held, account: "ann")
    }

    @Test("Adding or changing one is refused, naming the field")
    func addingOrChangingIsRefused() throws {
        let held = try Self.held()
        let cases: [(String, (inout CrashReport) throws -> Void)] = [
            ("statement.signatures[B].verification", { try $0.signStatement(.b, name: "Someone Else", verification: .smsCode(try PhoneNumber(parsing: Self.phone)), at: referenceDate) }),
            ("statement.signatures[A].account", { try $0.signStatement(.a, name: "Anna", verification: .driversDevice(account: "bob"), at: referenceDate) }),
            ("statement.vehicleB.enteredByOtherDriverAt", { report in
                var statement = report.statement
                statement.vehicleB.markEnteredByOtherDriver(at: referenceDate.addingTimeInterval(1))
                try report.setStatement(statement)
            }),
            ("statement.vehicleA.enteredByOtherDriverAt", { report in
                var statement = report.statement
                statement.vehicleA.markEnteredByOtherDriver(at: referenceDate)
                try report.setStatement(statement)
            }),
            ("statement.decline", { try $0.declineStatement(reason: "No.", at: referenceDate) }),
        ]
        for (field, change) in cases {
            var sent = held
            try change(&sent)
            #expect(throws: InvalidReportData(field: field, problem: .serverOnly)) { try ServerWitnessedFacts.check(sent, held: held, account: "ann") }
        }
        // With nothing held, the facts of the held version are forged too.
        #expect(throws: InvalidReportData(field: "statement.signatures[B].verification", problem: .serverOnly)) {
            try ServerWitnessedFacts.check(held, held: nil, account: "ann")
        }
    }
}
