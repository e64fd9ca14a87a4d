import Domain

/// View crash reports: lists drafts and completed reports; a number opens one.
@MainActor
public final class ReportListViewModel {
    /// What the driver chose, told to the parent.
    public enum Choice: Sendable, Hashable {
        /// Reopen this draft in the Crash Assistant.
        case draft(ReportID)
        /// Open this completed report on the Crash report screen.
        case completed(ReportID, CrashID)
        case back
    }

    // MARK: - Outputs

    public let state: Box<ReportListUiModel>
    public let message = Box<UiMessage?>(nil)
    public var didChoose: ((Choice) async -> Void)?

    private var summaries: [ReportSummary] = []
    private let useCases: ReportUseCases
    private let dates: DateText

    public init(useCases: ReportUseCases, dates: DateText = DateText()) {
        self.useCases = useCases
        self.dates = dates
        state = Box(ReportListUiModel([], dates: dates))
    }

    // MARK: - Inputs

    public func load() async {
        do {
            summaries = try await useCases.list.execute()
            state.value = ReportListUiModel(summaries, dates: dates)
        } catch {
            message.value = .error(error)
        }
    }

    /// Opens the report on row `number` (from 1).
    public func open(number: Int) async {
        guard summaries.indices.contains(number - 1) else {
            let range = summaries.isEmpty ? "there are no reports yet" : "choose 1 to \(summaries.count)"
            message.value = .error("There is no report \(number): \(range).")
            return
        }
        let summary = summaries[number - 1]
        await didChoose?(summary.status == .draft ? .draft(summary.id) : .completed(summary.id, summary.crashID))
    }

    public func back() async {
        await didChoose?(.back)
    }
}
