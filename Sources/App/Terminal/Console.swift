import ArgumentParser
import Foundation
import Presentation
import Wording
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the screens to standard output, unbuffered, so a prompt shows before the app waits and nothing
/// is lost when it exits. Colour only when standard output is a terminal and `NO_COLOR` is not set.
@MainActor
final class Console {
    enum Style: String {
        case title = "1"
        case dim = "2"
        case good = "32"
        case bad = "31"
        case key = "36"
    }

    let usesColour: Bool
    /// The terminal's width, to break long lines between words; `nil` when not writing to a terminal.
    let columns: Int?
    /// Draws prompts and the line being typed in a terminal; `nil` over a pipe.
    let editor: TerminalLineEditor?
    /// The language the screens speak, for what the console words itself (errors, options not available).
    let words: Words

    init(
        usesColour: Bool = Console.colourWanted(), columns: Int? = TerminalText.columns(), editor: TerminalLineEditor? = nil,
        words: Words
    ) {
        self.usesColour = usesColour
        self.columns = columns
        self.editor = editor
        self.words = words
    }

    /// Whether standard output is a terminal and `NO_COLOR` is unset (or empty).
    nonisolated static func colourWanted() -> Bool {
        let noColour = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return !noColour && isatty(STDOUT_FILENO) == 1
    }

    func line(_ text: String = "") {
        guard let columns else { return emit(text) }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            for piece in TerminalText.wrap(String(line), width: columns) { emit(piece) }
        }
    }

    private func emit(_ line: String) {
        if let editor { editor.printLine(line) } else { Self.standardOutput(line) }
    }

    /// Nothing more is read after the prompt on screen: later lines go below it.
    func leavePrompt() {
        editor?.leavePrompt()
    }

    /// A prompt: text without a new line, after which the typed line is read.
    func write(_ text: String) {
        if let editor { return editor.showPrompt(text) }
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    func styled(_ text: String, _ style: Style) -> String {
        usesColour ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    func title(_ text: String) {
        line()
        line(styled(text, .title))
        // Underlined as wide as it is shown: a title wider than the terminal is broken, and so is not its line.
        let shown = columns.map { TerminalText.wrap(text, width: $0) } ?? [text]
        line(styled(String(repeating: "─", count: shown.map(TerminalText.visibleWidth).max() ?? 0), .dim))
    }

    /// A message; an error told by its cause in the app's words (``AppErrorText``).
    func message(_ message: UiMessage) {
        switch message.kind {
        case .info: line(styled(message.text, .good))
        case .error: line(styled("! " + (message.cause.map { AppErrorText.sentence(for: $0, words: words) } ?? message.text), .bad))
        }
    }

    /// Option lines with their keys in one column.
    func options(_ list: [MenuOption]) {
        let width = list.map(\.key.count).max() ?? 1
        for option in list { self.option(option, keyWidth: width) }
    }

    /// One option line: `  k  Title`, dimmed with its reason when disabled.
    func option(_ option: MenuOption, keyWidth: Int = 1) {
        let padding = String(repeating: " ", count: max(0, keyWidth - option.key.count))
        let key = styled(option.key, .key) + padding
        if option.isEnabled {
            line("  \(key)  \(option.title)")
        } else {
            let text = words("{option} — not available: {reason}", ["option": option.title, "reason": option.disabledReason ?? ""])
            line("  \(key)  " + styled(text, .dim))
        }
    }

    // MARK: - Outside the interactive app

    nonisolated static func standardOutput(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    nonisolated static func standardError(_ text: String) {
        FileHandle.standardError.write(Data(("crash-assistant: " + text + "\n").utf8))
    }

    /// Runs `body`; on failure prints the message and ends with its status.
    nonisolated static func exitOnFailure<Value>(_ body: () throws(Environment.Failure) -> Value) throws -> Value {
        do {
            return try body()
        } catch {
            standardError(error.description)
            throw ExitCode(error.exitCode)
        }
    }
}
