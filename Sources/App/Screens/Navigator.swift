import Presentation
import Wording

/// Holds the screen on show, the messages to print after it, and whether the driver quit.
@MainActor
final class Navigator {
    let console: Console
    /// The language of what the navigator itself says (the keys' heading, an unknown key).
    let words: Words
    private(set) var current: (any Screen)?
    private(set) var hasQuit = false
    private var notices: [UiMessage] = []
    /// Whether the prompt is printed and the app waits for a line.
    private(set) var isWaiting = false
    /// Set by a screen that printed something to keep in view: the next turn prints only the prompt.
    var keepsOutput = false

    init(console: Console, words: Words) {
        self.console = console
        self.words = words
    }

    func show(_ screen: any Screen) {
        current = screen
    }

    /// Shows an information page, or the "Discard all information on this page?" dialog its Close opened.
    func show(_ route: PageRoute, page: any Screen) {
        switch route {
        case .page:
            show(page)
        case let .discard(dialog):
            show(DialogScreen(
                dialog: dialog.dialog.value,
                message: dialog.message,
                actions: ["k": { dialog.keepEditing() }, "d": { await dialog.discard() }],
                navigator: self,
                parent: page
            ))
        }
    }

    func quit() {
        hasQuit = true
    }

    func notice(_ message: UiMessage) {
        notices.append(message)
    }

    /// Forwards a view model's messages to the screen's output, skipping the value it holds already.
    func forwardMessages(of box: Box<UiMessage?>) -> Box<UiMessage?>.Binding {
        var isFirst = true
        return box.bind { [weak self] message in
            defer { isFirst = false }
            guard !isFirst, let message else { return }
            self?.notice(message)
        }
    }

    /// Passes one typed line to the screen on show; `h`, `?` and `help` print its keys.
    func handle(_ line: String) async {
        isWaiting = false
        guard let screen = current else { return }
        let word = line.trimmingCharacters(in: .whitespaces).lowercased()
        if !screen.takesFreeText, word == "h" || word == "?" || word == "help" {
            console.line(words("Keys:"))
            for key in screen.keys { console.line("  " + key) }
            keepsOutput = true
            return
        }
        await screen.handle(line)
    }

    /// Prints the screen on show (unless output is to be kept in view), the messages, and the prompt.
    func present() {
        if !keepsOutput { current?.render(console) }
        keepsOutput = false
        for message in notices { console.message(message) }
        notices = []
        if let note = current?.promptNote { console.line(console.styled(note, .dim)) }
        console.write(current?.prompt ?? "> ")
        isWaiting = true
    }

    /// The message for a key the screen does not know.
    func unknown(_ line: String) {
        let typed = line.trimmingCharacters(in: .whitespaces)
        guard !typed.isEmpty else {
            notice(.error(words("Type one of the keys above and press Enter (h lists them).")))
            return
        }
        notice(.error(words("{typed} is not a key on this screen. Type h for the keys.", ["typed": LineText.echo(typed, words: words)])))
    }
}
