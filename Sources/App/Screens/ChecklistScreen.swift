import Presentation
import Wording

/// The Emergency checklist; Enter continues.
@MainActor
final class ChecklistScreen: Screen {
    private let viewModel: ChecklistViewModel
    private let navigator: Navigator
    private let parent: AnyObject

    init(viewModel: ChecklistViewModel, navigator: Navigator, parent: AnyObject) {
        self.viewModel = viewModel
        self.navigator = navigator
        self.parent = parent
    }

    /// The language the screen speaks.
    private var words: Words { viewModel.words }

    var keys: [String] { ["Enter  " + words("Continue to Collect Crash Info")] }
    var prompt: String { viewModel.checklist.value.footer + " " }

    func render(_ console: Console) {
        let checklist = viewModel.checklist.value
        console.title(checklist.title)
        for (index, item) in checklist.items.enumerated() {
            console.line("  \(index + 1). \(item)")
        }
    }

    func handle(_ line: String) async {
        guard LineText(line).command.isEmpty else {
            navigator.notice(.error(words("Press Enter (an empty line) to continue; type h for the keys.")))
            return
        }
        viewModel.proceed()
    }
}
