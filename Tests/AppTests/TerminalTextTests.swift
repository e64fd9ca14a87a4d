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
}
