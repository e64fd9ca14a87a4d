import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Edits typed lines when standard input and output are a terminal: the arrow keys, Home and End move in the line,
/// Backspace and Delete remove whole characters, Up and Down bring back earlier lines, Ctrl-U, Ctrl-K and Ctrl-W
/// delete, Ctrl-D on an empty line ends the input; nothing a key sends as an escape code becomes text. Ctrl-C, and the
/// stop signals, still reach the app as signals.
///
/// The terminal is put in non-canonical mode without echo while the app runs, and restored when it ends (also
/// when it ends by `exit`). Output the app prints while a prompt waits is drawn above the line being typed, which is
/// then drawn again as it was.
final class TerminalLineEditor: Sendable {
    private struct State: Sendable {
        var buffer = LineBuffer()
        var view = LineView()
        var decoder = KeyDecoder()
        /// The prompt on screen, on its own row with the line being typed; `nil` while the app writes a screen.
        var prompt: String?
    }

    private let state = Mutex(State())

    /// Whether standard input and standard output are both a terminal.
    static var isAvailable: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// Puts the terminal in the mode the editor needs; `nil` when it cannot be (not a terminal).
    init?() {
        guard Self.isAvailable, TerminalMode.enterRaw() else { return nil }
    }

    /// Gives the terminal back as it was. Safe to call more than once.
    func restoreTerminal() {
        TerminalMode.restore()
    }

    // MARK: - Reading (its own thread)

    /// Reads keys until a line is done, the input ends, or reading fails: `nil` then.
    func readLine() -> String? {
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { return nil }
            let outcome = state.withLock { state -> LineBuffer.Outcome? in
                guard let key = state.decoder.feed(byte) else { return nil }
                let outcome = state.buffer.apply(key)
                switch outcome {
                case .edited:
                    if let prompt = state.prompt { Self.write(state.view.render(prompt: prompt, buffer: state.buffer, width: Self.width())) }
                case .submitted, .endOfInput:
                    if state.prompt != nil { Self.write("\r\n") }
                    state.prompt = nil
                    state.view.reset()
                }
                return outcome
            }
            switch outcome {
            case let .submitted(line)?: return line
            case .endOfInput?: return nil
            case .edited?, nil: continue
            }
        }
    }

    // MARK: - Writing (the app)

    /// Shows a prompt (text without a new line) and, after it, what is typed so far.
    func showPrompt(_ text: String) {
        state.withLock { state in
            var prompt = Substring(text)
            if let newline = text.lastIndex(of: "\n") {
                Self.write((state.prompt != nil ? "\r\u{1B}[K" : "") + String(text[...newline]))
                state.prompt = nil
                prompt = text[text.index(after: newline)...]
            }
            // A prompt too wide for the row is broken between words; its last line stays beside the typed text.
            let width = Self.width()
            let pieces = TerminalText.wrap(String(prompt), width: max(20, width - 8))
            if pieces.count > 1 {
                Self.write((state.prompt != nil ? "\r\u{1B}[K" : "") + pieces.dropLast().joined(separator: "\n") + "\n")
                prompt = Substring(pieces[pieces.count - 1])
            }
            state.prompt = String(prompt)
            Self.write(state.view.render(prompt: String(prompt), buffer: state.buffer, width: width))
        }
    }

    /// Prints a line; while a prompt waits, above it, drawing the prompt and the line being typed again below.
    func printLine(_ text: String) {
        state.withLock { state in
            guard let prompt = state.prompt else { return Self.write(text + "\n") }
            Self.write("\r\u{1B}[K" + text + "\n" + state.view.render(prompt: prompt, buffer: state.buffer, width: Self.width()))
        }
    }

    /// What was typed on the line and not yet entered, taken from it (the line is then empty): the app is stopping and
    /// keeps it as the answer being asked for.
    func takeTyped() -> String {
        state.withLock { state in
            let typed = String(state.buffer.characters)
            state.buffer = LineBuffer()
            return typed
        }
    }

    /// Leaves the prompt on screen as it is and moves below it: nothing more is read after it (the app stops).
    func leavePrompt() {
        state.withLock { state in
            if state.prompt != nil { Self.write("\r\n") }
            state.prompt = nil
        }
    }

    // MARK: - The terminal

    private static func width() -> Int {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    private static func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}

/// The terminal's modes: non-canonical without echo for the editor, and the modes it had, put back at the end.
private enum TerminalMode {
    /// The modes before the editor changed them. Written once before the editor starts reading and read by the exit
    /// handler, which C calls with no context to capture: a global is the only place it can find them.
    nonisolated(unsafe) private static var saved: termios? // safe: written once before reading starts, then only read

    static func enterRaw() -> Bool {
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return false }
        var raw = original
        // Keys one at a time, not echoed; Ctrl-C and Ctrl-Z still signals; Ctrl-S and Ctrl-Q not flow control; Enter
        // as it is (the editor takes CR and LF alike).
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | IGNCR)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        saved = original
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else {
            saved = nil
            return false
        }
        atexit { TerminalMode.restore() }
        return true
    }

    static func restore() {
        guard var original = saved else { return }
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &original)
    }
}
