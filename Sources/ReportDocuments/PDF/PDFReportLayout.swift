import Domain

/// Lays a report's ``ReportOutline`` out on A4 pages before anything is drawn, so every page can say "Page n of m".
///
/// The content flows top to bottom in the outline's order. Text wraps inside
/// the margins and flows across pages line by line; a photo and its caption stay together; a photo that does
/// not fit the space left on a page is drawn smaller to fit it when it keeps at least half its width
/// (``smallestFit``), else it starts a new page; a heading never ends a page without what follows it.
struct PDFReportLayout {
    /// Measures how wide text is when drawn in a style, in points.
    typealias Measure = (String, PDFTextStyle) -> Double

    /// The items of each page; the footer is not included (it needs the page count).
    let pages: [[PDFDrawItem]]

    init(outline: ReportOutline, measure: @escaping Measure) {
        let builder = PDFBlockBuilder(outline: outline, measure: measure)
        pages = Self.paginate(builder.blocks())
    }

    // MARK: - Blocks

    /// A piece of the flow that is never split across pages.
    enum Block {
        case line(String, PDFTextStyle, indent: Double, spaceBefore: Double, keepWithNext: Bool)
        case photo(Photo, width: Double, height: Double, caption: [String], indent: Double, spaceBefore: Double)
        case rule(spaceBefore: Double, spaceAfter: Double)
        /// One row of a table: each cell's wrapped lines, drawn from its column's left edge (offsets from the content's).
        case row(cells: [[String]], columns: [Double], style: PDFTextStyle, spaceBefore: Double)
        /// The two vehicles' outlines with their points of impact.
        case impact(a: ImpactZone?, b: ImpactZone?, height: Double, spaceBefore: Double)
        /// What follows starts on a new page.
        case pageBreak
        /// A page of its own drawn as it is (the accident statement's form): what follows starts a new page.
        case page([PDFDrawItem])

        static let captionGap = 4.0

        var keepWithNext: Bool {
            if case let .line(_, _, _, _, keep) = self { return keep }
            return false
        }

        /// This photo drawn smaller so that it takes `excess` points less height, when it keeps at least
        /// ``PDFReportLayout/smallestFit`` of its size; `nil` otherwise, and for anything but a photo.
        func shrunk(by excess: Double) -> Block? {
            guard case let .photo(photo, width, height, caption, indent, spaceBefore) = self, height > 0 else { return nil }
            let factor = (height - excess) / height
            guard factor >= PDFReportLayout.smallestFit, factor < 1 else { return nil }
            return .photo(photo, width: width * factor, height: height * factor, caption: caption, indent: indent, spaceBefore: spaceBefore)
        }

        /// The height it takes; the space before it is dropped at the top of a page.
        func height(atTop: Bool) -> Double {
            switch self {
            case let .line(_, style, _, spaceBefore, _):
                (atTop ? 0 : spaceBefore) + style.lineHeight
            case let .photo(_, _, height, caption, _, spaceBefore):
                (atTop ? 0 : spaceBefore) + height + Self.captionGap + Double(caption.count) * PDFTextStyle.caption.lineHeight
            case let .rule(spaceBefore, spaceAfter):
                (atTop ? 0 : spaceBefore) + spaceAfter
            case let .row(cells, _, style, spaceBefore):
                (atTop ? 0 : spaceBefore) + Double(cells.map(\.count).max() ?? 0) * style.lineHeight
            case let .impact(_, _, height, spaceBefore):
                (atTop ? 0 : spaceBefore) + height
            case .pageBreak, .page:
                0
            }
        }
    }

    // MARK: - Pagination

    /// The least a photo is drawn at, as a share of its size, to fit the space left on a page.
    static let smallestFit = 0.5

    static func paginate(_ blocks: [Block]) -> [[PDFDrawItem]] {
        var blocks = blocks
        var pages: [[PDFDrawItem]] = [[]]
        var y = PDFPageGeometry.contentTop
        for index in blocks.indices {
            var atTop = y == PDFPageGeometry.contentTop
            // A heading is placed only when what it keeps with fits on the same page.
            var needed = 0.0
            var groupIndex = index
            while groupIndex < blocks.count {
                needed += blocks[groupIndex].height(atTop: atTop && groupIndex == index)
                if !blocks[groupIndex].keepWithNext { break }
                groupIndex += 1
            }
            let overflow = y + needed - PDFPageGeometry.contentBottom
            if case .pageBreak = blocks[index] {
                if !atTop {
                    pages.append([])
                    y = PDFPageGeometry.contentTop
                }
                continue
            }
            if case let .page(items) = blocks[index] {
                if !atTop { pages.append([]) }
                pages[pages.count - 1] = items
                pages.append([])
                y = PDFPageGeometry.contentTop
                continue
            }
            if !atTop, overflow > 0, let smaller = blocks[groupIndex].shrunk(by: overflow) {
                // The photo ending the group is drawn smaller rather than leaving the rest of the page empty.
                blocks[groupIndex] = smaller
            } else if !atTop, overflow > 0 {
                pages.append([])
                y = PDFPageGeometry.contentTop
                atTop = true
            }
            let block = blocks[index]
            pages[pages.count - 1] += place(block, at: y, atTop: atTop)
            y += block.height(atTop: atTop)
        }
        // A page of its own last leaves an empty one after it.
        if pages.count > 1, pages[pages.count - 1].isEmpty { pages.removeLast() }
        return pages
    }

    private static func place(_ block: Block, at top: Double, atTop: Bool) -> [PDFDrawItem] {
        let left = PDFPageGeometry.contentLeft
        switch block {
        case let .line(text, style, indent, spaceBefore, _):
            let baseline = top + (atTop ? 0 : spaceBefore) + style.size
            return text.isEmpty ? [] : [.text(text, style, x: left + indent, baseline: baseline)]
        case let .photo(photo, width, height, caption, indent, spaceBefore):
            let photoTop = top + (atTop ? 0 : spaceBefore)
            var items: [PDFDrawItem] = [.photo(photo, x: left + indent, y: photoTop, width: width, height: height)]
            var baseline = photoTop + height + Block.captionGap + PDFTextStyle.caption.size
            for line in caption {
                items.append(.text(line, .caption, x: left + indent, baseline: baseline))
                baseline += PDFTextStyle.caption.lineHeight
            }
            return items
        case let .rule(spaceBefore, _):
            return [.rule(y: top + (atTop ? 0 : spaceBefore))]
        case let .row(cells, columns, style, spaceBefore):
            var items: [PDFDrawItem] = []
            for (cell, column) in zip(cells, columns) {
                var baseline = top + (atTop ? 0 : spaceBefore) + style.size
                for line in cell {
                    if !line.isEmpty { items.append(.text(line, style, x: left + column, baseline: baseline)) }
                    baseline += style.lineHeight
                }
            }
            return items
        case let .impact(a, b, height, spaceBefore):
            return [.impactDiagram(a: a, b: b, x: left, y: top + (atTop ? 0 : spaceBefore), width: PDFPageGeometry.contentWidth, height: height)]
        case .pageBreak, .page:
            return []
        }
    }
}
