import Composition
import Domain
import Presentation
import Testing
import TestSupport

@MainActor
@Suite("Who was injured?")
struct InjuryViewModelTests {
    let kit = UseCaseKit()

    private func page() async throws -> InjuryViewModel {
        kit.wiring().makeInjuryPage(try await kit.startedReport())
    }

    private func selected(_ page: InjuryViewModel) -> [String] {
        page.state.value.rows.filter(\.isSelected).map(\.title)
    }

    @Test func theDriverAndPassengersOfAnotherVehicleAreChoicesOfTheirOwn() async throws {
        var report = try await kit.startedReport()
        let parties = try CrashParties.sample()
        try report.changeParties { list throws(PartyError) in list = parties }
        report = try await kit.repository.save(report)
        let page = kit.wiring().makeInjuryPage(report)
        // The cyclist (party 1), then C's (party 3) driver and passengers; B's people named as B's.
        #expect(page.state.value.rows.map(\.title) == [
            "Myself", "My passenger(s)", "Driver of vehicle B", "Passengers of vehicle B", "No one", "Unsure",
            "Cyclist: Eva Kovács", "Driver of party 3 (Carl Third, C-DE 345)", "Passengers of party 3 (Carl Third, C-DE 345)",
        ])
        #expect(selected(page) == ["Cyclist: Eva Kovács"])
        await page.toggle(numbers: [5, 9])
        #expect(selected(page) == ["Passengers of party 3 (Carl Third, C-DE 345)"])
        #expect(try await kit.repository.report(withID: report.id)?.parties[CrashParties.vehicleC]?.hurt == [.passengers])
        await page.toggle(numbers: [6])
        #expect(selected(page) == ["Unsure"])
        await page.toggle(numbers: [10])
        #expect(page.message.value == .error("There is no option 10. Type numbers from 1 to 9, e.g. 1 3."))
    }

    @Test func severalNumbersToggleInOrder() async throws {
        let page = try await page()
        await page.toggle(numbers: [1, 3])
        #expect(selected(page) == ["Myself", "Other driver"])
    }

    @Test func choosingNoOneClearsThePeopleChosen() async throws {
        let page = try await page()
        await page.toggle(numbers: [1, 2, 5])
        #expect(selected(page) == ["No one"])
    }

    @Test func choosingAChosenOptionAgainUnchoosesIt() async throws {
        let page = try await page()
        await page.toggle(numbers: [4, 4])
        #expect(selected(page).isEmpty)
    }

    @Test func aNumberThatIsNoOptionTogglesNothingAndSaysWhatToType() async throws {
        let page = try await page()
        await page.toggle(numbers: [1, 7])
        #expect(selected(page).isEmpty)
        #expect(page.message.value == .error("There is no option 7. Type numbers from 1 to 6, e.g. 1 3."))
    }

    @Test func everyToggleIsStoredBeforeItReturns() async throws {
        let page = try await page()
        let reportID = try #require(try await kit.repository.summaries().first?.id)
        await page.toggle(numbers: [2])
        #expect(try await kit.repository.report(withID: reportID)?.injuries.selected == [.myPassengers])
    }

    @Test func doneTellsTheParentTheStoredReport() async throws {
        let page = try await page()
        var finished: [CrashReport] = []
        page.didFinish = { finished.append($0) }
        await page.toggle(numbers: [6])
        page.done()
        #expect(finished.map(\.injuries.selected) == [[.unsure]])
    }

    @Test func closeThenKeepEditingReturnsToThePageWithTheChoicesKept() async throws {
        let page = try await page()
        await page.toggle(numbers: [1])
        page.close()
        guard case let .discard(dialog) = page.route.value else {
            Issue.record("expected the discard dialog")
            return
        }
        #expect(dialog.dialog.value.title == "Discard all information on this page?")
        dialog.keepEditing()
        guard case .page = page.route.value else {
            Issue.record("expected the page again")
            return
        }
        #expect(selected(page) == ["Myself"])
    }

    @Test func closeThenDiscardClearsThePageAndTellsTheParent() async throws {
        let page = try await page()
        var finished: [CrashReport] = []
        page.didFinish = { finished.append($0) }
        await page.toggle(numbers: [1, 2])
        page.close()
        let dialog = try #require(page.route.value.discardDialog)
        await dialog.discard()
        #expect(finished.count == 1)
        #expect(finished.first?.injuries.isEmpty == true)
        #expect(selected(page).isEmpty)
    }
}
