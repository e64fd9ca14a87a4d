import Domain
import Foundation
import Testing
import TestSupport

/// The claim's steps after it was submitted: what each kind needs, what money is, and that only a completed report
/// keeps a timeline, bounded.
@Suite("Claim status")
struct ClaimStatusTests {
    static func update(_ status: ClaimStatus, note: String = "", at: Date = referenceDate) throws -> ClaimStatusUpdate {
        try ClaimStatusUpdate(status: status, note: note, recordedAt: at, handler: "hana")
    }

    @Test("Each kind with its facts is taken")
    func taken() throws {
        let steps: [ClaimStatus] = [
            .received, .assigned(name: "Éva Kiss", phone: "+36 1 234 5678"), .inspectionBooked(at: referenceDate, place: "Váci út 1, Budapest"),
            .estimate(Money(cents: 123_450, currency: "HUF")), .responsibilityAssessed(percent: 100),
            .vehicleAt(repairer: "Autó Kft.", address: "Fő utca 2, Győr"), .payment(Money(cents: 1, currency: "EUR")), .closed, .reopened,
        ]
        for step in steps { #expect(try Self.update(step, note: "Line one.\nLine two.").status == step) }
        #expect(try Self.update(.responsibilityAssessed(percent: 0)).status == .responsibilityAssessed(percent: 0))
        #expect(steps.map(\.kind) == ClaimStatus.Kind.allCases)
        #expect(steps.filter(\.textsDriver).map(\.kind) == [.assigned, .inspectionBooked, .vehicleAt, .payment, .closed, .reopened])
    }

    @Test("Facts that break their rule are refused naming the field", arguments: [
        (ClaimStatus.assigned(name: "", phone: "+36 1 234 5678"), "status.name", InvalidReportData.Problem.missing),
        (.assigned(name: " Éva", phone: "+36 1"), "status.name", .spacesAround),
        (.assigned(name: "Éva", phone: "call me"), "status.phone", .invalid("a phone number is digits, spaces and + - ( ) / .")),
        (.assigned(name: "Éva", phone: "+-"), "status.phone", .invalid("a phone number is digits, spaces and + - ( ) / .")),
        (.inspectionBooked(at: referenceDate, place: "Hall\u{7}"), "status.place", .controlCharacter(7)),
        (.responsibilityAssessed(percent: 101), "status.percent", .outOfRange(value: 101, allowed: 0...100)),
        (.responsibilityAssessed(percent: -1), "status.percent", .outOfRange(value: -1, allowed: 0...100)),
        (.vehicleAt(repairer: "Autó", address: String(repeating: "x", count: 301)), "status.address", .tooLong(count: 301, limit: 300)),
        (.payment(Money(cents: 0, currency: "EUR")), "status.amount", .invalid("an amount is more than 0 and at most 1000000000, with at most two decimals")),
        (.estimate(Money(cents: 100, currency: "eur")), "status.currency", .invalid("a currency is its three-letter ISO 4217 code, such as EUR")),
    ])
    func refused(_ status: ClaimStatus, _ field: String, _ problem: InvalidReportData.Problem) {
        #expect(throws: InvalidReportData(field: field, problem: problem)) { try Self.update(status) }
    }

    @Test("A note may have lines and at most 500 characters; the handler's name is an account name")
    func notes() {
        #expect(throws: InvalidReportData(field: "status.note", problem: .tooLong(count: 501, limit: 500))) {
            try Self.update(.received, note: String(repeating: "n", count: 501))
        }
        #expect(throws: InvalidReportData(field: "status.note", problem: .controlCharacter(0x1B))) { try Self.update(.received, note: "\u{1B}[2J") }
    }

    @Test("Amounts are read as written, to the cent, and written back with two decimals", arguments: [
        ("1234.50", Int64(123_450), "1234.50"), ("7", 700, "7.00"), ("0.5", 50, "0.50"), ("1000000000", 100_000_000_000, "1000000000.00"),
    ])
    func amounts(_ text: String, _ cents: Int64, _ written: String) throws {
        let money = try #require(Money(amount: text, currency: "EUR"))
        #expect(money.cents == cents && money.amount == written)
    }

    @Test("What is not an amount is not read as one", arguments: ["", ".5", "1.", "1.234", "1,50", "-3", "1e3", "١٢", "9999999999999", " 1"])
    func notAmounts(_ text: String) {
        #expect(Money(amount: text, currency: "EUR") == nil)
    }

    @Test("Only a completed report keeps a timeline; each step is the report's next change; the timeline is bounded")
    func timeline() throws {
        var draft = CrashReport.stub()
        #expect(throws: ReportError.notCompleted(draft.crashID)) { try draft.recordClaimStatus(try Self.update(.received)) }
        let submitted = CrashReport.stub(completedAt: referenceDate)
        var completed = submitted
        let later = referenceDate.addingTimeInterval(3_600)
        try completed.recordClaimStatus(try Self.update(.received, at: later))
        try completed.recordClaimStatus(try Self.update(.closed, at: later))
        #expect(completed.claimTimeline.map(\.status) == [.received, .closed])
        #expect(completed.claimStatus?.status == .closed && completed.updatedAt == later)
        // The store lets the server replace a completed report with its timeline grown, and nothing else.
        try submitted.checkReplacement(by: completed)
        #expect(draft.withClaimTimeline(completed.claimTimeline).claimTimeline.isEmpty)
        for _ in completed.claimTimeline.count..<ClaimStatusUpdate.timelineLimit {
            try completed.recordClaimStatus(try Self.update(.received, at: later))
        }
        #expect(throws: ReportError.timelineFull(completed.crashID)) { try completed.recordClaimStatus(try Self.update(.closed, at: later)) }
        #expect(throws: InvalidReportData(field: "claimTimeline", problem: .unexpected)) {
            try CrashReport(
                id: draft.id, crashID: draft.crashID, status: .draft, createdAt: referenceDate, updatedAt: referenceDate, completedAt: nil,
                scene: draft.scene, injuries: .none, photos: [], otherDriverNote: "", claimTimeline: [try Self.update(.received)], revision: 0
            )
        }
        _ = draft
    }
}
