import Composition
import Domain
import Foundation
import Presentation
import Testing
import TestSupport

/// A statement both drivers signed is read-only in the app: its parts are shown with only Done, every edit is refused
/// before anything is typed, Close offers no Discard; a voided signature says how to sign again.
@MainActor
@Suite("A signed statement in the app")
struct SignedStatementTests {
    /// A draft whose statement holds vehicle A's plate and B's name, signed by both drivers (or by A only).
    private static func report(signedBy sides: [VehicleSide]) throws -> CrashReport {
        var report = CrashReport.stub(crashID: .stub("CR-SIGN2345"))
        var statement = report.statement
        try statement.vehicleA.set(.plate, to: "ABC 123")
        try statement.vehicleB.set(.driverName, to: "Bea Other")
        try report.setStatement(statement)
        for side in sides {
            let verification: StatementSignature.Verification = side == .a ? .driversDevice(account: nil) : .sameDevice
            try report.signStatement(side, name: side == .a ? "Anna" : "Bea Other", verification: verification, at: referenceDate)
        }
        return report
    }

    @Test func everyPartIsShownWithOnlyDoneAndEveryEditIsRefusedBeforeTyping() async throws {
        let signed = try Self.report(signedBy: [.a, .b])
        let kit = UseCaseKit(reports: [signed])
        let report = try #require(try await kit.repository.report(withID: signed.id))
        #expect(report.isStatementSigned)
        let page = kit.wiring().makeStatementPage(report)
        #expect(!page.state.value.options.contains { $0.key == "x" })
        for number in 1...5 {
            await page.open(part: number)
            let keys = Set(page.state.value.options.map(\.key))
            #expect(keys.isSubset(of: ["d", "p"]), "part \(number): \(keys)")
            #expect(page.state.value.notes.contains { $0.contains("it can no longer change") }, "part \(number)")
            page.done()
        }
        await page.open(part: 1)
        page.ask(fieldNumbers: [6])
        #expect(page.question.value == nil)
        #expect(page.message.value?.text.contains("Both drivers signed the accident statement") == true)
        page.askEveryField()
        #expect(page.question.value == nil)
        await page.fillFromProfile()
        #expect(page.message.value?.text.contains("Both drivers signed") == true)
        page.done()
        await page.open(part: 3)
        await page.toggle(.a, numbers: [1])
        await page.open(part: 4)
        page.addWitness()
        #expect(page.question.value == nil)
        page.done()
        page.close()
        #expect(page.message.value?.text.contains("Both drivers signed") == true)
        let stored = try #require(try await kit.repository.report(withID: report.id))
        #expect(stored.statement == report.statement)
    }

    @Test func aVoidedSignatureSaysHowToSignAgain() async throws {
        var report = try Self.report(signedBy: [.a])
        var statement = report.statement
        try statement.vehicleA.set(.plate, to: "XYZ 987")
        try report.setStatement(statement)
        let kit = UseCaseKit(reports: [report])
        let page = kit.wiring().makeStatementPage(report)
        #expect(page.state.value.notes.contains("To sign vehicle A's side again, as the statement is now, type g."), "\(page.state.value.notes)")
        #expect(page.state.value.options.contains { $0.key == "x" })
    }

    @Test func fillingFromYourDetailsSaysSoOnlyWhenItFilledSomething() async throws {
        let report = try Self.report(signedBy: [])
        let kit = UseCaseKit(reports: [report])
        let page = kit.wiringKeepingDetails().makeStatementPage(report)
        await page.open(part: 1)
        await page.keepAsProfile()
        #expect(page.message.value?.text == "Kept as your details: every new report starts with them in vehicle A.")
        await page.fillFromProfile()
        #expect(page.message.value?.text == "Nothing to fill: every field your details hold is filled in vehicle A already.")
    }
}
