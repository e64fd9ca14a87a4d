import Composition
import Domain
import Presentation
import Testing
import TestSupport

@MainActor
@Suite("View crash reports and the Assistance menu")
struct ReportListAndAssistanceViewModelTests {
    let draft = CrashReport.stub(crashID: .stub("CR-DRAFT234"), injuries: [.myself], photos: [.stub()], note: "n")
    let completed = CrashReport.stub(crashID: .stub("CR-DONE2345"), createdAt: referenceDate.addingTimeInterval(-60), injuries: [.noOne], completedAt: referenceDate)

    @Test func rowsShowTheCrashIDStatusWhenAndWhatTheyHold() async throws {
        let kit = UseCaseKit(reports: [draft])
        let list = kit.wiring(dates: utc).makeReportList()
        await list.load()
        #expect(list.state.value.rows == [ReportRowUiModel(draft.summary, number: 1, dates: utc)])
        #expect(list.state.value.pageText == "Reports 1–1, newest first")
        let row = try #require(list.state.value.rows.first)
        #expect(row.status == "Draft")
        #expect(row.when == "18 Nov 2026, 11:06 (UTC)")
        #expect(row.holds == "1 injury choice, 1 photo, note")
    }

    @Test func aNumberOutsideTheListIsRefused() async throws {
        let kit = UseCaseKit(reports: [draft])
        let list = kit.wiring(dates: utc).makeReportList()
        await list.load()
        var choices: [ReportListViewModel.Choice] = []
        list.didChoose = { choices.append($0) }
        await list.open(number: 2)
        #expect(choices.isEmpty)
        #expect(list.message.value == .error("There is no report 2 on this page: choose 1."))
    }

    @Test func manyReportsAreShownAPageAtATimeNumberedAcrossPages() async throws {
        // 45 reports, each a minute older than the one before.
        let reports = (0..<45).map { index in
            CrashReport.stub(createdAt: referenceDate.addingTimeInterval(Double(-60 * index)), note: "report \(index)")
        }
        let kit = UseCaseKit(reports: reports)
        let list = kit.wiring(dates: utc).makeReportList()
        var choices: [ReportListViewModel.Choice] = []
        list.didChoose = { choices.append($0) }

        await list.load()
        #expect(list.state.value.rows.map(\.number) == Array(1...20))
        #expect(list.state.value.options.filter(\.isEnabled).map(\.key) == ["1-20", "n", "b"])

        await list.nextPage()
        #expect(list.state.value.rows.map(\.number) == Array(21...40))
        #expect(list.state.value.pageText == "Reports 21–40, newest first")
        await list.open(number: 25)
        #expect(choices == [.draft(reports[24].id)])
        await list.open(number: 5)
        #expect(list.message.value == .error("There is no report 5 on this page: choose 21 to 40, or n / p for the next or previous page."))

        await list.nextPage()
        #expect(list.state.value.rows.map(\.number) == Array(41...45))
        #expect(list.state.value.options.filter(\.isEnabled).map(\.key) == ["41-45", "p", "b"])
        await list.nextPage()
        #expect(list.message.value == .error("This is the last page; p goes back a page."))

        await list.previousPage()
        await list.previousPage()
        #expect(list.state.value.rows.first?.number == 1)
        await list.previousPage()
        #expect(list.message.value == .error("This is the first page; n shows the next one."))
    }

    @Test func openingADraftOrACompletedReportTellsTheParentWhich() async throws {
        let kit = UseCaseKit(reports: [draft, completed])
        let list = kit.wiring(dates: utc).makeReportList()
        await list.load()
        var choices: [ReportListViewModel.Choice] = []
        list.didChoose = { choices.append($0) }
        for number in 1...2 { await list.open(number: number) }
        #expect(Set(choices) == [.draft(draft.id), .completed(completed.id, completed.crashID)])
    }

    @Test func theCrashAssistantStartsANewDraft() async throws {
        let kit = UseCaseKit()
        let assistance = kit.wiring(dates: utc).makeAssistance()
        await assistance.openCrashAssistant()
        guard case let .crashAssistant(assistant) = assistance.route.value else {
            Issue.record("expected the Crash Assistant, got \(assistance.route.value.name)")
            return
        }
        #expect(assistant.crashID == .stub("CR-AAAA2222"))
        #expect(try await kit.repository.summaries().map(\.status) == [.draft])
    }

    @Test func savingADraftReturnsToTheMenuAndItShowsInTheList() async throws {
        let kit = UseCaseKit()
        let assistance = kit.wiring(dates: utc).makeAssistance()
        await assistance.openCrashAssistant()
        let assistant = try #require(assistance.route.value.assistant)
        _ = try await kit.toggleInjury.execute(reportID: assistant.reportID, injury: .myself)
        assistant.close()
        let dialog = try #require(assistant.route.value.closeDialog)
        await dialog.saveDraft()
        #expect(assistance.route.value.name == "menu")
        await assistance.viewReports()
        guard case let .reports(list) = assistance.route.value else {
            Issue.record("expected the list")
            return
        }
        #expect(list.state.value.rows.map(\.crashID) == ["CR-AAAA2222"])
    }

    @Test("A draft chosen in the list opens where it was left: Collect Crash Info, no checklist")
    func aDraftChosenInTheListReopensWhereItWasLeft() async throws {
        let kit = UseCaseKit(reports: [draft])
        let assistance = kit.wiring(dates: utc).makeAssistance()
        await assistance.viewReports()
        let list = try #require(assistance.route.value.reportList)
        await list.open(number: 1)
        guard case let .crashAssistant(assistant) = assistance.route.value else {
            Issue.record("expected the Crash Assistant, got \(assistance.route.value.name)")
            return
        }
        #expect(assistant.route.value.name == "landing")
        #expect(assistant.state.value.categories[0].summary == "Myself")
    }

    @Test func aCompletedReportChosenInTheListOpensTheCrashReport() async throws {
        let kit = UseCaseKit(reports: [completed])
        let assistance = kit.wiring(dates: utc).makeAssistance()
        await assistance.viewReports()
        let list = try #require(assistance.route.value.reportList)
        await list.open(number: 1)
        guard case let .crashReport(report) = assistance.route.value else {
            Issue.record("expected the Crash report, got \(assistance.route.value.name)")
            return
        }
        #expect(report.state.value.crashID == "CR-DONE2345")
        report.back()
        #expect(assistance.route.value.name == "menu")
    }

    @Test func stoppingKeepsTheOpenReportAsADraftOnlyWhileOneIsOpen() async throws {
        let kit = UseCaseKit()
        let assistance = kit.wiring(dates: utc).makeAssistance()
        #expect(try await assistance.keepOpenReportAsDraft() == nil)
        await assistance.openCrashAssistant()
        let assistant = try #require(assistance.route.value.assistant)
        _ = try await kit.toggleInjury.execute(reportID: assistant.reportID, injury: .myself)
        #expect(try await assistance.keepOpenReportAsDraft()?.crashID == .stub("CR-AAAA2222"))
    }

    @Test func quitIsANavigationEvent() {
        let assistance = UseCaseKit().wiring(dates: utc).makeAssistance()
        assistance.quit()
        #expect(assistance.route.value.name == "quit")
    }
}
