import Data
import Domain
import Foundation
import Testing
import TestSupport

@Suite("Starting, editing and saving a report")
struct EditingUseCaseTests {
    // MARK: - StartReport

    @Test func startingWithoutACrashIDIssuesOneAndStoresAnEmptyDraftAtNow() async throws {
        let kit = UseCaseKit()
        let report = try await kit.start.execute()
        #expect(report.crashID == .stub("CR-AAAA2222"))
        #expect(report.status == .draft && !report.canBeCreated)
        #expect(report.scene.occurredAt == referenceDate)
        #expect(try await kit.repository.report(withID: report.id) == report)
    }

    @Test func startingFromADeepLinkUsesItsCrashIDWithoutAskingTheIssuer() async throws {
        let kit = UseCaseKit()
        let report = try await kit.start.execute(crashID: .stub("SRV-991"))
        #expect(report.crashID == .stub("SRV-991"))
        #expect(await kit.issuer.issuedCount == 0)
    }

    @Test func openingTheSameDeepLinkTwiceReturnsTheSameReport() async throws {
        let kit = UseCaseKit()
        let first = try await kit.start.execute(crashID: .stub("SRV-991"))
        _ = try await kit.toggleInjury.execute(reportID: first.id, injury: .myself)
        let second = try await kit.start.execute(crashID: .stub("SRV-991"))
        #expect(second.id == first.id)
        #expect(second.injuries.selected == [.myself])
        #expect(try await kit.list.execute().count == 1)
    }

    @Test func anIssuedCrashIDAlreadyInUseIsAskedForAgain() async throws {
        let taken = CrashReport.stub(crashID: .stub("CR-AAAA2222"))
        let kit = UseCaseKit(reports: [taken])
        let report = try await kit.start.execute()
        #expect(report.crashID == .stub("CR-BBBB3333"))
        #expect(await kit.issuer.issuedCount == 2)
    }

    @Test func startingFailsClearlyWhenEveryIssuedIDIsTaken() async throws {
        let kit = UseCaseKit(reports: [.stub(crashID: .stub("CR-AAAA2222"))],
                             issuedIDs: Array(repeating: .stub("CR-AAAA2222"), count: 5))
        await #expect(throws: ReportError.crashIDUnavailable(attempts: 5)) { try await kit.start.execute() }
        #expect(try await kit.list.execute().count == 1)
    }

    // MARK: - ToggleInjury

    @Test func togglingAnInjuryStoresTheRuleResultAndBumpsTheRevision() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        _ = try await kit.toggleInjury.execute(reportID: report.id, injury: .myself)
        kit.clock.advance(by: 30)
        let updated = try await kit.toggleInjury.execute(reportID: report.id, injury: .noOne)
        #expect(updated.injuries.selected == [.noOne])
        #expect(updated.revision == report.revision + 2)
        #expect(updated.updatedAt == referenceDate.addingTimeInterval(30))
        #expect(try await kit.repository.report(withID: report.id)?.injuries.selected == [.noOne])
    }

    @Test func togglingAnInjuryOnAMissingReportIsRefused() async throws {
        let kit = UseCaseKit()
        let missing = ReportID()
        await #expect(throws: ReportError.notFound(missing)) {
            try await kit.toggleInjury.execute(reportID: missing, injury: .myself)
        }
        #expect(await kit.repository.saves.isEmpty)
    }

    // MARK: - SetNote

    @Test func noteIsStoredExactly() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        let note = "Dvořák's \"blue\" Škoda; plate 'ABC-123' -- 🚗💥\nLine two; DROP TABLE reports;"
        _ = try await kit.setNote.execute(reportID: report.id, note: note)
        #expect(try await kit.repository.report(withID: report.id)?.otherDriverNote == note)
    }

    @Test func tooLongNoteIsRefusedAndNothingIsStored() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        _ = try await kit.setNote.execute(reportID: report.id, note: "kept")
        let savesBefore = await kit.repository.saves.count
        await #expect(throws: InputError.noteTooLong(count: 2_001, limit: 2_000)) {
            try await kit.setNote.execute(reportID: report.id, note: String(repeating: "n", count: 2_001))
        }
        #expect(await kit.repository.saves.count == savesBefore)
        #expect(try await kit.repository.report(withID: report.id)?.otherDriverNote == "kept")
    }

    // MARK: - SetCrashScene

    @Test func crashSceneIsStored() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        let scene = try CrashScene(
            occurredAt: referenceDate.addingTimeInterval(-3_600),
            coordinate: Coordinate(latitude: 47.4979, longitude: 19.0402),
            address: "Andrássy út 1, Budapest"
        )
        let updated = try await kit.setScene.execute(reportID: report.id, scene: scene)
        // A scene given without its offset from UTC keeps the one the report was started in (the clock's: UTC).
        #expect(report.scene.utcOffsetMinutes == 0)
        #expect(updated.scene == scene.withUTCOffset(0))
        #expect(try await kit.repository.report(withID: report.id)?.scene == scene.withUTCOffset(0))
        let budapest = try CrashScene(occurredAt: scene.occurredAt, coordinate: nil, address: nil, utcOffsetMinutes: 60)
        #expect(try await kit.setScene.execute(reportID: report.id, scene: budapest).scene.utcOffsetMinutes == 60)
    }

    @Test func crashTimeInTheFutureIsRefused() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        let future = referenceDate.addingTimeInterval(3_600)
        await #expect(throws: InputError.crashTimeInFuture(future)) {
            try await kit.setScene.execute(reportID: report.id, scene: CrashScene(occurredAt: future))
        }
        #expect(try await kit.repository.report(withID: report.id)?.scene.occurredAt == referenceDate)
    }

    // MARK: - SaveDraft and ResumeDraft

    @Test func savedDraftResumesExactlyAsLeft() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        _ = try await kit.toggleInjury.execute(reportID: report.id, injury: .otherDriver)
        _ = try await kit.addImage.execute(reportID: report.id, section: .otherVehiclePlate,
                                           bytes: Fixtures.jpeg(), fileName: "/tmp/plate.jpg")
        let edited = try await kit.setNote.execute(reportID: report.id, note: "Anna Karpács")
        kit.clock.advance(by: 120)

        let summary = try #require(try await kit.saveDraft.execute(reportID: report.id))
        let resumed = try await kit.resume.execute(reportID: report.id)

        #expect(summary.status == .draft && summary.injuryCount == 1 && summary.photoCount == 1 && summary.hasNote)
        #expect(summary.updatedAt == referenceDate.addingTimeInterval(120))
        #expect(resumed.injuries == edited.injuries)
        #expect(resumed.photos == edited.photos)
        #expect(resumed.otherDriverNote == "Anna Karpács")
    }

    @Test("A draft the server knows is kept when its last item is removed; an empty draft only this device had goes")
    func anEmptiedDraftTheServerKnowsIsKept() async throws {
        let photo = Photo(
            section: .crashScene, contentHash: .stub("b"), mediaType: .jpeg, byteCount: 100,
            pixelSize: PixelSize(width: 4, height: 3), originalFileName: "scene.jpg", addedAt: referenceDate
        )
        let synced = CrashReport.stub(crashID: .stub("CA-23456789AB"), photos: [photo])
        let local = CrashReport.stub(photos: [photo])
        let kit = UseCaseKit(reports: [synced, local])
        for report in [synced, local] {
            _ = try await kit.removeImage.execute(reportID: report.id, photoID: photo.id)
        }
        let kept = try #require(try await kit.saveDraft.execute(reportID: synced.id))
        #expect(kept.crashID == synced.crashID)
        #expect(try await kit.repository.report(withID: synced.id)?.photos.isEmpty == true)
        #expect(try await kit.saveDraft.execute(reportID: local.id) == nil)
        #expect(try await kit.repository.report(withID: local.id) == nil)
    }

    @Test func savingACompletedReportAsDraftIsRefused() async throws {
        let done = CrashReport.stub(injuries: [.myself], completedAt: referenceDate)
        let kit = UseCaseKit(reports: [done])
        await #expect(throws: ReportError.readOnly(done.crashID)) { try await kit.saveDraft.execute(reportID: done.id) }
        #expect(try await kit.repository.report(withID: done.id)?.status == .completed)
    }

    @Test func resumingACompletedReportIsRefused() async throws {
        let done = CrashReport.stub(injuries: [.myself], completedAt: referenceDate)
        let kit = UseCaseKit(reports: [done])
        await #expect(throws: ReportError.readOnly(done.crashID)) { try await kit.resume.execute(reportID: done.id) }
    }

    @Test func resumingADiscardedReportIsRefused() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        try await kit.discardReport.execute(reportID: report.id)
        await #expect(throws: ReportError.notFound(report.id)) { try await kit.resume.execute(reportID: report.id) }
    }
}
