import Presentation
import Wording

/// "Your details": the fields (`e` every one in turn, numbers for some), `d` back to the menu. While a question is
/// asked every line is its answer.
@MainActor
final class ProfileScreen: Screen {
    private let viewModel: ProfileViewModel
    private let navigator: Navigator
    private let parent: AnyObject
    private var bindings: [AnyObject] = []
    /// The language the screen speaks.
    private var words: Words { viewModel.words }

    init(viewModel: ProfileViewModel, navigator: Navigator, parent: AnyObject) {
        self.viewModel = viewModel
        self.navigator = navigator
        self.parent = parent
        bindings.append(navigator.forwardMessages(of: viewModel.message))
    }

    var keys: [String] {
        [
            "e      " + words("Enter every field in turn"),
            "1-\(viewModel.rows.value.count)   " + words("Enter those fields in turn, e.g. 6 7"),
            "d      " + words("Done (back to the menu)"),
            words("When asked: type the value and Enter; Enter alone keeps it, - clears it, . stops asking"),
        ]
    }

    var takesFreeText: Bool { viewModel.question.value != nil }

    var prompt: String { QuestionPrompt.prompt(viewModel.question.value) }

    var promptNote: String? { QuestionPrompt.note(viewModel.question.value, words: words) }

    func render(_ console: Console) {
        console.title(viewModel.title)
        console.line(console.styled("  " + words("Every new report's vehicle A starts with these; change them there for one report."), .dim))
        for row in viewModel.rows.value {
            let key = console.styled(row.number < 10 ? " \(row.number)" : "\(row.number)", .key)
            console.line("  \(key)  \(row.label): \(row.value ?? console.styled("—", .dim))")
        }
        console.line()
        console.options(viewModel.options)
    }

    func handle(_ line: String) async {
        if viewModel.question.value != nil {
            await viewModel.answer(line)
            if viewModel.question.value != nil { navigator.keepsOutput = true }
            return
        }
        let typed = LineText.words(line)
        let numbers = typed.compactMap { Int($0) }
        switch LineText(line).key ?? "" {
        case "d": viewModel.done()
        case "e": viewModel.askEveryField()
        default:
            guard !typed.isEmpty, numbers.count == typed.count else {
                navigator.unknown(line)
                return
            }
            viewModel.ask(fieldNumbers: numbers)
        }
    }

    func keepHalfAnswered(typed: String) async -> UiMessage? {
        await viewModel.keepHalfAnswered(typed: typed)
    }
}
