import Domain
import Foundation
import Presentation
import ReportDocuments
import Testing
import TestSupport
import Wording

/// Lines laid out by the cells a terminal gives them, in a real 60-column terminal (tmux) whose locale is German or
/// Polish: a Chinese note and the replace question after it are broken by the app between words (the terminal never
/// has to break a line), and the report list's translated status is shown whole.
@Suite("Text laid out in terminal cells (tmux)", .serialized, .ownThreads)
struct TerminalLayoutTerminalTests {
    static let tmuxPath = Tmux.path
    static let width = 60

    @Test(.enabled(if: tmuxPath != nil, "tmux is not installed (make deps installs it)"), arguments: [("de_DE", "de"), ("pl_PL", "pl")])
    func aWideNoteAndATranslatedStatusFitTheTerminal(_ locale: String, _ language: String) throws {
        let words = Languages.shipped.words(language)
        let folder = TemporaryDirectory("terminal-layout")
        let tmux = try Tmux.startApp(in: folder, environment: "LANG=\(locale).UTF-8 LC_ALL= LC_MESSAGES= TZ=Europe/Berlin", width: Self.width)
        defer { tmux.stop() }
        func wait(_ text: String) throws -> String { try tmux.wait(for: text, scrollBack: 120) }

        _ = try wait(words("Quit"))
        try tmux.type("1")
        _ = try wait(words("Press Enter to continue."))
        try tmux.type("")
        _ = try wait(ScreenWords(words).category(.otherDriver))
        try tmux.type("2")
        _ = try wait("note <text>")
        let note = String(repeating: "后保险杠裂了，车灯碎了。", count: 4)
        try tmux.type("note " + note)
        _ = try wait(words("Additional note"))
        try tmux.type("note ok")
        // The question in the language, after the note: every line the app wrote fits the row (the pane is read with
        // wrapped rows joined, so a row the terminal had to break would show wider), and no word of it is split.
        let question = words("Replace the note {old} with {new}? Type y to replace it, n to keep it.", ["old": "\u{1}", "new": "\u{2}"])
        let tail = String(question.split(separator: "\u{2}").last!)
        let screen = try tmux.screen(containing: String(tail.suffix(12)), scrollBack: 120)
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines { #expect(DisplayWidth.columns(of: line) <= Self.width, "wider than the terminal: \(line)") }
        let shownWords = Set(lines.flatMap { $0.split(separator: " ") }.map(String.init))
        // The first piece (the question mark after the new note) is glued to the note as shown.
        for word in tail.split(separator: " ").dropFirst() {
            #expect(shownWords.contains(String(word)), "“\(word)” is split:\n\(screen)")
        }
        try tmux.type("y")
        _ = try wait(words("Done"))
        try tmux.type("d")
        _ = try wait(words("Create crash report"))
        try tmux.type("c")
        _ = try wait("y/n >")
        try tmux.type("y")
        _ = try wait(words("Back to Assistance"))
        try tmux.type("b")
        _ = try wait(words("View crash reports"))
        try tmux.type("2")
        let completed = ScreenWords(words).status(.completed)
        let list = try wait(" \(completed) ")
        #expect(list.contains("CR-"), "\(list)")
    }
}
