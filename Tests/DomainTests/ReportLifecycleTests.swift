import Data
import Domain
import Foundation
import Storage
import Testing
import TestSupport

@Suite("Listing, discarding, creating, viewing and sharing reports")
struct ReportLifecycleTests {
    // MARK: - ListReports

    @Test func reportsAreListedNewestFirstWithWhatARowNeeds() async throws {
        let old = CrashReport.stub(crashID: .stub("CR-OLD"), createdAt: referenceDate.addingTimeInterval(-86_400),
                                   injuries: [.myself], completedAt: referenceDate.addingTimeInterval(-80_000))
        let kit = UseCaseKit(reports: [old])
        let new = try await kit.startedReport()
        _ = try await kit.addImage.execute(reportID: new.id, section: .crashScene, bytes: Fixtures.jpeg(), fileName: "a.jpg")

        let rows = try await kit.list.execute()

        #expect(rows.map(\.crashID) == [new.crashID, .stub("CR-OLD")])
        #expect(rows.map(\.status) == [.draft, .completed])
        #expect(rows[0].photoCount == 1 && rows[0].injuryCount == 0 && !rows[0].hasNote)
        #expect(rows[1].injuryCount == 1 && rows[1].occurredAt == old.scene.occurredAt)
    }

    @Test func listingPagesThroughTheReports() async throws {
        let reports = (0..<7).map { CrashReport.stub(createdAt: referenceDate.addingTimeInterval(Double($0) * 60)) }
        let kit = UseCaseKit(reports: reports)
        let page = try await kit.list.execute(limit: 3, offset: 2)
        #expect(page.map(\.id) == [reports[4].id, reports[3].id, reports[2].id])
        #expect(try await kit.list.execute(limit: 3, offset: 6).count == 1)
        #expect(try await kit.list.execute(limit: -1, offset: -5).isEmpty)
    }

    // MARK: - DiscardReport

    @Test func discardingADraftRemovesItAndItsUnsharedPhotos() async throws {
        let kit = UseCaseKit()
        let keep = try await kit.startedReport()
        let discard = try await kit.startedReport()
        _ = try await kit.addImage.execute(reportID: keep.id, section: .crashScene, bytes: Fixtures.png(), fileName: "shared.png")
        _ = try await kit.addImage.execute(reportID: discard.id, section: .crashScene, bytes: Fixtures.png(), fileName: "shared.png")
        _ = try await kit.addImage.execute(reportID: discard.id, section: .yourVehicleDamage, bytes: Fixtures.jpeg(), fileName: "own.jpg")

        try await kit.discardReport.execute(reportID: discard.id)

        #expect(try await kit.repository.report(withID: discard.id) == nil)
        #expect(try await kit.list.execute().map(\.id) == [keep.id])
        #expect(await kit.photoStore.storedHashes == [ContentHash.sha256(of: try Fixtures.png())])
    }

    @Test func discardingACompletedReportIsRefusedAndItIsKept() async throws {
        let done = CrashReport.stub(injuries: [.otherDriver], completedAt: referenceDate)
        let kit = UseCaseKit(reports: [done])
        await #expect(throws: ReportError.readOnly(done.crashID)) { try await kit.discardReport.execute(reportID: done.id) }
        #expect(try await kit.repository.report(withID: done.id) != nil)
    }

    // MARK: - CreateReport

    @Test func creatingAReportRendersItCompletesItAndMakesItReadOnly() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        _ = try await kit.toggleInjury.execute(reportID: report.id, injury: .myPassengers)
        kit.clock.advance(by: 600)

        let created = try await kit.create.execute(reportID: report.id)

        #expect(created.report.status == .completed)
        #expect(created.report.completedAt == referenceDate.addingTimeInterval(600))
        #expect(created.document.text == "report \(report.crashID) completed")
        #expect(created.location == "memory:crash-report-\(report.crashID).txt")
        #expect(await kit.archive.document(of: created.report, format: .plainText) == created.document)
        #expect(await kit.renderer.rendered.map(\.status) == [.completed])
        #expect(try await kit.repository.report(withID: report.id)?.status == .completed)
        await #expect(throws: ReportError.readOnly(report.crashID)) {
            try await kit.toggleInjury.execute(reportID: report.id, injury: .myself)
        }
    }

    @Test func creatingAnEmptyReportIsRefusedWithWhatToDo() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        let error = await #expect(throws: ReportError.self) { try await kit.create.execute(reportID: report.id) }
        #expect(error == .nothingToReport)
        #expect(await kit.renderer.rendered.isEmpty)
        #expect(try await kit.repository.report(withID: report.id)?.status == .draft)
    }

    @Test func aReportThatCannotBeRenderedStaysAnEditableDraft() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        _ = try await kit.setNote.execute(reportID: report.id, note: "note")
        await kit.renderer.fail(with: FakeFailure("no font"))
        await #expect(throws: FakeFailure("no font")) { try await kit.create.execute(reportID: report.id) }
        #expect(try await kit.repository.report(withID: report.id)?.status == .draft)
    }

    @Test func creatingTwiceIsRefused() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        _ = try await kit.toggleInjury.execute(reportID: report.id, injury: .noOne)
        _ = try await kit.create.execute(reportID: report.id)
        await #expect(throws: ReportError.readOnly(report.crashID)) { try await kit.create.execute(reportID: report.id) }
    }

    // MARK: - ViewReport

    @Test func viewingRendersTheStoredReport() async throws {
        let draft = CrashReport.stub(crashID: .stub("CR-VIEW2345"), note: "n")
        let kit = UseCaseKit(reports: [draft])
        let viewed = try await kit.view.execute(reportID: draft.id)
        #expect(viewed.text == "report CR-VIEW2345 draft")
        #expect(viewed.documentLocation == nil)
    }

    @Test func viewingACreatedReportSaysWhereItsDocumentIsKept() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        _ = try await kit.setNote.execute(reportID: report.id, note: "n")
        let created = try await kit.create.execute(reportID: report.id)

        let viewed = try await kit.view.execute(reportID: report.id)

        #expect(viewed.text == "report \(report.crashID) completed")
        #expect(viewed.documentLocation == created.location)
    }

    @Test func aReportWhoseDocumentCannotBeKeptStaysAnEditableDraft() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        _ = try await kit.setNote.execute(reportID: report.id, note: "n")
        let create = CreateReport(repository: kit.repository, renderer: kit.renderer, archive: FailingArchive(), clock: kit.clock)
        await #expect(throws: FakeFailure("disk full")) { try await create.execute(reportID: report.id) }
        #expect(try await kit.repository.report(withID: report.id)?.status == .draft)
    }

    @Test func viewingAMissingReportIsRefused() async throws {
        let kit = UseCaseKit()
        let missing = ReportID()
        await #expect(throws: ReportError.notFound(missing)) { try await kit.view.execute(reportID: missing) }
    }

    // MARK: - ShareReport

    @Test func sharingWritesTheDocumentUnderTheDefaultName() async throws {
        let done = CrashReport.stub(crashID: .stub("CR-SHARE234"), injuries: [.myself], completedAt: referenceDate)
        let kit = UseCaseKit(reports: [done])
        let written = try await kit.share.execute(reportID: done.id)
        let destination = written.path
        #expect(destination == "crash-report-CR-SHARE234.txt")
        #expect(written.addedExtension == nil)
        #expect(await kit.exporter.documents[destination]?.text == "report CR-SHARE234 completed")
    }

    @Test func sharingToAnExistingDestinationNeedsConsent() async throws {
        let done = CrashReport.stub(injuries: [.myself], completedAt: referenceDate)
        let kit = UseCaseKit(reports: [done])
        _ = try await kit.share.execute(reportID: done.id, destination: "out/report.txt")
        await #expect(throws: ShareError.destinationExists("out/report.txt")) {
            try await kit.share.execute(reportID: done.id, destination: "out/report.txt")
        }
        #expect(try await kit.share.execute(reportID: done.id, destination: "out/report.txt", replacing: true).path == "out/report.txt")
    }

    @Test("A name without an extension gets the format's, and says so; a dotted name with no extension too", arguments: [
        ("out/report one", "out/report one.txt"), ("report.", "report.txt"), ("crash.2026-11-22", "crash.2026-11-22.txt"),
    ])
    func aNameWithoutAnExtensionGetsTheFormats(typed: String, written: String) async throws {
        let done = CrashReport.stub(injuries: [.myself], completedAt: referenceDate)
        let kit = UseCaseKit(reports: [done])
        let result = try await kit.share.execute(reportID: done.id, destination: typed)
        #expect(result.path == written)
        #expect(result.addedExtension == "txt")
        #expect(await kit.exporter.documents[written] != nil)
        #expect(await kit.exporter.documents[typed] == nil)
    }

    @Test func sharingADraftIsRefused() async throws {
        let draft = CrashReport.stub(injuries: [.myself])
        let kit = UseCaseKit(reports: [draft])
        await #expect(throws: ReportError.notCompleted(draft.crashID)) { try await kit.share.execute(reportID: draft.id) }
        #expect(await kit.exporter.documents.isEmpty)
    }
}
