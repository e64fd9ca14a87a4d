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
        for row in state.rows {
            let status = row.status.padding(toLength: 9, withPad: " ", startingAt: 0)
            console.line("  \(console.styled(String(row.number), .key)). \(row.crashID)  "
                + console.styled(status, row.isDraft ? .dim : .good) + "  \(row.when)  \(row.holds)")
        }
        console.line()
        console.options(state.options.filter(\.isEnabled))
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
