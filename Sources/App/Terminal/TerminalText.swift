#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ReportDocuments

/// Fits printed lines to the terminal's width, so a long line breaks between words and continues under
/// its own text instead of being cut mid-word by the terminal.
enum TerminalText {
    /// The terminal's width in columns, or `nil` when standard output is not a terminal.
    static func columns() -> Int? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 20 else { return nil }
        return Int(size.ws_col)
    }

    /// `line` broken between words into lines at most `width` terminal cells wide (``DisplayWidth``: a wide
    /// East Asian character takes two, a combining mark none; ANSI colour codes take no room).
    /// Continuation lines are indented to where the text starts: after the leading spaces and a short key
    /// such as `c` or `2.`. A word is never split, except a run of wide characters (Chinese, Japanese, Korean
    /// written without spaces) wider than a line, which breaks between its characters as those languages do.
    static func wrap(_ line: String, width: Int) -> [String] {
        guard visibleWidth(line) > width else { return [line] }
        let indent = String(repeating: " ", count: min(hangingIndent(of: line), width / 2))
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        let words = line.split(separator: " ", omittingEmptySubsequences: false)
            .flatMap { breakingWide(String($0), room: width - indent.count) }
        // Empty pieces are runs of spaces, kept as they are on the first line.
        for (index, word) in words.enumerated() {
            let wordWidth = visibleWidth(word.text)
            if index == 0 {
                current = word.text
                currentWidth = wordWidth
            } else if word.isGlued {
                // The next piece of a broken run of wide characters: no space between.
                if currentWidth + wordWidth > width, currentWidth > indent.count {
                    lines.append(trimmingTrailingSpaces(current))
                    current = indent + word.text
                    currentWidth = indent.count + wordWidth
                } else {
                    current += word.text
                    currentWidth += wordWidth
                }
            } else if wordWidth > 0, currentWidth > indent.count, currentWidth + 1 + wordWidth > width {
                lines.append(trimmingTrailingSpaces(current))
                current = indent + word.text
                currentWidth = indent.count + wordWidth
            } else if wordWidth == 0, !lines.isEmpty, currentWidth == indent.count {
                continue
            } else {
                current += " " + word.text
                currentWidth += 1 + wordWidth
            }
        }
        lines.append(current)
        return lines
    }

    /// A piece of a line between spaces; `isGlued` when it continues the piece before it with no space (a run
    /// of wide characters broken to fit).
    private struct Piece {
        let text: String
        let isGlued: Bool
    }

    /// `word` whole, or, when it is wider than `room` and holds wide characters, one piece per character (colour
    /// codes kept with the character before them), so the line is filled and broken between characters.
    /// A word of narrow letters stays whole (a long address or number is better whole on the next line).
    private static func breakingWide(_ word: String, room: Int) -> [Piece] {
        guard visibleWidth(word) > room,
              word.contains(where: { DisplayWidth.columns(of: $0) == 2 }) else { return [Piece(text: word, isGlued: false)] }
        var pieces: [String] = []
        var inEscape = false
        for character in word {
            if inEscape || character == "\u{1B}" || pieces.isEmpty || DisplayWidth.columns(of: character) == 0 {
                if pieces.isEmpty { pieces.append("") }
                pieces[pieces.count - 1].append(character)
            } else {
                pieces.append(String(character))
            }
            if character == "\u{1B}" { inEscape = true } else if inEscape, character == "m" { inEscape = false }
        }
        return pieces.enumerated().map { Piece(text: $1, isGlued: $0 > 0) }
    }

    private static func trimmingTrailingSpaces(_ text: String) -> String {
        var text = text
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }

    /// Cells the text takes on screen (``DisplayWidth``), leaving out `ESC [ … m` sequences.
    static func visibleWidth(_ text: some StringProtocol) -> Int {
        DisplayWidth.columns(of: stripped(text))
    }

    /// Help lines with every key padded to the widest, so the texts start in one column.
    static func keyColumns(_ rows: [(key: String, text: String)]) -> [String] {
        let width = rows.map { visibleWidth($0.key) }.max() ?? 0
        return rows.map { padded($0.key, to: width + 2) + $0.text }
    }

    /// `text` with spaces after it to fill `width` cells; a wider text is left whole, never cut.
    static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - visibleWidth(text)))
    }

    /// Leading spaces, plus a short first token (a key like `c`, `12` or `3.`) and the spaces after it.
    static func hangingIndent(of line: String) -> Int {
        let plain = stripped(line)
        let leading = plain.prefix { $0 == " " }.count
        let rest = plain.dropFirst(leading)
        let token = rest.prefix { $0 != " " }
        let gap = rest.dropFirst(token.count).prefix { $0 == " " }.count
        if (1...3).contains(token.count), gap > 0 {
            return leading + token.count + gap
        }
        return leading + 2
    }

    /// The text without its `ESC [ … m` sequences.
    private static func stripped(_ text: some StringProtocol) -> String {
        var result = ""
        var inEscape = false
        for character in text {
            if inEscape {
                if character == "m" { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
