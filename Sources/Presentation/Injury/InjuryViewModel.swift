import Domain
import Wording

/// "Who was injured?": toggles the six options (the domain rule decides the rest).
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

    /// Toggles the options with these numbers (1–6) in order. Nothing is toggled when any number is not an option.
    public func toggle(numbers: [Int]) async {
        let injuries = numbers.compactMap(Injury.init(rawValue:))
        guard !numbers.isEmpty, injuries.count == numbers.count else {
            message.value = .error(numbers.first { Injury(rawValue: $0) == nil }.map {
                words("There is no option {number}. Type numbers from 1 to 6, e.g. 1 3.", ["number": String($0)])
            } ?? words("Type numbers from 1 to 6, e.g. 1 3."))
            return
        }
        for injury in injuries {
            await toggle(injury)
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
