import Domain

/// Turns a report into the flow of blocks ``PDFReportLayout`` puts on pages, in the order the insurer reads.
struct PDFBlockBuilder {
    typealias Block = PDFReportLayout.Block

    let report: CrashReport
    let dates: DateText
    let measure: PDFReportLayout.Measure

    /// Photos and the lines under a heading are indented by this much.
    static let indent = 12.0

    func blocks() -> [Block] {
        var blocks: [Block] = []
        blocks.append(.line("Crash report", .title, indent: 0, spaceBefore: 0, keepWithNext: false))
        blocks.append(.line("Crash ID: \(report.crashID)", .crashID, indent: 0, spaceBefore: 6, keepWithNext: false))
        blocks += paragraph(statusText, style: .body, indent: 0, spaceBefore: 2)
        blocks.append(.rule(spaceBefore: 8, spaceAfter: 4))

        blocks += whenAndWhere()
        blocks += injuries()

        blocks.append(heading(InfoCategory.otherDriver.displayName))
        for section in InfoCategory.otherDriver.photoSections {
            blocks += photos(in: section)
        }
        blocks.append(subheading("Additional note"))
        blocks += report.hasNote
            ? paragraph(report.otherDriverNote, style: .body, indent: Self.indent, spaceBefore: 0)
            : paragraph("None", style: .body, indent: Self.indent, spaceBefore: 0)

        blocks.append(heading(InfoCategory.yourInfo.displayName))
        for section in InfoCategory.yourInfo.photoSections {
            blocks += photos(in: section)
        }

        blocks.append(.rule(spaceBefore: 14, spaceAfter: 4))
        blocks += paragraph(closingText, style: .body, indent: 0, spaceBefore: 0)
        return blocks
    }

    // MARK: - Parts

    private var statusText: String {
        if report.isCompleted, let completedAt = report.completedAt {
            return "Status: Completed, created \(dates.dateTime(completedAt))"
        }
        return "Status: Draft (a preview, not yet created), last changed \(dates.dateTime(report.updatedAt))"
    }

    private var closingText: String {
        report.isCompleted
            ? "Report \(report.crashID), generated \(dates.dateTime(report.completedAt ?? report.updatedAt)) by Crash Assistant."
            : "Preview of draft \(report.crashID); create the crash report to complete it."
    }

    private func whenAndWhere() -> [Block] {
        let effective = report.effectiveScene
        let source = effective.sourceNote.map { " (\($0))" } ?? ""
        var blocks = [heading("When and where")]
        blocks += paragraph("When: \(dates.dateTime(effective.scene.occurredAt))\(source)", style: .body, indent: Self.indent, spaceBefore: 0)
        let place = effective.scene.locationText.map { "\($0)\(source)" } ?? "not given"
        blocks += paragraph("Where: \(place)", style: .body, indent: Self.indent, spaceBefore: 0)
        return blocks
    }

    private func injuries() -> [Block] {
        var blocks = [heading(InfoCategory.injuries.displayName)]
        if report.injuries.isEmpty {
            blocks += paragraph("Not answered", style: .body, indent: Self.indent, spaceBefore: 0)
        } else {
            for injury in report.injuries.selected {
                blocks += paragraph("• \(injury.displayName)", style: .body, indent: Self.indent, spaceBefore: 0)
            }
        }
        return blocks
    }

    private func photos(in section: PhotoSection) -> [Block] {
        let photos = report.photos(in: section)
        let count = photos.isEmpty ? "no photos" : photos.count == 1 ? "1 photo" : "\(photos.count) photos"
        var blocks: [Block] = [.line(
            "\(section.displayName): \(count)", .subheading, indent: Self.indent / 2, spaceBefore: 8, keepWithNext: !photos.isEmpty
        )]
        for (index, photo) in photos.enumerated() {
            blocks.append(photoBlock(photo, number: index + 1, of: photos.count))
        }
        return blocks
    }

    private func photoBlock(_ photo: Photo, number: Int, of count: Int) -> Block {
        let width = PDFPageGeometry.contentWidth - Self.indent
        let upright = photo.orientation.uprightSize(of: photo.pixelSize)
        var caption = "\(photo.section.displayName), photo \(number) of \(count): \(photo.originalFileName) — "
            + "\(upright) px"
        if let takenAt = photo.takenAt { caption += " — taken \(dates.dateTime(takenAt))" }
        if let takenWhere = photo.takenWhere { caption += " at \(takenWhere)" }
        let lines = PDFTextWrapper.wrap(caption, width: width) { measure($0, .caption) }
        let captionHeight = Block.captionGap + Double(lines.count) * PDFTextStyle.caption.lineHeight
        let uprightWidth = Double(max(upright.width, 1))
        let uprightHeight = Double(max(upright.height, 1))
        let maximumHeight = min(PDFPageGeometry.maximumPhotoHeight, PDFPageGeometry.contentHeight - captionHeight - 8)
        let scale = min(width / uprightWidth, maximumHeight / uprightHeight)
        return .photo(
            photo, width: uprightWidth * scale, height: uprightHeight * scale,
            caption: lines, indent: Self.indent, spaceBefore: 8
        )
    }

    // MARK: - Text

    private func heading(_ text: String) -> Block {
        .line(text, .heading, indent: 0, spaceBefore: 14, keepWithNext: true)
    }

    private func subheading(_ text: String) -> Block {
        .line(text, .subheading, indent: Self.indent / 2, spaceBefore: 8, keepWithNext: true)
    }

    /// Wrapped lines, each its own block so a long paragraph flows across pages.
    private func paragraph(_ text: String, style: PDFTextStyle, indent: Double, spaceBefore: Double) -> [Block] {
        let width = PDFPageGeometry.contentWidth - indent
        return PDFTextWrapper.wrap(text, width: width) { measure($0, style) }.enumerated().map { index, line in
            .line(line, style, indent: indent, spaceBefore: index == 0 ? spaceBefore : 0, keepWithNext: false)
        }
    }
}
