@testable import App
import Testing

@Suite("Editing a typed line in a terminal")
struct LineEditingTests {
    /// The keys `bytes` decode to.
    private func keys(_ bytes: [UInt8]) -> [EditKey] {
        var decoder = KeyDecoder()
        return bytes.compactMap { decoder.feed($0) }
    }

    private func keys(_ text: String) -> [EditKey] { keys(Array(text.utf8)) }

    /// The line after typing `input` (bytes as a terminal sends them), and what Enter submits.
    private func typed(_ input: String, history: [String] = []) -> (text: String, cursor: Int, submitted: [String]) {
        var buffer = LineBuffer()
        for line in history {
            for key in keys(line) { _ = buffer.apply(key) }
            _ = buffer.apply(.enter)
        }
        var submitted: [String] = []
        for key in keys(input) {
            if case let .submitted(line) = buffer.apply(key) { submitted.append(line) }
        }
        return (buffer.text, buffer.cursor, submitted)
    }

    @Test("Arrow keys move in the line instead of becoming text")
    func arrowsMove() {
        let result = typed("note abc\u{1B}[D\u{1B}[DZ\r")
        #expect(result.submitted == ["note aZbc"])
        #expect(typed("abc\u{1B}OD\u{1B}OD\u{1B}[CZ").text == "abZc")
    }

    @Test("Home and End in each form a terminal sends, and Ctrl-A / Ctrl-E")
    func homeAndEnd() {
        for home in ["\u{1B}[H", "\u{1B}OH", "\u{1B}[1~", "\u{1B}[7~", "\u{01}"] {
            for end in ["\u{1B}[F", "\u{1B}OF", "\u{1B}[4~", "\u{1B}[8~", "\u{05}"] {
                #expect(typed("bc\(home)a\(end)d").text == "abcd", "\(home.debugDescription) \(end.debugDescription)")
            }
        }
    }

    @Test("Backspace and Delete remove whole characters, however many bytes and code points they take")
    func backspaceRemovesCharacters() {
        #expect(typed("Dvořák\u{7F}\u{7F}").text == "Dvoř")
        #expect(typed("東京🚗\u{7F}").text == "東京")
        #expect(typed("e\u{301}x\u{08}\u{08}").text == "")
        #expect(typed("abc\u{1B}[D\u{1B}[D\u{1B}[3~").text == "ac")
        #expect(typed("👩‍👩‍👧\u{7F}ok").text == "ok")
    }

    @Test("Up and Down bring back earlier lines and then the line being typed")
    func history() {
        let earlier = ["note first", "w 17:42"]
        #expect(typed("\u{1B}[A", history: earlier).text == "w 17:42")
        #expect(typed("\u{1B}[A\u{1B}[A", history: earlier).text == "note first")
        #expect(typed("\u{1B}[A\u{1B}[A\u{1B}[A", history: earlier).text == "note first")
        #expect(typed("draft\u{1B}[A\u{1B}[B", history: earlier).text == "draft")
        #expect(typed("\u{1B}[A!\r", history: earlier).submitted == ["w 17:42!"])
        // Up with no history at a prompt does nothing: no escape code is echoed or submitted.
        #expect(typed("\u{1B}[A\r").submitted == [""])
    }

    @Test("Ctrl-U, Ctrl-K and Ctrl-W delete; Ctrl-arrows and Alt-b / Alt-f move by words")
    func deletingAndWords() {
        #expect(typed("one two three\u{17}").text == "one two ")
        #expect(typed("one two\u{1B}[1;5D\u{0B}").text == "one ")
        #expect(typed("one two\u{1B}b\u{15}").text == "two")
        #expect(typed("one two\u{01}\u{1B}f!").text == "one! two")
        #expect(typed("one two\u{01}\u{1B}[1;5C!").text == "one! two")
    }

    @Test("Escape, Tab, the bell and unknown sequences never become text", arguments: [
        "\u{1B}", "\t", "\u{07}", "\u{1B}[2J", "\u{1B}[15~", "\u{1B}OP", "\u{1B}[200~", "\u{1B}[31m", "\u{85}", "\u{202E}",
    ])
    func controlsAreDropped(sequence: String) {
        let result = typed("a\(sequence)x")
        #expect(result.text.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) })
        #expect(!result.text.contains("["))
        #expect(result.text == "ax")
    }

    @Test("Ctrl-D ends the input on an empty line, and deletes under the cursor otherwise")
    func controlD() {
        var buffer = LineBuffer()
        #expect(buffer.apply(.endOfInput) == .endOfInput)
        for key in keys("ab\u{1B}[D") { _ = buffer.apply(key) }
        #expect(buffer.apply(.endOfInput) == .edited)
        #expect(buffer.text == "a")
    }

    @Test("A line wider than the terminal scrolls sideways around the cursor, wide characters counted as two columns")
    func longLinesScroll() {
        var buffer = LineBuffer()
        for key in keys(String(repeating: "word ", count: 100)) { _ = buffer.apply(key) }
        var view = LineView()
        let atEnd = view.render(prompt: "> ", buffer: buffer, width: 40)
        #expect(atEnd.hasPrefix("\r> "))
        let shown = atEnd.dropFirst(3).prefix { $0 != "\u{1B}" }
        #expect(shown.count <= 37)
        #expect(atEnd.hasSuffix("\r\u{1B}[\(2 + shown.count)C"))
        _ = buffer.apply(.home)
        let atStart = view.render(prompt: "> ", buffer: buffer, width: 40)
        #expect(atStart.hasPrefix("\r> word word"))
        #expect(atStart.hasSuffix("\r\u{1B}[2C"))
        #expect(LineView.columns(of: "東") == 2)
        #expect(LineView.columns(of: "🚗") == 2)
        #expect(LineView.columns(of: "é") == 1)
    }
}
