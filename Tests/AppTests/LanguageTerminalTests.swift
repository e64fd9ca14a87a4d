import Foundation
import Testing
import TestSupport
import Wording

/// The app in a real terminal (tmux) whose locale is Hungarian: its menus, questions, errors and dates in Hungarian,
/// a date typed in Hungarian order, and the PDF it shares in Hungarian.
@Suite("The app in the terminal's language (tmux)", .serialized, .ownThreads)
struct LanguageTerminalTests {
    static let tmuxPath = Tmux.path

    private func wait(_ socket: String, for text: String) throws -> String {
        try Tmux(socket: socket).wait(for: text, scrollBack: 200)
    }

    private func type(_ socket: String, _ line: String) throws {
        try Tmux(socket: socket).type(line)
    }

    /// The product's English sentences of at least four words (placeholders cut out): none may be on a Hungarian
    /// screen. The key lists' syntax (`note <text>`) is not a sentence of four words.
    static let englishSentences: [String] = EnglishMessages.fragments(minimumWords: 4)

    @Test(.enabled(if: tmuxPath != nil, "tmux is not installed (make deps installs it)"))
    func hungarianFromLANG() throws {
        let hu = Languages.shipped.words("hu")
        let folder = TemporaryDirectory("language-terminal")
        let shared = folder.file("jelentes.pdf")
        let tmux = try Tmux.startApp(in: folder, environment: "LANG=hu_HU.UTF-8 LC_ALL= LC_MESSAGES= TZ=Europe/Budapest")
        defer { tmux.stop() }
        let socket = tmux.socket

        _ = try wait(socket, for: hu("Quit"))
        // A key the screen does not have: said in Hungarian.
        try type(socket, "zz")
        let refusal = hu("{typed} is not a key on this screen. Type h for the keys.", ["typed": "zz"])
        _ = try wait(socket, for: String(refusal.suffix(from: refusal.range(of: "zz")?.upperBound ?? refusal.startIndex).dropFirst(2)))
        try type(socket, "1")
        _ = try wait(socket, for: hu("Press Enter to continue."))
        try type(socket, "")
        _ = try wait(socket, for: ScreenWords(hu).category(.injuries))
        // Who was injured: the driver.
        try type(socket, "1")
        _ = try wait(socket, for: ScreenWords(hu).injury(.myself))
        try type(socket, "1")
        _ = try wait(socket, for: "[x] " + ScreenWords(hu).injury(.myself))
        try type(socket, "d")
        _ = try wait(socket, for: "[✓] " + ScreenWords(hu).category(.injuries))
        // When and where, the date in Hungarian order; its time written back as Hungarian writes it.
        try type(socket, "w 2026. 11. 21. 17:42 47.4979,19.0402 Andrássy út 12, Budapest")
        let scene = try wait(socket, for: "2026. nov. 21. 17:42")
        #expect(scene.contains("Andrássy út 12, Budapest"))
        // Create, in Hungarian, and share the PDF.
        try type(socket, "c")
        _ = try wait(socket, for: "y/n")
        try type(socket, "y")
        _ = try wait(socket, for: "s  ")
        _ = try wait(socket, for: "s  " + hu("Share crash report"))
        try type(socket, "s")
        _ = try wait(socket, for: ".pdf")
        try type(socket, "\"\(shared)\"")
        let done = try wait(socket, for: "jelentes.pdf")
        _ = try wait(socket, for: "b  ")
        try type(socket, "b")
        _ = try wait(socket, for: "q  " + hu("Quit"))
        try type(socket, "q")
        let screen = try wait(socket, for: "exit status 0")

        // Nothing of the product's English on any screen the driver saw.
        let flowing = screen.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let english = Self.englishSentences.filter { flowing.contains($0) }
        #expect(english.isEmpty, "English left on a Hungarian screen: \(english)\n\(done)")
        #expect(screen.contains(hu("Goodbye.")))

        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let text = try tools.text(shared).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains(hu("Crash report")) && text.contains(StatementWords(hu).injury(.myself)), "\(text)")
        #expect(text.contains("2026. nov. 21. 17:42"), "\(text)")
        #expect(try tools.notdefGlyphs(shared) == 0)
        #expect(!text.contains("Who was injured") && !text.contains("Page 1 of"), "\(text)")
        #expect(Self.englishSentences.filter { text.contains($0) }.isEmpty, "\(text)")
    }
}
