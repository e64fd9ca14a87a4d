import Domain
import Foundation
import Testing
import TestSupport

/// The insurer's acknowledgement: what a claim number may be, and that only a completed report carries one.
@Suite("Claim acknowledgement")
struct ClaimAcknowledgementTests {
    @Test("A claim number as insurers write them is taken", arguments: ["2026-04417", "CLM/88 1203", "A.B_C#9", "ÁRV-2026-1", "1"])
    func taken(_ number: String) throws {
        #expect(try ClaimAcknowledgement(claimNumber: number, message: "", acknowledgedAt: referenceDate, handler: "hana").claimNumber == number)
    }

    @Test("A claim number that is empty, long, padded or holds markup or control characters is refused naming the field", arguments: [
        ("", InvalidReportData.Problem.missing),
        (String(repeating: "9", count: 41), .tooLong(count: 41, limit: 40)),
        (" 2026-1", .spacesAround),
        ("2026 <script>", .characterNotAllowed(0x3C)),
        ("2026\u{7}", .characterNotAllowed(0x7)),
    ])
    func refusedNumbers(_ number: String, _ problem: InvalidReportData.Problem) {
        #expect(throws: InvalidReportData(field: "acknowledgement.claimNumber", problem: problem)) {
            try ClaimAcknowledgement(claimNumber: number, message: "", acknowledgedAt: referenceDate, handler: "hana")
        }
    }

    @Test("A message may have lines, not other control characters, and at most 500 characters")
    func messages() throws {
        _ = try ClaimAcknowledgement(claimNumber: "1", message: "Call us.\nKeep the photos.", acknowledgedAt: referenceDate, handler: "hana")
        #expect(throws: InvalidReportData(field: "acknowledgement.message", problem: .controlCharacter(0x07))) {
            try ClaimAcknowledgement(claimNumber: "1", message: "bell\u{7}", acknowledgedAt: referenceDate, handler: "hana")
        }
        #expect(throws: InvalidReportData(field: "acknowledgement.message", problem: .tooLong(count: 501, limit: 500))) {
            try ClaimAcknowledgement(claimNumber: "1", message: String(repeating: "a", count: 501), acknowledgedAt: referenceDate, handler: "hana")
        }
    }

    @Test("Only a completed report is acknowledged; it stays read-only to the driver, and a store may take the server's version")
    func onlyCompletedReports() throws {
        let acknowledgement = try ClaimAcknowledgement(claimNumber: "2026-04417", message: "", acknowledgedAt: referenceDate.addingTimeInterval(60), handler: "hana")
        var draft = CrashReport.stub(note: "x")
        #expect(throws: ReportError.notCompleted(draft.crashID)) { try draft.recordAcknowledgement(acknowledgement) }
        #expect(draft.withAcknowledgement(acknowledgement).acknowledgement == nil)
        #expect(throws: InvalidReportData(field: "acknowledgement", problem: .unexpected)) {
            try CrashReport(
                id: draft.id, crashID: draft.crashID, status: .draft, createdAt: referenceDate, updatedAt: referenceDate, completedAt: nil,
                scene: draft.scene, injuries: .none, photos: [], otherDriverNote: "x", acknowledgement: acknowledgement, revision: 1
            )
        }

        let completed = CrashReport.stub(note: "x", completedAt: referenceDate, revision: 2)
        var acknowledged = completed
        try acknowledged.recordAcknowledgement(acknowledgement)
        #expect(acknowledged.acknowledgement == acknowledgement)
        #expect(acknowledged.updatedAt == acknowledgement.acknowledgedAt)
        #expect(!acknowledged.sameContent(as: completed))
        #expect(acknowledged.summary.claimNumber == "2026-04417")
        // The store holding the completed report may replace it with the acknowledged one, nothing else changed.
        try completed.checkReplacement(by: acknowledged)
        var edited = acknowledged
        #expect(throws: ReportError.readOnly(completed.crashID)) { try edited.setNote("changed") }
        edited = try CrashReport(
            id: completed.id, crashID: completed.crashID, status: .completed, createdAt: completed.createdAt, updatedAt: completed.updatedAt,
            completedAt: completed.completedAt, scene: completed.scene, injuries: .none, photos: [], otherDriverNote: "changed",
            acknowledgement: acknowledgement, revision: 2
        )
        #expect(throws: ReportError.readOnly(completed.crashID)) { try completed.checkReplacement(by: edited) }
    }
}
