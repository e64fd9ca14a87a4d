import Data
import ReportDocuments
/// Draws the line being edited on the terminal's one row after the prompt: when the line is wider than the room left,
/// the part around the cursor is shown (the view scrolls sideways), so a long line never wraps and the row can always
/// be drawn again in place.
struct LineView: Sendable {
    /// The first character shown.
    private(set) var scroll = 0

    /// What to write to draw `prompt` and the line with the cursor at its place, for a terminal `width` columns wide.
    mutating func render(prompt: String, buffer: LineBuffer, width: Int) -> String {
        let promptWidth = TerminalText.visibleWidth(prompt)
        // At least a few columns for the text, even beside a long prompt.
        let room = max(8, width - promptWidth - 1)
        let widths = buffer.characters.map(Self.columns(of:))
        let cursor = buffer.cursor
        scroll = min(scroll, cursor)
        // Keep the cursor on screen: the text before it, from `scroll`, fits with a column to spare.
        var before = widths[scroll..<cursor].reduce(0, +)
        while before > room - 1, scroll < cursor {
            before -= widths[scroll]
            scroll += 1
        }
        var shown = ""
        var used = 0
        var index = scroll
        while index < buffer.characters.count, used + widths[index] <= room {
            shown.append(buffer.characters[index])
            used += widths[index]
            index += 1
        }
        let column = promptWidth + before
        return "\r" + prompt + shown + "\u{1B}[K" + "\r" + (column > 0 ? "\u{1B}[\(column)C" : "")
    }

    /// The view starts again at the left (a new line).
    mutating func reset() {
        scroll = 0
    }

    /// The columns a character takes in a terminal (``DisplayWidth``): two for wide East Asian characters and emoji,
    /// else one — here at least one, as the line being edited draws every character it holds.
    static func columns(of character: Character) -> Int {
        max(DisplayWidth.columns(of: character), 1)
    }
}
