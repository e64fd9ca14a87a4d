import Domain
import Foundation
import Wording

/// Writes the whole report as readable plain text: what "View crash report" prints in the terminal.
///
/// It draws the report's ``ReportOutline`` (the same words as the PDF): the title underlined, headings in
/// capitals, what belongs to a heading indented, fields aligned, every line wrapped to ``width`` characters
/// (a line that goes on lines up under the text of its first line).
public struct TextReportRenderer: ReportRenderer {
    /// Lines are wrapped to this many characters.
    public static let width = 78

    public let format = RenderedReport.Format.plainText
    /// The zone times are written in; `nil`: the machine's, looked up when a report is written (not when the program
    /// starts, where finding it costs a noticeable part of the start).
    private let timeZone: TimeZone?
    private let words: Words

    public init(timeZone: TimeZone? = nil, words: Words = .english) {
        self.timeZone = timeZone
        self.words = words
    }

    public func render(_ report: CrashReport) -> RenderedReport {
        RenderedReport(format: .plainText, bytes: Data(text(for: report).utf8))
    }

    /// The report as text, one trailing new line.
    public func text(for report: CrashReport) -> String {
        text(for: ReportOutline(report, dates: DateText(timeZone: timeZone ?? .current), words: words))
    }

    /// An outline as text, one trailing new line.
    func text(for outline: ReportOutline) -> String {
        var lines: [String] = []
        /// How deep the blocks being drawn are: 0 at the top, 1 under a heading, 2 under a subheading.
        var depth = 0
        func indent(_ extra: Int = 0) -> String { String(repeating: "  ", count: depth + extra) }
        func blankLine() {
            if lines.last?.isEmpty == false { lines.append("") }
        }

        for block in outline.linearBlocks {
            switch block {
            case let .title(title, identifier):
                let heading = title.uppercased()
                lines += [heading, String(repeating: "=", count: min(Self.width, heading.count)), identifier.text]
            case let .fields(fields):
                let labelWidth = fields.map(\.label.count).max() ?? 0
                for field in fields {
                    let label = "\(field.label):".padding(toLength: labelWidth + 2, withPad: " ", startingAt: 0)
                    lines += Self.hanging(field.value, after: indent() + label)
                }
            case let .heading(title):
                blankLine()
                lines.append(title.uppercased())
                depth = 1
            case let .subheading(title):
                depth = 1
                lines += Self.hanging(title, after: indent())
                depth = 2
            case let .paragraph(text), let .closing(text):
                lines += text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
                    Self.hanging(String(line), after: indent())
                }
            case let .list(items):
                lines += items.flatMap { Self.hanging($0, after: indent() + "- ") }
            case let .photo(entry):
                lines += Self.hanging(entry.description, after: indent() + "\(entry.number). ")
            case .rule:
                blankLine()
                depth = 0
            case let .table(table):
                lines += Self.columns(table, indent: indent())
            case .impactDrawing:
                // The rows of the table say the points of impact in words.
                break
            case .pageBreak, .statementForm:
                // (The form is read as its blocks, above.)
                blankLine()
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A table as columns: the labels, then each vehicle's values, each wrapped in its column; a dash for a value not
    /// given. Columns are measured in display columns (``DisplayWidth``: a wide character takes two), and a word wider
    /// than its column is broken, so at least two spaces always part one column from the next.
    private static func columns(_ table: ReportTable, indent: String) -> [String] {
        let room = width - indent.count
        let valueWidth = max(12, (room - 2 * (table.header.count - 1)) * 3 / 10)
        let labelWidth = room - (valueWidth + 2) * (table.header.count - 1)
        var lines: [String] = []
        for (index, row) in ([table.header] + table.rows).enumerated() {
            let cells = row.enumerated().map { column, text -> [String] in
                let shown = text.isEmpty && index > 0 && column > 0 ? "—" : text
                return shown.split(separator: "\n", omittingEmptySubsequences: false)
                    .flatMap { cellLines(String($0), width: column == 0 ? labelWidth : valueWidth) }
            }
            let height = cells.map(\.count).max() ?? 0
            for line in 0..<height {
                var text = indent
                for (column, cell) in cells.enumerated() {
                    let part = line < cell.count ? cell[line] : ""
                    let width = column == 0 ? labelWidth : valueWidth
                    text += column == cells.count - 1 ? part : DisplayWidth.padded(part, to: width + 2)
                }
                lines.append(String(text.reversed().drop(while: { $0 == " " }).reversed()))
            }
        }
        return lines
    }

    /// A cell's line broken at spaces into lines at most `width` display columns wide; a word wider than that is
    /// broken where it reaches the width (an e-mail address goes on on the next line).
    static func cellLines(_ line: String, width: Int) -> [String] {
        guard DisplayWidth.columns(of: line) > width else { return [line] }
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            var word = Substring(word)
            var wordWidth = DisplayWidth.columns(of: word)
            if !current.isEmpty, currentWidth + 1 + wordWidth <= width {
                current += " " + word
                currentWidth += 1 + wordWidth
                continue
            }
            if !current.isEmpty {
                lines.append(current)
                current = ""
                currentWidth = 0
            }
            while wordWidth > width {
                // As much as fits; after an `@`, `.`, `-`, `/` or `_` in its second half when there is one.
                var end = word.startIndex
                var endWidth = 0
                var mark: (end: Substring.Index, width: Int)?
                while end < word.endIndex {
                    let next = DisplayWidth.columns(of: word[end])
                    guard endWidth + next <= width || endWidth == 0 else { break }
                    let character = word[end]
                    end = word.index(after: end)
                    endWidth += next
                    if "@.-/_".contains(character), endWidth * 2 >= width { mark = (end, endWidth) }
                }
                if let mark, end < word.endIndex { (end, endWidth) = mark }
                lines.append(String(word[..<end]))
                word = word[end...]
                wordWidth -= endWidth
            }
            current = String(word)
            currentWidth = wordWidth
        }
        lines.append(current)
        return lines
    }

    /// `text` wrapped to the width after `prefix`: the first line starts with it, the others line up under the text.
    private static func hanging(_ text: String, after prefix: String) -> [String] {
        let hang = String(repeating: " ", count: prefix.count)
        return wrap(text, width: width - prefix.count).enumerated().map { index, line in
            (index == 0 ? prefix : hang) + line
        }
    }

    /// Breaks a line at spaces so no piece is longer than `width` characters (a longer word stands alone).
    static func wrap(_ line: String, width: Int) -> [String] {
        guard line.count > width else { return [line] }
        var lines: [String] = []
        var current = ""
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        lines.append(current)
        return lines
    }
}
