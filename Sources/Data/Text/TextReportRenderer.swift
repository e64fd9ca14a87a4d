import Domain
import Foundation

/// Writes the whole report as readable plain text: what "View crash report" prints in the terminal.
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
        var lines: [String] = []
        let title = "CRASH REPORT \(report.crashID)"
        lines.append(title)
        lines.append(String(repeating: "=", count: min(Self.width, title.count)))
        if let completedAt = report.completedAt, report.isCompleted {
            lines.append("Status: Completed, created \(dates.dateTime(completedAt))")
        } else {
            lines.append("Status: Draft (not yet created), last changed \(dates.dateTime(report.updatedAt))")
        }

        lines += heading("When and where")
        let effective = report.effectiveScene
        let source = effective.sourceNote.map { " (\($0))" } ?? ""
        lines.append("  When:  \(dates.dateTime(effective.scene.occurredAt))\(source)")
        if let place = effective.scene.locationText {
            lines.append("  Where: \(place)\(source)")
        } else {
            lines.append("  Where: not given")
        }

        lines += heading(InfoCategory.injuries.displayName)
        if report.injuries.isEmpty {
            lines.append("  Not answered")
        } else {
            lines += report.injuries.selected.map { "  - \($0.displayName)" }
        }

        lines += heading(InfoCategory.otherDriver.displayName)
        for section in InfoCategory.otherDriver.photoSections {
            lines += photoLines(report.photos(in: section), section: section)
        }
        lines.append("  Additional note:")
        if report.hasNote {
            lines += report.otherDriverNote.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
                Self.wrap(String(line), width: Self.width - 4).map { "    \($0)" }
            }
        } else {
            lines.append("    none")
        }

        lines += heading(InfoCategory.yourInfo.displayName)
        for section in InfoCategory.yourInfo.photoSections {
            lines += photoLines(report.photos(in: section), section: section)
        }

        lines.append("")
        lines.append(report.isCompleted
            ? "Report \(report.crashID), generated \(dates.dateTime(report.completedAt ?? report.updatedAt)) by Crash Assistant."
            : "Preview of draft \(report.crashID); create the crash report to complete it.")
        return lines.joined(separator: "\n") + "\n"
    }

    private func heading(_ title: String) -> [String] {
        ["", title.uppercased()]
    }

    private func photoLines(_ photos: [Photo], section: PhotoSection) -> [String] {
        guard !photos.isEmpty else { return ["  \(section.displayName): no photos"] }
        let count = photos.count == 1 ? "1 photo" : "\(photos.count) photos"
        return ["  \(section.displayName): \(count)"] + photos.enumerated().map { index, photo in
            var line = "    \(index + 1). \(photo.originalFileName) — \(photo.mediaType.displayName), "
                + "\(ByteCountText.describe(photo.byteCount)), \(photo.orientation.uprightSize(of: photo.pixelSize)) px, added \(dates.dateTime(photo.addedAt))"
            if let takenAt = photo.takenAt { line += ", taken \(dates.dateTime(takenAt))" }
            if let takenWhere = photo.takenWhere { line += " at \(takenWhere)" }
            return line
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
