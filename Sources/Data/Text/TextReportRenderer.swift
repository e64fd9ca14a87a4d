import Domain
import Foundation

/// Writes the whole report as readable plain text: what "View crash report" prints in the terminal.
///
/// It draws the report's ``ReportOutline`` (the same words as the PDF): the title underlined, headings in
/// capitals, what belongs to a heading indented, fields aligned, paragraphs wrapped.
public struct TextReportRenderer: ReportRenderer {
    /// Lines are wrapped to this many characters.
    public static let width = 78

    public let format = RenderedReport.Format.plainText
    private let dates: DateText

    public init(timeZone: TimeZone = .current) {
        dates = DateText(timeZone: timeZone)
    }

    public func render(_ report: CrashReport) -> RenderedReport {
        RenderedReport(format: .plainText, bytes: Data(text(for: report).utf8))
    }

    /// The report as text, one trailing new line.
    public func text(for report: CrashReport) -> String {
        text(for: ReportOutline(report, dates: dates))
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

        for block in outline.blocks {
            switch block {
            case let .title(title, identifier):
                let heading = title.uppercased()
                lines += [heading, String(repeating: "=", count: min(Self.width, heading.count)), identifier.text]
            case let .fields(fields):
                let labelWidth = fields.map(\.label.count).max() ?? 0
                lines += fields.map { field in
                    indent() + "\(field.label):" + String(repeating: " ", count: labelWidth - field.label.count + 1) + field.value
                }
            case let .heading(title):
                blankLine()
                lines.append(title.uppercased())
                depth = 1
            case let .subheading(title):
                depth = 1
                lines.append(indent() + title)
                depth = 2
            case let .paragraph(text):
                let prefix = indent()
                lines += text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
                    Self.wrap(String(line), width: Self.width - prefix.count).map { prefix + $0 }
                }
            case let .list(items):
                lines += items.map { indent() + "- " + $0 }
            case let .photo(entry):
                lines.append(indent() + "\(entry.number). \(entry.description)")
            case .rule:
                blankLine()
                depth = 0
            }
        }
        return lines.joined(separator: "\n") + "\n"
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
