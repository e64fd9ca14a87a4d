import Domain
import Presentation
import Wording

/// "Other parties": the list (`add`, `change n`, `remove n`, `d`, `x`). While a question is asked every line is its
/// answer.
@MainActor
final class PartiesScreen: Screen {
    private let viewModel: PartiesViewModel
    private let navigator: Navigator
    private let parent: AnyObject
    private var bindings: [AnyObject] = []
    /// The language the screen speaks.
    private var words: Words { viewModel.words }

    init(viewModel: PartiesViewModel, navigator: Navigator, parent: AnyObject) {
        self.viewModel = viewModel
        self.navigator = navigator
        self.parent = parent
        bindings.append(navigator.forwardMessages(of: viewModel.message))
        bindings.append(viewModel.route.bind { [weak self] route in self?.go(route) })
        // Another vehicle's statement opens over the page; done there, the page shows again.
        bindings.append(viewModel.statementPage.bind { [weak self] page in
            guard let self else { return }
            if let page {
                _ = StatementScreen(viewModel: page, navigator: navigator, parent: self)
            } else {
                navigator.show(self)
            }
        })
    }

    var keys: [String] {
        [
            "add        " + words("Add a party: the kind first (cyclist, pedestrian, property, a vehicle that left, another motor vehicle), then its details"),
            "change <n> " + words("Change party n, field by field; for another motor vehicle, open its statement"),
            "remove <n> " + words("Remove party n"),
            "touched <n> <B, numbers> " + words("Which vehicles besides yours party n touched (another motor vehicle; - for none)"),
            "d          " + words("Done"),
            "x          " + words("Close (discard every party)"),
            words("When asked: type the value and Enter; Enter alone keeps it, - clears it, . stops asking"),
        ]
    }

    var takesFreeText: Bool { viewModel.question.value != nil }

    var prompt: String { QuestionPrompt.prompt(viewModel.question.value) }

    var promptNote: String? { QuestionPrompt.note(viewModel.question.value, words: words) }

    func render(_ console: Console) {
        let state = viewModel.state.value
        console.title(state.title)
        if let note = state.emptyNote { console.line(console.styled("  " + note, .dim)) }
        for row in state.rows {
            let summary = row.summary.map { " — \($0)" } ?? ""
            console.line("  \(console.styled(row.key, .key))  \(row.role)\(summary)")
        }
        console.line()
        console.options(state.options)
    }

    func handle(_ line: String) async {
        if viewModel.question.value != nil {
            await viewModel.answer(line)
            if viewModel.question.value != nil { navigator.keepsOutput = true }
            return
        }
        let text = LineText(line)
        let number = Int(text.rest.trimmingCharacters(in: .whitespaces))
        switch text.command {
        case "d" where text.rest.isEmpty: viewModel.done()
        case "x" where text.rest.isEmpty: viewModel.close()
        case "add" where text.rest.isEmpty: viewModel.add()
        case "touched":
            let parts = text.rest.split(separator: " ", maxSplits: 1).map(String.init)
            guard let first = parts.first, let number = Int(first), parts.count == 2 else {
                navigator.notice(.error(words("Type touched, the party's number and the vehicles it touched, e.g. touched 2 B 3")))
                return
            }
            await viewModel.touched(number: number, vehicles: parts[1])
        case "change", "remove":
            guard let number else {
                navigator.notice(.error(words("Type {command} and the party's number, e.g. {command} 1", ["command": text.command])))
                return
            }
            if text.command == "change" { viewModel.change(number: number) } else { await viewModel.remove(number: number) }
        default: navigator.unknown(line)
        }
    }

    private func go(_ route: PageRoute) {
        navigator.show(route, page: self)
    }

    func keepHalfAnswered(typed: String) async -> UiMessage? {
        await viewModel.keepHalfAnswered(typed: typed)
    }
}
