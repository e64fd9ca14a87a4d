import Domain
import Wording

/// "Who was injured?": toggles the six options and the parties who may be hurt (the domain rule decides the rest).
@MainActor
public final class InjuryViewModel {
    // MARK: - Outputs

    public let state: Box<InjuryUiModel>
    public let route = Box(PageRoute.page)
    public let message = Box<UiMessage?>(nil)
    /// Told with the report as stored when the driver is done or discarded the page.
    public var didFinish: ((CrashReport) -> Void)?

    private var report: CrashReport
    private let toggleInjury: ToggleInjury
    private let makeDiscardDialog: @MainActor (CrashReport, InfoCategory, String) -> DiscardPageViewModel

    /// The language the screen speaks.
    public let words: Words

    /// - Parameter makeDiscardDialog: the dialog Close opens (report, page, page title).
    public init(
        report: CrashReport,
        toggleInjury: ToggleInjury,
        makeDiscardDialog: @escaping @MainActor (CrashReport, InfoCategory, String) -> DiscardPageViewModel,
        words: Words = .english
    ) {
        self.words = words
        self.report = report
        self.toggleInjury = toggleInjury
        self.makeDiscardDialog = makeDiscardDialog
        state = Box(InjuryUiModel(report, words: words))
    }

    // MARK: - Inputs

    /// Toggles the options with these numbers in order: 1–6 the six, then the rows of the report's parties.
    /// Nothing is toggled when any number is not an option. Each number chooses what its row showed when it was typed.
    public func toggle(numbers: [Int]) async {
        let rows = state.value.rows
        let last = rows.count
        guard !numbers.isEmpty, numbers.allSatisfy({ (1...last).contains($0) }) else {
            let values = ["last": String(last)]
            message.value = .error(numbers.first { !(1...last).contains($0) }.map {
                words("There is no option {number}. Type numbers from 1 to {last}, e.g. 1 3.", values.merging(["number": String($0)]) { $1 })
            } ?? words("Type numbers from 1 to {last}, e.g. 1 3.", values))
            return
        }
        for number in numbers {
            switch rows[number - 1].choice {
            case let .injury(injury): await toggle(injury)
            case let .person(party): await toggle(party: party)
            case let .occupant(party, occupant): await toggle(party: party, occupant)
            }
        }
    }

    /// Chooses or unchooses a cyclist or pedestrian as hurt.
    public func toggle(party: PartyID) async {
        do {
            update(try await toggleInjury.execute(reportID: report.id, party: party))
        } catch {
            message.value = UiMessage(.error, ErrorText.sentence(for: error, words: words), cause: error)
        }
    }

    /// Chooses or unchooses the driver or passengers of another motor vehicle as hurt.
    public func toggle(party: PartyID, _ occupant: Occupant) async {
        do {
            update(try await toggleInjury.execute(reportID: report.id, party: party, occupant: occupant))
        } catch {
            message.value = UiMessage(.error, ErrorText.sentence(for: error, words: words), cause: error)
        }
    }

    public func toggle(_ injury: Injury) async {
        do {
            update(try await toggleInjury.execute(reportID: report.id, injury: injury))
        } catch {
            message.value = UiMessage(.error, ErrorText.sentence(for: error, words: words), cause: error)
        }
    }

    public func done() {
        didFinish?(report)
    }

    public func close() {
        DiscardPageViewModel.open(makeDiscardDialog(report, .injuries, state.value.title), on: route) { [weak self] report in
            self?.update(report)
            self?.didFinish?(report)
        }
    }

    /// Shows the report as another program stored it.
    public func showStored(_ stored: CrashReport) {
        update(stored)
    }

    private func update(_ newReport: CrashReport) {
        report = newReport
        state.value = InjuryUiModel(newReport, words: words)
    }
}
