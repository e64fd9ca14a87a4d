import Foundation
import Testing
import TestSupport
import Wording

/// A tmux server of the test's own (its socket name), to run the app in a real terminal and read its screen.
struct Tmux {
    static let path = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }

    let socket: String

    /// Starts the app in a `width` × 60 terminal of a tmux server of its own, in `folder` on its `reports.sqlite`, with
    /// `environment` set for it (`LANG=de_DE.UTF-8 TZ=UTC`); when the app ends the pane shows `exit status N` for 30 s.
    /// Stop the server with ``stop()`` when the test is done.
    static func startApp(in folder: TemporaryDirectory, environment: String, width: Int = 130) throws -> Tmux {
        let tmux = Tmux(socket: "app-\(UUID().uuidString.prefix(8))")
        let database = folder.file("reports.sqlite")
        let command = "cd '\(folder.path)' && \(environment) '\(AppProcess.binary.path)' --database '\(database)'; echo \"exit status $?\"; sleep 30"
        try tmux.run(["new-session", "-d", "-x", String(width), "-y", "60", "-s", "app", command])
        return tmux
    }

    /// Ends the tmux server and the app in it.
    func stop() {
        _ = try? run(["kill-server"])
    }

    /// Runs a tmux command on this server; returns what it printed when it is `capture-pane`.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        try DetachedCommand.run(Self.path ?? "tmux", ["-L", socket] + arguments, capturing: arguments.first == "capture-pane")
    }

    /// Waits until the pane (with `scrollBack` lines above it) shows `text` (at most 20 s) and returns it once it has
    /// stopped changing: the app writes a screen in several writes, and a busy machine shows the first lines of one
    /// before its last.
    func screen(containing text: String, scrollBack: Int = 0) throws -> String {
        let deadline = Date().addingTimeInterval(20)
        var screen = ""
        let history = scrollBack > 0 ? ["-J", "-S", "-\(scrollBack)"] : []
        while Date() < deadline {
            screen = try run(["capture-pane", "-p"] + history + ["-t", "app"])
            if screen.contains(text) {
                let settled = Date().addingTimeInterval(2)
                while Date() < settled {
                    Thread.sleep(forTimeInterval: 0.05)
                    let again = try run(["capture-pane", "-p"] + history + ["-t", "app"])
                    if again == screen { break }
                    screen = again
                }
                return screen
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return screen
    }

    /// Waits until the pane (with `scrollBack` lines above it) shows `text` and returns it; records an issue when it
    /// never does.
    func wait(for text: String, scrollBack: Int = 60) throws -> String {
        let screen = try screen(containing: text, scrollBack: scrollBack)
        if !screen.contains(text) { Issue.record("the terminal never showed “\(text)”:\n\(screen)") }
        return screen
    }

    /// From the Assistance menu in the app's language: a new report (past the checklist), then its accident
    /// statement's overview.
    func openNewStatement(_ words: Words = .english) throws {
        _ = try wait(for: "q  " + words("Quit"), scrollBack: 80)
        for line in ["1", ""] { try type(line) }
        _ = try wait(for: "4  [ ] " + ScreenWords(words).category(.accidentStatement), scrollBack: 80)
        try type("4")
        _ = try wait(for: words("Open a part"), scrollBack: 80)
    }

    /// Types a line into the app's pane and presses Enter.
    func type(_ line: String) throws {
        if !line.isEmpty { try run(["send-keys", "-t", "app", "-l", line]) }
        try run(["send-keys", "-t", "app", "Enter"])
    }
}
