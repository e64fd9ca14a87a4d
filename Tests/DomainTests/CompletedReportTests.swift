import Data
import Domain
import Foundation
import Storage
import Testing
import TestSupport

@Suite("A completed report is read-only through every editing use case")
struct CompletedReportTests {
    enum Edit: String, CaseIterable, Sendable {
        case toggleInjury, addImage, removeImage, setNote, setCrashScene, saveDraft, discardSection, discardReport, createReport

        func run(_ kit: UseCaseKit, on report: CrashReport) async throws {
            let id = report.id
            switch self {
            case .toggleInjury: _ = try await kit.toggleInjury.execute(reportID: id, injury: .otherDriver)
            case .addImage: _ = try await kit.addImage.execute(reportID: id, section: .crashScene, bytes: Fixtures.png(), fileName: "late.png")
            case .removeImage: _ = try await kit.removeImage.execute(reportID: id, photoID: report.allPhotos[0].id)
            case .setNote: _ = try await kit.setNote.execute(reportID: id, note: "added later")
            case .setCrashScene: _ = try await kit.setScene.execute(reportID: id, scene: CrashScene(occurredAt: referenceDate.addingTimeInterval(-60)))
            case .saveDraft: _ = try await kit.saveDraft.execute(reportID: id)
            case .discardSection: _ = try await kit.discardSection.execute(reportID: id, category: .yourInfo)
            case .discardReport: try await kit.discardReport.execute(reportID: id)
            case .createReport: _ = try await kit.create.execute(reportID: id)
            }
        }
    }

    @Test("is refused, says what to do instead, and stores nothing", arguments: Edit.allCases)
    func editIsRefused(_ edit: Edit) async throws {
        // Given a completed report with a photo whose bytes are stored
        let kit = UseCaseKit()
        let draft = try await kit.startedReport()
        _ = try await kit.addImage.execute(reportID: draft.id, section: .crashScene, bytes: Fixtures.jpeg(), fileName: "scene.jpg")
        let completed = try await kit.create.execute(reportID: draft.id).report
        let savesBefore = await kit.repository.saves.count

        // When
        let error = await #expect(throws: ReportError.self) { try await edit.run(kit, on: completed) }

        // Then
        #expect(error == .readOnly(completed.crashID))
        #expect(await kit.repository.saves.count == savesBefore)
        #expect(try await kit.repository.report(withID: draft.id) == completed)
        #expect(await kit.photoStore.storedHashes == [ContentHash.sha256(of: try Fixtures.jpeg())])
    }

    @Test("on a report that does not exist is refused as not found", arguments: Edit.allCases.filter { $0 != .removeImage })
    func editOfMissingReportIsRefused(_ edit: Edit) async throws {
        let kit = UseCaseKit()
        let ghost = CrashReport.stub()
        await #expect(throws: ReportError.notFound(ghost.id)) { try await edit.run(kit, on: ghost) }
        #expect(await kit.repository.saves.isEmpty)
    }
}
