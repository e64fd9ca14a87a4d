import Domain

/// Turns a report's ``ReportOutline`` into the flow of blocks ``PDFReportLayout`` puts on pages: the outline says
/// what is written, this says how it looks (styles, indents, spacing, which lines keep with the next).
struct PDFBlockBuilder {
    typealias Block = PDFReportLayout.Block

    let outline: ReportOutline
    let measure: PDFReportLayout.Measure

    /// Photos and the lines under a heading are indented by this much.
    static let indent = 12.0

    /// The flow. Each accident statement's form (B's, then each other vehicle's) is a page of its own first, drawn as
    /// the printed form; where each stands in the outline, what did not fit on it and its signing record follow.
    func blocks() -> [Block] {
        var inSection = false
        let forms = outline.blocks.compactMap { block -> StatementForm? in
            if case let .statementForm(form) = block { form } else { nil }
        }
        guard let first = forms.first else { return convert(outline.blocks, inSection: &inSection, overflow: []) }
        let laid = forms.map { PDFStatementFormLayout(form: $0, measure: measure) }
        var rest = outline.blocks
        // The statement alone is titled by its form.
        if case let .title(title, _)? = rest.first, title == first.title { rest.removeFirst() }
        return laid.map { Block.page($0.items) } + convert(rest, inSection: &inSection, overflow: laid.map(\.overflow))
    }

    /// - Parameter overflow: for each form in `list`, in order, what did not fit on its page.
    private func convert(_ list: [ReportBlock], inSection: inout Bool, overflow: [[(box: String, text: String)]]) -> [Block] {
        var blocks: [Block] = []
        var formIndex = 0
        for (index, block) in list.enumerated() {
            let next = list.dropFirst(index + 1).first
            let indent = inSection ? Self.indent : 0
            switch block {
            case let .title(title, identifier):
                blocks += lines(title, .title, indent: 0, spaceBefore: 0, keepWithNext: false)
                blocks += lines(identifier.text, .crashID, indent: 0, spaceBefore: 6, keepWithNext: false)
            case let .fields(fields):
                for field in fields {
                    blocks += paragraph(field.text, style: .body, indent: indent, spaceBefore: inSection ? 0 : 2)
                }
            case let .heading(title):
                blocks += lines(title, .heading, indent: 0, spaceBefore: 14, keepWithNext: true)
                inSection = true
            case let .subheading(title):
                blocks += lines(title, .subheading, indent: Self.indent / 2, spaceBefore: 8, keepWithNext: Self.belongsToSubheading(next))
            case let .paragraph(text):
                blocks += paragraph(text, style: .body, indent: indent, spaceBefore: 0)
            case let .list(items):
                for item in items {
                    blocks += paragraph("• \(item)", style: .body, indent: indent, spaceBefore: 0)
                }
            case let .photo(entry):
                blocks.append(photoBlock(entry))
            case .rule:
                // The rule before the closing line would separate nothing: the footer says that line.
                if case .closing? = next { break }
                blocks.append(inSection ? .rule(spaceBefore: 14, spaceAfter: 4) : .rule(spaceBefore: 8, spaceAfter: 4))
                inSection = false
            case .closing:
                // Every page's footer says it already.
                break
            case let .table(table):
                blocks += self.table(table, indent: indent)
            case let .impactDrawing(a, b):
                blocks.append(.impact(a: a, b: b, height: Self.impactHeight, spaceBefore: 8))
            case .pageBreak:
                blocks.append(.pageBreak)
            case let .statementForm(form):
                // Drawn on its own page before; here what it cut, whole, and the signing record.
                let cut = formIndex < overflow.count ? overflow[formIndex] : []
                formIndex += 1
                var after: [ReportBlock] = []
                if !cut.isEmpty {
                    after.append(.subheading(form.continuedHeading))
                    after.append(.fields(cut.map { ReportField(label: $0.box, value: $0.text) }))
                }
                blocks += convert(after + form.afterForm, inSection: &inSection, overflow: [])
            }
        }
        return blocks
    }

    /// Whether a block is content a subheading must stay on the same page with (not another heading or a rule).
    private static func belongsToSubheading(_ block: ReportBlock?) -> Bool {
        switch block {
        case .fields?, .paragraph?, .list?, .photo?, .table?, .impactDrawing?, .statementForm?: true
        case .title?, .heading?, .subheading?, .rule?, .closing?, .pageBreak?, nil: false
        }
    }

    // MARK: - Photos

    /// The most a photo is enlarged: points per pixel…
    static let maximumEnlargement = 2.0
    /// …unless that leaves it narrower than this share of the text's width: a small photo of a licence is enlarged to
    /// where it can be read.
    static let readableShareOfWidth = 0.5

    private func photoBlock(_ entry: ReportPhotoEntry) -> Block {
        let width = PDFPageGeometry.contentWidth - Self.indent
        let upright = entry.photo.orientation.uprightSize(of: entry.photo.pixelSize)
        let lines = PDFTextWrapper.wrap(entry.caption, width: width) { measure($0, .caption) }
        let captionHeight = Block.captionGap + Double(lines.count) * PDFTextStyle.caption.lineHeight
        let uprightWidth = Double(max(upright.width, 1))
        let uprightHeight = Double(max(upright.height, 1))
        let maximumHeight = min(PDFPageGeometry.maximumPhotoHeight, PDFPageGeometry.contentHeight - captionHeight - 8)
        // Small pictures are enlarged at most twice their pixel size, or to a readable width when that is more.
        let enlargement = max(Self.maximumEnlargement, width * Self.readableShareOfWidth / uprightWidth)
        let scale = min(width / uprightWidth, maximumHeight / uprightHeight, enlargement)
        return .photo(
            entry.photo, width: uprightWidth * scale, height: uprightHeight * scale,
            caption: lines, indent: Self.indent, spaceBefore: 8
        )
    }

    // MARK: - Tables

    /// The height of the two cars' outlines.
    static let impactHeight = 170.0
    static let tableStyle = PDFTextStyle(size: 9, bold: false, grey: 0)
    static let tableHeaderStyle = PDFTextStyle(size: 9, bold: true, grey: 0.15)

    /// A table's rows, each a block kept whole: the labels take 36 % of the width, each value column an equal share.
    private func table(_ table: ReportTable, indent: Double) -> [Block] {
        let width = PDFPageGeometry.contentWidth - indent
        let gap = 8.0
        let valueColumns = Double(max(table.header.count - 1, 1))
        let labelWidth = width * 0.36
        let valueWidth = (width - labelWidth - gap * valueColumns) / valueColumns
        let columns = [indent] + (0..<Int(valueColumns)).map { indent + labelWidth + gap + Double($0) * (valueWidth + gap) }
        func cells(_ row: [String], style: PDFTextStyle, dash: Bool) -> [[String]] {
            row.enumerated().map { column, text in
                let shown = dash && column > 0 && text.isEmpty ? "—" : text
                return shown.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line in
                    PDFTextWrapper.wrap(String(line), width: column == 0 ? labelWidth : valueWidth) { measure($0, style) }
                }
            }
        }
        var blocks: [Block] = [.row(cells: cells(table.header, style: Self.tableHeaderStyle, dash: false), columns: columns, style: Self.tableHeaderStyle, spaceBefore: 2)]
        for row in table.rows {
            blocks.append(.row(cells: cells(row, style: Self.tableStyle, dash: true), columns: columns, style: Self.tableStyle, spaceBefore: 1.5))
        }
        return blocks
    }

    // MARK: - Text

    /// A title or heading wrapped to the width (a language's words can be longer than the page), its lines kept
    /// together and, when `keepWithNext`, with what follows.
    private func lines(_ text: String, _ style: PDFTextStyle, indent: Double, spaceBefore: Double, keepWithNext: Bool) -> [Block] {
        let wrapped = PDFTextWrapper.wrap(text, width: PDFPageGeometry.contentWidth - indent) { measure($0, style) }
        return wrapped.enumerated().map { index, line in
            .line(
                line, style, indent: indent, spaceBefore: index == 0 ? spaceBefore : 0,
                keepWithNext: index < wrapped.count - 1 ? true : keepWithNext
            )
        }
    }

    /// Wrapped lines, each its own block so a long paragraph flows across pages.
    private func paragraph(_ text: String, style: PDFTextStyle, indent: Double, spaceBefore: Double) -> [Block] {
        let width = PDFPageGeometry.contentWidth - indent
        return PDFTextWrapper.wrap(text, width: width) { measure($0, style) }.enumerated().map { index, line in
            .line(line, style, indent: indent, spaceBefore: index == 0 ? spaceBefore : 0, keepWithNext: false)
        }
    }
}
