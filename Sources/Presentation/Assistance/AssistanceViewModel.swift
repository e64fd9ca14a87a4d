import Domain

/// The Assistance menu, the root of the app: opens the Crash Assistant and View crash reports,
/// and hears back from them when they end.
@MainActor
public final class AssistanceViewModel {
    public enum Route {
        case menu
        case crashAssistant(CollectCrashInfoViewModel)
        case reports(ReportListViewModel)
        case crashReport(CrashReportViewModel)
        case quit
    }

    // MARK: - Outputs

    public let menu = Box(AssistanceUiModel.standard)
    public let route = Box(Route.menu)
    public let message = Box<UiMessage?>(nil)

    private let useCases: ReportUseCases
    private let dates: DateText
    /// The Crash Assistant while it is open, to keep its draft when the app is told to stop.
    private var assistant: CollectCrashInfoViewModel?

    public init(useCases: ReportUseCases, dates: DateText = DateText()) {
        self.useCases = useCases
        self.dates = dates
    }

    // MARK: - Inputs

    /// Crash Assistant: starts a new draft.
    public func openCrashAssistant() async {
        do {
            let report = try await useCases.start.execute()
            show(report)
        } catch {
            message.value = .error(error)
        }
    }

    public func viewReports() async {
        let list = ReportListViewModel(useCases: useCases, dates: dates)
        list.didChoose = { [weak self] choice in
            await self?.chose(choice)
        }
        await list.load()
        route.value = .reports(list)
    }

    public func quit() {
        route.value = .quit
    }

    /// Keeps the open Crash Assistant's report as a draft (when the app is told to stop).
    /// - Returns: the kept draft, or `nil` when none was open.
    public func keepOpenReportAsDraft() async throws -> ReportSummary? {
        guard let assistant else { return nil }
        let summary = try await assistant.keepAsDraft()
        self.assistant = nil
        return summary
    }

    // MARK: - Children

    /// Opens a draft from the list, or a completed report on the Crash report screen.
    public func chose(_ choice: ReportListViewModel.Choice) async {
        switch choice {
        case .back:
            route.value = .menu
        case let .draft(reportID):
            do {
                show(try await useCases.resume.execute(reportID: reportID))
            } catch {
                message.value = .error(error)
            }
        case let .completed(reportID, crashID):
            let crashReport = CrashReportViewModel(reportID: reportID, crashID: crashID, documentLocation: nil, useCases: useCases)
            crashReport.didFinish = { [weak self] in self?.route.value = .menu }
            await crashReport.refresh()
            route.value = .crashReport(crashReport)
        }
    }

    private func show(_ report: CrashReport) {
        let assistant = CollectCrashInfoViewModel(report: report, useCases: useCases, dates: dates)
        assistant.didFinish = { [weak self] _ in
            self?.assistant = nil
            self?.route.value = .menu
        }
        self.assistant = assistant
        route.value = .crashAssistant(assistant)
    }
}
