import Domain
import Presentation
import Wording

/// "Who was injured?": `1`–`6` toggle (several on one line in order), `d` Done, `x` Close.
@MainActor
final class InjuryScreen: Screen {
    private let viewModel: InjuryViewModel
    private let navigator: Navigator
    private let parent: AnyObject
    private var bindings: [AnyObject] = []

    init(viewModel: InjuryViewModel, navigator: Navigator, parent: AnyObject) {
        self.viewModel = viewModel
        self.navigator = navigator
        self.parent = parent
        bindings.append(navigator.forwardMessages(of: viewModel.message))
        bindings.append(viewModel.route.bind { [weak self] route in self?.go(route) })
    }

    /// The language the screen speaks.
    private var words: Words { viewModel.words }

    var keys: [String] {
        let screen = ScreenWords(words)
        return [
            "1-\(viewModel.state.value.rows.count)  " + words("Choose or unchoose an option; several at once in order, e.g. 1 3"),
            "     " + words(
                "{noOne} and {unsure} clear the others; choosing a person clears them",
                ["noOne": screen.injury(.noOne), "unsure": screen.injury(.unsure)]
            ),
            "d    " + words("Done"),
            "x    " + words("Close (discard this page's information)"),
        ]
    }

    func render(_ console: Console) {
        let state = viewModel.state.value
        console.title(state.title)
        for row in state.rows {
            let mark = row.isSelected ? console.styled("[x]", .good) : "[ ]"
            console.line("  \(console.styled(String(row.number), .key))  \(mark) \(row.title)")
        }
        console.line()
        console.options(state.options)
    }

    func handle(_ line: String) async {
        switch LineText(line).key ?? "" {
        case "d": viewModel.done()
        case "x": viewModel.close()
        default:
            // `1 3`, `1,3` and `1, 3` alike.
            guard let numbers = LineText.numbers(line) else {
                navigator.unknown(line)
                return
            }
            await viewModel.toggle(numbers: numbers)
        }
    }

    private func go(_ route: PageRoute) {
        navigator.show(route, page: self)
    }
}
