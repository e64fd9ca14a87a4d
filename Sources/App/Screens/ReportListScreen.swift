import Domain
import Presentation
import Wording

/// View crash reports: a number opens a report, `b` goes back.
@MainActor
final class ReportListScreen: Screen {
    private let viewModel: ReportListViewModel
    private let navigator: Navigator
    private let parent: AnyObject
    private var bindings: [AnyObject] = []

    init(viewModel: ReportListViewModel, navigator: Navigator, parent: AnyObject) {
        self.viewModel = viewModel
        self.navigator = navigator
        self.parent = parent
        bindings.append(navigator.forwardMessages(of: viewModel.message))
    }

    var keys: [String] {
        let words = viewModel.words
        return [
            "<number>  " + words("Open that report (a draft reopens in the Crash Assistant)"),
            "n         " + words("Next page"),
            "p         " + words("Previous page"),
            "b         " + words("Back to Assistance"),
        ]
    }

    func render(_ console: Console) {
        let state = viewModel.state.value
        console.title(state.title)
        if state.rows.isEmpty {
            console.line("  " + state.emptyText)
        }
        if let pageText = state.pageText {
            console.line("  " + console.styled(pageText, .dim))
        }
        let statusWidth = Self.statusWidth(viewModel.words)
        for row in state.rows {
            let status = TerminalText.padded(row.status, to: statusWidth)
            console.line("  \(console.styled(String(row.number), .key)). \(row.crashID)  "
                + console.styled(status, row.isDraft ? .dim : .good) + "  \(row.when)  \(row.holds)")
        }
        console.line()
        console.options(state.options.filter(\.isEnabled))
    }

    /// The status column's width: its widest word in this language, whatever the rows shown, so a translated status is
    /// never cut and the column stays put from page to page.
    nonisolated static func statusWidth(_ words: Words) -> Int {
        ReportStatus.allCases.map { TerminalText.visibleWidth(ScreenWords(words).status($0)) }.max() ?? 0
    }

    func handle(_ line: String) async {
        let command = LineText(line).command
        if command == "b" {
            await viewModel.back()
        } else if command == "n", LineText(line).rest.isEmpty {
            await viewModel.nextPage()
        } else if command == "p", LineText(line).rest.isEmpty {
            await viewModel.previousPage()
        } else if let number = Int(command), LineText(line).rest.isEmpty {
            await viewModel.open(number: number)
        } else {
            navigator.unknown(line)
        }
    }
}
