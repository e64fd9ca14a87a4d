import Composition
import Domain
import Foundation
import Presentation
import Testing
import TestSupport

@MainActor
@Suite("Collect Crash Info")
struct CollectCrashInfoViewModelTests {
    let kit = UseCaseKit()

    private func openAssistant(files: StubPhotoFiles = StubPhotoFiles()) async throws -> CollectCrashInfoViewModel {
        kit.wiring(photoFiles: files, dates: utc).makeCrashAssistant(try await kit.startedReport())
    }

    @Test func theChecklistComesFirstAndContinuingShowsTheLanding() async throws {
        let assistant = try await openAssistant()
        guard case let .checklist(checklist) = assistant.route.value else {
            Issue.record("expected the checklist, got \(assistant.route.value.name)")
            return
        }
        #expect(checklist.checklist.value.items.contains { $0.contains("112") })
        checklist.proceed()
        #expect(assistant.route.value.name == "landing")
    }

    @Test func createIsDisabledWithTheReasonWhileTheReportIsEmpty() async throws {
        let assistant = try await openAssistant()
        let create = assistant.state.value.create
        #expect(!create.isEnabled)
        #expect(create.disabledReason == CollectCrashInfoUiModel.createDisabledReason(words: .english))
        #expect(assistant.state.value.categories.allSatisfy { !$0.isComplete && $0.summary == nil })
    }

    @Test func doneOnInjuriesReturnsToTheLandingWithACheckMarkAndCreateEnabled() async throws {
        let assistant = try await openAssistant()
        assistant.openInjuries()
        guard case let .injuries(page) = assistant.route.value else {
            Issue.record("expected injuries, got \(assistant.route.value.name)")
            return
        }
        await page.toggle(numbers: [1, 3])
        page.done()
        #expect(assistant.route.value.name == "landing")
        let row = assistant.state.value.categories[0]
        #expect(row.isComplete)
        #expect(row.summary == "Myself, Other driver")
        #expect(assistant.state.value.create.isEnabled)
    }

    @Test func creatingAnEmptyReportIsRefusedAndStaysOnTheLanding() async throws {
        let assistant = try await openAssistant()
        assistant.route.value = .landing
        await assistant.create()
        #expect(assistant.message.value?.kind == .error)
        #expect(assistant.route.value.name == "landing")
        #expect(assistant.isOpen)
    }

    @Test func createCompletesTheReportAndLeadsToTheCrashReport() async throws {
        let assistant = try await openAssistant()
        assistant.openInjuries()
        let page = try #require(assistant.route.value.injuryPage)
        await page.toggle(numbers: [5])
        page.done()
        await assistant.create()
        // It asks first, saying what the report holds and what to check; n keeps the draft.
        #expect(assistant.pendingCreate?.contains("Create crash report \(assistant.crashID)? It will hold who was injured (No one)") == true)
        #expect(assistant.pendingCreate?.contains("! Where the crash happened is not given") == true)
        #expect(assistant.pendingCreate?.contains("! No crash time was given") == true)
        await assistant.confirmCreate(false)
        #expect(assistant.isOpen)
        #expect(try await kit.repository.report(withID: assistant.reportID)?.isCompleted == false)
        await assistant.create()
        await assistant.confirmCreate(true)
        #expect(assistant.route.value.name == "crashReport")
        #expect(!assistant.isOpen)
        #expect(try await kit.repository.report(withID: assistant.reportID)?.isCompleted == true)
    }

    @Test func whenAndWhereAreStoredAndShown() async throws {
        let assistant = try await openAssistant()
        await assistant.setWhenAndWhere("2026-11-17 17:42 47.4979,19.0402 Andrássy út 12, Budapest")
        #expect(assistant.state.value.when == "17 Nov 2026, 17:42 (UTC)")
        #expect(assistant.state.value.place == "Andrássy út 12, Budapest (47.49790, 19.04020)")
        let stored = try await kit.repository.report(withID: assistant.reportID)
        #expect(stored?.scene.address == "Andrássy út 12, Budapest")
    }

    @Test func untilTheDriverSaysWhenAndWhereTheyComeFromTheEarliestCrashScenePhoto() async throws {
        let files = StubPhotoFiles(files: ["scene.jpg": PhotoFile(bytes: try Fixtures.bytes("photo-exif-120x90.jpg"), fileName: "scene.jpg")])
        let assistant = try await openAssistant(files: files)
        #expect(assistant.state.value.when.hasSuffix("(not given; the time the report was started)"))
        assistant.openYourInfo()
        guard case let .photoPage(page) = assistant.route.value else {
            Issue.record("expected a photo page, got \(assistant.route.value.name)")
            return
        }

        // The photo, taken on 21 Nov, is added ten minutes later.
        kit.clock.advance(by: Date(timeIntervalSince1970: 1_795_283_530).timeIntervalSince(kit.clock.now()))
        await page.addPhoto(path: "scene.jpg", toSection: 2)
        page.done()

        #expect(assistant.state.value.when == "21 Nov 2026, 17:42 (UTC) (from photo scene.jpg)")
        #expect(assistant.state.value.place == "47.49800, 19.04000 (from photo scene.jpg)")
        await assistant.setWhenAndWhere("2026-11-17 17:30 Budapest")
        #expect(assistant.state.value.when == "17 Nov 2026, 17:30 (UTC)")
        #expect(assistant.state.value.place == "Budapest")
    }

    @Test func aWhenThatIsNotATimeIsExplainedAndNothingChanges() async throws {
        let assistant = try await openAssistant()
        let before = assistant.state.value
        await assistant.setWhenAndWhere("yesterday")
        #expect(assistant.message.value?.kind == .error)
        #expect(assistant.message.value?.text.contains(CrashSceneInput.syntax(words: .english)) == true)
        #expect(assistant.state.value == before)
    }

    @Test func closeThenKeepEditingReturnsToTheLanding() async throws {
        let assistant = try await openAssistant()
        assistant.close()
        guard case let .close(dialog) = assistant.route.value else {
            Issue.record("expected the close dialog")
            return
        }
        dialog.keepEditing()
        #expect(assistant.route.value.name == "landing")
        #expect(assistant.isOpen)
    }

    @Test func closeThenSaveAsDraftTellsTheParentWithTheDraft() async throws {
        let assistant = try await openAssistant()
        _ = try await kit.toggleInjury.execute(reportID: assistant.reportID, injury: .myself)
        var outcomes: [CollectCrashInfoViewModel.Outcome] = []
        assistant.didFinish = { outcomes.append($0) }
        assistant.close()
        let dialog = try #require(assistant.route.value.closeDialog)
        await dialog.saveDraft()
        guard case let .savedDraft(summary)? = outcomes.first else {
            Issue.record("expected a saved draft, got \(outcomes)")
            return
        }
        #expect(summary.crashID == assistant.crashID)
        #expect(summary.status == .draft)
        #expect(!assistant.isOpen)
    }

    @Test func closeThenDiscardDeletesTheReportAndTellsTheParent() async throws {
        let assistant = try await openAssistant()
        var outcomes: [CollectCrashInfoViewModel.Outcome] = []
        assistant.didFinish = { outcomes.append($0) }
        assistant.close()
        let dialog = try #require(assistant.route.value.closeDialog)
        await dialog.discard()
        #expect(outcomes == [.discarded(assistant.crashID)])
        #expect(try await kit.repository.report(withID: assistant.reportID) == nil)
    }

    @Test func keepingAsDraftSavesOnceAndThenThereIsNothingOpen() async throws {
        let assistant = try await openAssistant()
        _ = try await kit.toggleInjury.execute(reportID: assistant.reportID, injury: .myself)
        let kept = try await assistant.keepAsDraft()
        #expect(kept?.crashID == assistant.crashID)
        #expect(try await assistant.keepAsDraft() == nil)
    }

    @Test("A draft nothing was entered in is not kept: Save as draft says so, and the list stays empty")
    func aDraftWithNothingEnteredIsNotKept() async throws {
        let assistant = try await openAssistant()
        var outcomes: [CollectCrashInfoViewModel.Outcome] = []
        assistant.didFinish = { outcomes.append($0) }
        assistant.close()
        let dialog = try #require(assistant.route.value.closeDialog)
        await dialog.saveDraft()
        #expect(dialog.message.value == .info("Nothing was entered in this report, so no draft was kept."))
        #expect(try await kit.repository.report(withID: assistant.reportID) == nil)
        #expect(try await kit.repository.summaries().isEmpty)
    }
}
