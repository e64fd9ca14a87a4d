import Presentation
import Wording

/// The Assistance menu: `1` Crash Assistant, `2` View crash reports, `q` Quit.
@MainActor
final class AssistanceScreen: Screen {
    private let viewModel: AssistanceViewModel
    private let navigator: Navigator
    private var bindings: [AnyObject] = []

    init(viewModel: AssistanceViewModel, navigator: Navigator) {
        self.viewModel = viewModel
        self.navigator = navigator
        bindings.append(navigator.forwardMessages(of: viewModel.message))
        bindings.append(viewModel.route.bind { [weak self] route in self?.go(route) })
    }

    var keys: [String] {
        let words = viewModel.words
        return ["1  " + words("Crash Assistant (a new crash report)"), "2  " + words("View crash reports")]
            + (viewModel.menu.value.hasProfile ? ["3  " + words("Your details: fill in vehicle A of every new accident statement")] : [])
            + ["q  " + words("Quit")]
    }

    func render(_ console: Console) {
        let menu = viewModel.menu.value
        console.title(menu.title)
        console.options(menu.options)
        renderSync(console)
        if viewModel.sync.value?.notices.isEmpty == false {
            Task { await viewModel.syncNoticesShown() }
        }
    }

    /// Where sending to the server stands, and what sync did that the driver should know (nothing without a server).
    func renderSync(_ console: Console) {
        guard let sync = viewModel.sync.value else { return }
        console.line()
        console.line(console.styled(sync.line, sync.isProblem ? .bad : .dim))
        for notice in sync.notices { console.line(console.styled("• " + notice, .good)) }
    }

    func handle(_ line: String) async {
        switch LineText(line).key ?? "" {
        case "1": await viewModel.openCrashAssistant()
        case "2": await viewModel.viewReports()
        case "3" where viewModel.menu.value.hasProfile: await viewModel.openProfile()
        case "q", "quit": viewModel.quit()
        default: navigator.unknown(line)
        }
    }

    private func go(_ route: AssistanceViewModel.Route) {
        switch route {
        case .menu:
            navigator.show(self)
        case let .crashAssistant(assistant):
            // The Crash Assistant shows its own first screen (the checklist).
            _ = CollectCrashInfoScreen(viewModel: assistant, navigator: navigator, parent: self)
        case let .reports(list):
            navigator.show(ReportListScreen(viewModel: list, navigator: navigator, parent: self))
        case let .profile(profile):
            navigator.show(ProfileScreen(viewModel: profile, navigator: navigator, parent: self))
        case let .crashReport(report):
            navigator.show(CrashReportScreen(viewModel: report, navigator: navigator, parent: self))
        case .quit:
            navigator.quit()
        }
    }
}
