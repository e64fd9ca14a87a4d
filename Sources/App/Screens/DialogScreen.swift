import Presentation

/// A question with lettered choices: the close dialogs.
@MainActor
final class DialogScreen: Screen {
    private let dialog: DialogUiModel
    private let actions: [String: () async -> Void]
    private let navigator: Navigator
    private let parent: AnyObject
    private var bindings: [AnyObject] = []

    init(
        dialog: DialogUiModel,
        message: Box<UiMessage?>,
        actions: [String: () async -> Void],
        navigator: Navigator,
        parent: AnyObject
    ) {
        self.dialog = dialog
        self.actions = actions
        self.navigator = navigator
        self.parent = parent
        bindings.append(navigator.forwardMessages(of: message))
    }

    var keys: [String] { dialog.options.map { "\($0.key)  \($0.title)" } }

    func render(_ console: Console) {
        console.title(dialog.title)
        console.line("  " + dialog.detail)
        console.options(dialog.options)
    }

    func handle(_ line: String) async {
        guard let action = actions[LineText(line).key ?? ""] else {
            navigator.unknown(line)
            return
        }
        await action()
    }
}
