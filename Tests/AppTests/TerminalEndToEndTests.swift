import Foundation
import Testing
import TestSupport

@Suite("crash-assistant in a real terminal (tmux)", .ownThreads)
struct TerminalEndToEndTests {
    static let tmuxPath = Tmux.path

    @discardableResult
    private func tmux(_ socket: String, _ arguments: [String]) throws -> String {
        try Tmux(socket: socket).run(arguments)
    }

    /// Waits until the pane shows `text` (at most 20 s) and returns the pane.
    private func waitForScreen(_ socket: String, containing text: String) throws -> String {
        try Tmux(socket: socket).screen(containing: text)
    }

    @Test(.enabled(if: tmuxPath != nil, "tmux is not installed (make deps installs it)"))
    func aPersonTogglesAnInjuryAndQuitsInATerminal() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let socket = "crash-assistant-\(UUID().uuidString.prefix(8))"
        // The data goes in the test's folder, never in the data of the person running the tests.
        let command = "cd '\(folder.path)' && TZ=UTC XDG_DATA_HOME='\(folder.path)/data' '\(AppProcess.binary.path)'; "
            + "echo \"exit status $?\"; sleep 30"
        try tmux(socket, ["new-session", "-d", "-x", "120", "-y", "50", "-s", "app", command])
        defer { _ = try? tmux(socket, ["kill-server"]) }

        #expect(try waitForScreen(socket, containing: "q  Quit").contains("Assistance"))
        try tmux(socket, ["send-keys", "-t", "app", "1", "Enter"])
        #expect(try waitForScreen(socket, containing: "Press Enter to continue").contains("112"))
        try tmux(socket, ["send-keys", "-t", "app", "Enter"])
        #expect(try waitForScreen(socket, containing: "Collect Crash Info").contains("[ ] Who was injured?"))
        try tmux(socket, ["send-keys", "-t", "app", "1", "Enter"])
        _ = try waitForScreen(socket, containing: "Unsure")
        try tmux(socket, ["send-keys", "-t", "app", "5", "Enter"])
        #expect(try waitForScreen(socket, containing: "[x] No one").contains("[ ] Myself"))
        try tmux(socket, ["send-keys", "-t", "app", "d", "Enter"])
        let landing = try waitForScreen(socket, containing: "Who was injured? — No one")
        #expect(landing.contains("Who was injured? — No one"))
        try tmux(socket, ["send-keys", "-t", "app", "x", "Enter"])
        _ = try waitForScreen(socket, containing: "Save as draft")
        try tmux(socket, ["send-keys", "-t", "app", "s", "Enter"])
        _ = try waitForScreen(socket, containing: "saved. Open it again")
        try tmux(socket, ["send-keys", "-t", "app", "q", "Enter"])
        let end = try waitForScreen(socket, containing: "exit status")
        #expect(end.contains("Goodbye."))
        #expect(end.contains("exit status 0"))
    }

    @Test("Keys edit the line in a terminal: arrows, Home, history, Backspace over a multi-byte character; none becomes text, and the terminal is given back as it was",
          .enabled(if: tmuxPath != nil, "tmux is not installed (make deps installs it)"))
    func aLineIsEditedWithTheKeys() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let socket = "crash-assistant-\(UUID().uuidString.prefix(8))"
        let command = "cd '\(folder.path)' && TZ=UTC XDG_DATA_HOME='\(folder.path)/data' '\(AppProcess.binary.path)'; "
            + "echo \"exit status $?\"; stty -a | tr ' ' '\\n' | grep -E '^-?(icanon|echo)$' | tr '\\n' ' '; echo; sleep 30"
        try tmux(socket, ["new-session", "-d", "-x", "100", "-y", "50", "-s", "app", command])
        defer { _ = try? tmux(socket, ["kill-server"]) }

        _ = try waitForScreen(socket, containing: "q  Quit")
        // Up with nothing typed before: no escape code is echoed or refused.
        try tmux(socket, ["send-keys", "-t", "app", "Up", "Enter"])
        try tmux(socket, ["send-keys", "-t", "app", "1", "Enter"])
        _ = try waitForScreen(socket, containing: "Press Enter to continue")
        try tmux(socket, ["send-keys", "-t", "app", "Enter"])
        _ = try waitForScreen(socket, containing: "Collect Crash Info")
        try tmux(socket, ["send-keys", "-t", "app", "2", "Enter"])
        _ = try waitForScreen(socket, containing: "Additional note")
        try tmux(socket, ["send-keys", "-t", "app", "note abc", "Left", "Left", "Z", "Enter"])
        var screen = try waitForScreen(socket, containing: "Note saved.")
        #expect(screen.contains("      aZbc"), "\(screen)")
        // The line again from the history, changed at its start, and a two-byte letter removed with one Backspace.
        try tmux(socket, ["send-keys", "-t", "app", "Up", "Home", "Right", "Right", "Right", "Right", "Right", "X", "End", "é", "BSpace", "!", "Enter"])
        _ = try waitForScreen(socket, containing: "Replace the note")
        try tmux(socket, ["send-keys", "-t", "app", "y", "Enter"])
        screen = try waitForScreen(socket, containing: "XaZbc!")
        #expect(!screen.contains("[D") && !screen.contains("[A"), "\(screen)")
        #expect(!screen.contains("is not a key"), "\(screen)")
        try tmux(socket, ["send-keys", "-t", "app", "C-d"])
        let end = try waitForScreen(socket, containing: "exit status")
        #expect(end.contains("draft"))
        #expect(end.contains("exit status 0"))
        let modes = try waitForScreen(socket, containing: "icanon")
        #expect(modes.contains("icanon echo"), "the terminal was not given back: \(modes)")
    }

    @Test(.enabled(if: tmuxPath != nil, "tmux is not installed (make deps installs it)"),
          arguments: [(false, true), (true, false)])
    func titlesAreBoldInATerminalUnlessNoColourIsSet(noColour: Bool, expectsBold: Bool) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let socket = "crash-assistant-\(UUID().uuidString.prefix(8))"
        let setting = noColour ? "NO_COLOR=1" : "NO_COLOR="
        let command = "cd '\(folder.path)' && env \(setting) XDG_DATA_HOME='\(folder.path)/data' '\(AppProcess.binary.path)'; sleep 30"
        try tmux(socket, ["new-session", "-d", "-x", "120", "-y", "50", "-s", "app", command])
        defer { _ = try? tmux(socket, ["kill-server"]) }

        _ = try waitForScreen(socket, containing: "q  Quit")
        let styled = try tmux(socket, ["capture-pane", "-p", "-e", "-t", "app"])
        #expect(styled.contains("Assistance"))
        #expect(styled.contains("\u{1B}[1m") == expectsBold)
    }
}
