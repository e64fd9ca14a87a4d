import Data
import Domain
import Foundation
import Testing
import TestSupport

/// Editing the statement through its use case, and the driver's profile filling vehicle A of every new report.
@Suite("Accident statement use cases")
struct StatementUseCaseTests {
    @Test func eachChangeIsStoredAndARefusedOneStoresNothing() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        let edit = EditStatement(repository: kit.repository, clock: kit.clock)
        let stored = try await edit.execute(reportID: report.id) { statement in
            try statement.vehicleB.set(.plate, to: "m-ab 1234")
            statement.vehicleB.toggle(.reversing)
        }
        #expect(stored.statement.vehicleB[.plate] == "M-AB 1234")
        #expect(try await kit.repository.report(withID: report.id)?.statement.vehicleB.circumstances == [.reversing])
        await #expect(throws: StatementFieldError.plate(.tooShort)) {
            try await edit.execute(reportID: report.id) { try $0.vehicleB.set(.plate, to: "M") }
        }
        #expect(try await kit.repository.report(withID: report.id)?.statement.vehicleB[.plate] == "M-AB 1234")
    }

    @Test("The driver signs naming the server account the device belongs to; the other driver signs on it unverified")
    func signaturesSayHowTheSignerWasKnown() async throws {
        let store = InMemoryReportRepository()
        let clock = ManualClock(referenceDate)
        let start = StartReport(repository: store, issuer: ScriptedCrashIDIssuer([.stub("CR-AAAA2222")]), clock: clock)
        let report = try await store.save(try await start.execute())
        _ = try await EditStatement(repository: store, clock: clock).execute(reportID: report.id) { try $0.vehicleA.set(.driverName, to: "Jane Doe") }
        let sign = SignStatement(repository: store, clock: clock, accounts: store)

        var signed = try await sign.execute(reportID: report.id, side: .a, name: "Jane Doe")
        #expect(signed.statement.signature(of: .a)?.verification == .driversDevice(account: nil))
        _ = await store.bind(to: ServerAccount(id: "acct-1", name: "jane", server: "https://claims.example.com"))
        signed = try await sign.execute(reportID: report.id, side: .a, name: "Jane Doe")
        #expect(signed.statement.signature(of: .a)?.verification == .driversDevice(account: "jane"))
        signed = try await sign.execute(reportID: report.id, side: .b, name: "Greta Müller")
        #expect(signed.statement.signature(of: .b)?.verification == .sameDevice)
        #expect(signed.isStatementSigned)
        #expect(try await store.report(withID: report.id)?.isStatementSigned == true)
        await #expect(throws: ReportError.statementSigned(signed.crashID)) {
            _ = try await EditStatement(repository: store, clock: clock).execute(reportID: report.id) { $0.vehicleB.toggle(.parked) }
        }
    }

    @Test func theProfileFillsVehicleAOfEveryNewStatementAndAReportsChangesLeaveItAlone() async throws {
        let store = InMemoryReportRepository()
        let clock = ManualClock(referenceDate)
        let profile = EditDriverProfile(store: store)
        try await profile.set(.policyholderName, to: "Jane Doe")
        try await profile.set(.plate, to: "abc 123")
        await #expect(throws: StatementFieldError.country(.unassigned("XX"))) { try await profile.set(.plateCountry, to: "xx") }
        let start = StartReport(repository: store, issuer: ScriptedCrashIDIssuer([.stub("CR-AAAA2222"), .stub("CR-BBBB3333")]), clock: clock)
        let startStatement = StartStatement(repository: store, profile: store, clock: clock)
        let first = try await startStatement.execute(reportID: try await store.save(try await start.execute()).id)
        #expect(first.statement.vehicleA[.policyholderName] == "Jane Doe")
        #expect(first.statement.vehicleA[.plate] == "ABC 123")
        #expect(first.statement.vehicleB.isEmpty)
        // Another car today: changed on the report, the profile keeps the usual one; starting again changes nothing.
        let edited = try await EditStatement(repository: store, clock: clock).execute(reportID: first.id) {
            try $0.vehicleA.set(.plate, to: "RENT-42")
        }
        #expect(edited.statement.vehicleA[.plate] == "RENT-42")
        #expect(try await profile.profile()[.plate] == "ABC 123")
        #expect(try await startStatement.execute(reportID: first.id).statement.vehicleA[.plate] == "RENT-42")
        let second = try await startStatement.execute(reportID: try await store.save(try await start.execute()).id)
        #expect(second.statement.vehicleA[.plate] == "ABC 123")
        // Keeping vehicle A as the profile keeps its profile fields only.
        var column = edited.statement.vehicleA
        try column.set(.impactPoint, to: "front")
        try await profile.keep(column)
        #expect(try await profile.profile()[.plate] == "RENT-42")
        #expect(try await profile.profile()[.impactPoint] == nil)
    }

    @Test func theProfileOutlivesTheAppInItsDatabase() async throws {
        let directory = TemporaryDirectory("profile")
        let path = directory.file("reports.sqlite")
        do {
            let store = try SQLiteReportRepository(path: path)
            try await EditDriverProfile(store: store).keep(try AccidentStatement.full().vehicleA)
        }
        let reopened = try SQLiteReportRepository(path: path)
        let profile = try await EditDriverProfile(store: reopened).profile()
        #expect(profile == (try AccidentStatement.full().vehicleA.profilePart))
        #expect(profile[.licenceNumber] == "HU-12345678")
        try await EditDriverProfile(store: reopened).keep(StatementVehicle())
        #expect(try await EditDriverProfile(store: reopened).profile().isEmpty)
    }
}
