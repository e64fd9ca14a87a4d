#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// `line` broken between words into lines at most `width` columns wide (ANSI colour codes take no room).
    /// Continuation lines are indented to where the text starts: after the leading spaces and a short key
    /// such as `c` or `2.`. A word longer than the width is left whole.
    static func wrap(_ line: String, width: Int) -> [String] {
        guard visibleWidth(line) > width else { return [line] }
        let indent = String(repeating: " ", count: min(hangingIndent(of: line), width / 2))
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        // Empty pieces are runs of spaces, kept as they are on the first line.
        for (index, word) in line.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            let wordWidth = visibleWidth(word)
            if index == 0 {
                current = String(word)
                currentWidth = wordWidth
            } else if wordWidth > 0, currentWidth > indent.count, currentWidth + 1 + wordWidth > width {
                lines.append(trimmingTrailingSpaces(current))
                current = indent + word
                currentWidth = indent.count + wordWidth
            } else if wordWidth == 0, !lines.isEmpty, currentWidth == indent.count {
                continue
            } else {
                current += " " + word
                currentWidth += 1 + wordWidth
            }
        }
        lines.append(current)
        return lines
    }

    private static func trimmingTrailingSpaces(_ text: String) -> String {
        var text = text
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }

    /// Columns the text takes on screen: characters outside `ESC [ … m` sequences.
    static func visibleWidth(_ text: some StringProtocol) -> Int {
        stripped(text).count
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
