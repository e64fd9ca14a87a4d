@testable import App
import Testing

@Suite("Long lines fitted to the terminal")
struct TerminalTextTests {
    @Test func aLongOptionBreaksBetweenWordsAndContinuesUnderItsText() {
        let line = "  c  Create crash report — not available: add at least one piece of information first"
        let lines = TerminalText.wrap(line, width: 40)
        #expect(lines == [
            "  c  Create crash report — not",
            "     available: add at least one piece",
            "     of information first",
        ])
    }

    @Test func aNumberedLineContinuesUnderItsText() {
        let lines = TerminalText.wrap("  2. Check whether anyone is hurt and call 112", width: 30)
        #expect(lines == ["  2. Check whether anyone is", "     hurt and call 112"])
    }

    @Test func colourCodesTakeNoRoomAndAShortLineIsLeftAlone() {
        let styled = "  \u{1B}[36mc\u{1B}[0m  Create crash report"
        #expect(TerminalText.visibleWidth(styled) == 24)
        #expect(TerminalText.wrap(styled, width: 24) == [styled])
    }

    @Test func aWordWiderThanTheTerminalIsLeftWhole() {
        let path = "/very/long/path/to/crash-report-CR-AAAA2222.pdf"
        #expect(TerminalText.wrap("  Document: " + path, width: 20) == ["  Document:", "    " + path])
    }

    /// A Chinese note takes two cells a character: the question after it is measured in cells, so the terminal never
    /// has to break it; the note itself breaks between its characters, the English words after it never.
    @Test func aWideNoteIsMeasuredInCellsAndTheQuestionAfterItBreaksBetweenWords() {
        let note = String(repeating: "保险杠裂了", count: 6)
        let line = "Replace the note \u{201C}\(note)\u{201D} with \u{201C}ok\u{201D}? Type y to replace it, n to keep it."
        let lines = TerminalText.wrap(line, width: 40)
        for piece in lines { #expect(TerminalText.visibleWidth(piece) <= 40, "\(piece)") }
        // Every word of the question is whole on some line.
        let words = lines.flatMap { $0.split(separator: " ") }.map(String.init)
        for word in ["Type", "y", "to", "replace", "it,", "n", "keep", "it."] { #expect(words.contains(word), "\(word) split: \(lines)") }
        #expect(lines.joined().filter { $0 != " " } == line.filter { $0 != " " })
        // The note fills the first line rather than starting a new one.
        #expect(TerminalText.visibleWidth(lines[0]) >= 38)
    }

    @Test func aPolishQuestionBreaksBetweenWordsOnly() {
        let line = "Zastąpić notatkę \u{201E}\(String(repeating: "保险杠", count: 5))\u{201D} tekstem \u{201E}ok\u{201D}? "
            + "Proszę wpisać y, aby ją zastąpić, lub n, aby ją zachować."
        for width in 30...60 {
            let lines = TerminalText.wrap(line, width: width)
            for piece in lines { #expect(TerminalText.visibleWidth(piece) <= width) }
            #expect(lines.flatMap { $0.split(separator: " ") }.filter { $0 == "ją" }.count == 2, "width \(width): \(lines)")
        }
    }

    @Test func combiningMarksTakeNoCell() {
        // "ą" written as a and a combining ogonek is one cell.
        #expect(TerminalText.visibleWidth("a\u{0328}by") == 3)
        #expect(TerminalText.visibleWidth("事故") == 4)
    }

    @Test func aColumnIsPaddedToItsWidestWordAndNeverCut() {
        #expect(TerminalText.padded("Abgeschlossen", to: 9) == "Abgeschlossen")
        #expect(TerminalText.padded("Entwurf", to: 13) == "Entwurf      ")
        #expect(TerminalText.padded("草稿", to: 6) == "草稿  ")
        let rows = TerminalText.keyColumns([("add <1> <file>", "Add"), ("remove <1> <n>", "Remove"), ("d", "Done")])
        #expect(rows == ["add <1> <file>  Add", "remove <1> <n>  Remove", "d               Done"])
    }
}
