import Domain
import Foundation

/// What a crash report says, in order: the one place its wording is written. The text shown by
/// "View crash report" (``TextReportRenderer``) and the PDF (``PDFReportRenderer``) both draw this outline.
///
/// The order is the one an insurer reads: title and crash ID, status, when and where (saying where they came from
/// when a photo supplied them), who was injured, the other driver's photos and note, the driver's own photos,
/// and the line saying when the report was generated. To add a part, add blocks here; both renderers draw it.
public struct ReportOutline: Sendable, Equatable {
    /// The blocks in reading order.
    public let blocks: [ReportBlock]
    /// The document's name (PDF metadata): "Crash report CR-…".
    public let documentTitle: String
    /// The line at the foot of every PDF page, beside "Page n of m": the closing line, which the text ends with.
    public let footer: String
    /// When the report counts as generated: when it was completed, or for a draft when it last changed.
    public let generatedAt: Date

    /// - Parameters:
    ///   - report: the report to describe.
    ///   - dates: how dates and times are written.
    public init(_ report: CrashReport, dates: DateText) {
        let generatedAt = report.completedAt ?? report.updatedAt
        let closing = report.isCompleted
            ? "Crash report \(report.crashID), generated \(dates.dateTime(generatedAt)) by Crash Assistant."
            : "Preview of draft \(report.crashID); create the crash report to complete it."
        blocks = Writer(report: report, dates: dates).blocks() + [.closing(closing)]
        documentTitle = "Crash report \(report.crashID)"
        footer = closing
        self.generatedAt = generatedAt
    }

    // MARK: - Writing

    private struct Writer {
        let report: CrashReport
        let dates: DateText

        func blocks() -> [ReportBlock] {
            var blocks: [ReportBlock] = [
                .title("Crash report", identifier: ReportField(label: "Crash ID", value: "\(report.crashID)")),
                .fields([status]),
                .rule,
            ]
            blocks += whenAndWhere()
            blocks += injuries()

            blocks.append(.heading(InfoCategory.otherDriver.displayName))
            for section in InfoCategory.otherDriver.photoSections {
                blocks += photos(in: section)
            }
            blocks.append(.subheading("Additional note"))
            blocks.append(.paragraph(report.hasNote ? report.otherDriverNote : "None"))

            blocks.append(.heading(InfoCategory.yourInfo.displayName))
            for section in InfoCategory.yourInfo.photoSections {
                blocks += photos(in: section)
            }

            blocks.append(.rule)
            return blocks
        }

        // MARK: - Parts

        private var status: ReportField {
            if report.isCompleted, let completedAt = report.completedAt {
                return ReportField(label: "Status", value: "Completed, created \(dates.dateTime(completedAt))")
            }
            return ReportField(label: "Status", value: "Draft (not yet created), last changed \(dates.dateTime(report.updatedAt))")
        }

        private func whenAndWhere() -> [ReportBlock] {
            let effective = report.effectiveScene
            return [
                .heading("When and where"),
                .fields([
                    ReportField(label: "When", value: effective.whenText(dates)),
                    ReportField(label: "Where", value: effective.whereText ?? "not given"),
                ]),
            ]
        }

        private func injuries() -> [ReportBlock] {
            let injuries: ReportBlock = report.injuries.isEmpty
                ? .paragraph("Not answered")
                : .list(report.injuries.selected.map(\.displayName))
            return [.heading(InfoCategory.injuries.displayName), injuries]
        }

        private func photos(in section: PhotoSection) -> [ReportBlock] {
            let photos = report.photos(in: section)
            let count = photos.isEmpty ? "no photos" : photos.count == 1 ? "1 photo" : "\(photos.count) photos"
            return [.subheading("\(section.displayName): \(count)")] + photos.enumerated().map { index, photo in
                .photo(ReportPhotoEntry(
                    photo: photo,
                    number: index + 1,
                    label: "\(section.displayName), photo \(index + 1) of \(photos.count)",
                    description: description(of: photo)
                ))
            }
        }

        private func description(of photo: Photo) -> String {
            var text = "\(photo.originalFileName) — \(photo.mediaType.displayName), \(ByteCountText.describe(photo.byteCount)), "
                + "\(photo.orientation.uprightSize(of: photo.pixelSize)) px, added \(dates.dateTime(photo.addedAt))"
            if let takenAt = photo.takenAt { text += ", taken \(dates.dateTime(takenAt))" }
            if let takenWhere = photo.takenWhere { text += " at \(takenWhere)" }
            return text
        }
    }
}
