@testable import ReportDocuments
import Data
import Domain
import Foundation
import Testing
import TestSupport

/// How photos are sized and placed on the PDF's pages.
@Suite("Fitting photos on the report's pages", .ownThreads)
struct PDFPhotoFittingTests {
    static let photo = Photo.stub()

    /// A body line taking `height` points, to fill the page before a photo.
    static func filler(_ height: Double) -> [PDFReportLayout.Block] {
        let count = Int(height / PDFTextStyle.body.lineHeight)
        return (0..<count).map { .line("line \($0)", .body, indent: 0, spaceBefore: 0, keepWithNext: false) }
    }

    static func photoBlock(height: Double) -> PDFReportLayout.Block {
        .photo(photo, width: height * 4 / 3, height: height, caption: ["caption"], indent: 0, spaceBefore: 8)
    }

    /// The photos drawn, page by page: (page index, width, height).
    static func photos(in pages: [[PDFDrawItem]]) -> [(page: Int, width: Double, height: Double)] {
        pages.enumerated().flatMap { index, items in
            items.compactMap { item -> (Int, Double, Double)? in
                if case let .photo(_, _, _, width, height) = item { return (index, width, height) }
                return nil
            }
        }
    }

    /// The space a photo block needs besides the picture: the gap before it and its caption.
    static let around = 8 + PDFReportLayout.Block.captionGap + PDFTextStyle.caption.lineHeight

    @Test func aPhotoThatWouldKeepMoreThanHalfItsSizeIsDrawnSmallerOnTheSamePage() throws {
        let left = 200.0
        let blocks = Self.filler(PDFPageGeometry.contentHeight - left - Self.around) + [Self.photoBlock(height: 300)]
        let placed = try #require(Self.photos(in: PDFReportLayout.paginate(blocks)).first)
        #expect(placed.page == 0)
        #expect(placed.height < 300 && placed.height >= 150)
        #expect(abs(placed.width / placed.height - 4.0 / 3.0) < 1e-9)
    }

    @Test func aPhotoThatWouldShrinkBelowHalfItsSizeStartsANewPageAtFullSize() throws {
        let left = 100.0
        let blocks = Self.filler(PDFPageGeometry.contentHeight - left - Self.around) + [Self.photoBlock(height: 300)]
        let placed = try #require(Self.photos(in: PDFReportLayout.paginate(blocks)).first)
        #expect(placed.page == 1)
        #expect(placed.height == 300)
    }

    @Test("A small picture (a 64-pixel photo of a licence) is enlarged to half the text's width, to be readable, and no more")
    func aSmallPictureIsEnlargedToAReadableWidth() async throws {
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let store = InMemoryPhotoStore()
        let bytes = try Fixtures.jpeg()
        var report = CrashReport.stub(crashID: .stub("CR-SMALL234"))
        try report.addPhoto(Photo(
            section: .crashScene, contentHash: await store.put(bytes), mediaType: .jpeg, byteCount: bytes.count,
            pixelSize: PixelSize(width: 64, height: 48), originalFileName: "thumb.jpg", addedAt: referenceDate
        ))
        let pdf = try await PDFReportRenderer(photoStore: store).render(report)
        let listing = try tools.run("pdfimages", ["-list", try tools.write(pdf.bytes)])
        // Columns: page num type width height color comp bpc enc interp object ID x-ppi y-ppi …
        let row = try #require(listing.split(separator: "\n").dropFirst(2).first)
        let columns = row.split(separator: " ", omittingEmptySubsequences: true)
        let ppi = try #require(Double(columns[12]))
        // 64 pixels over half the indented text width (about 236 points): about 19.5 pixels an inch; never much smaller.
        let readable = (PDFPageGeometry.contentWidth - PDFBlockBuilder.indent) * PDFBlockBuilder.readableShareOfWidth
        #expect(abs(ppi - 64 / readable * 72) < 1, "\(ppi) pixels an inch")
    }

    /// The images `pdfimages -list` finds in `pdf`: (width, height, x-ppi).
    static func images(in pdf: Data, _ tools: PDFTools) throws -> [(width: Int, height: Int, ppi: Double)] {
        try tools.run("pdfimages", ["-list", try tools.write(pdf, name: "images-\(UUID().uuidString).pdf")])
            .split(separator: "\n").dropFirst(2).compactMap { row in
                let columns = row.split(separator: " ", omittingEmptySubsequences: true)
                guard columns.count > 12, let width = Int(columns[3]), let height = Int(columns[4]), let ppi = Double(columns[12]) else { return nil }
                return (width, height, ppi)
            }
    }

    /// A report whose crash scene holds `pngs`, stored in `store`.
    static func report(with pngs: [Data], in store: InMemoryPhotoStore) async throws -> CrashReport {
        var report = CrashReport.stub(crashID: .stub("CR-PNGS2345"))
        for (index, bytes) in pngs.enumerated() {
            let size = try #require(PDFPhotoSurface.pngPixelCount(bytes))
            let width = Int(bytes[16..<20].reduce(0) { $0 << 8 | Int($1) })
            try report.addPhoto(Photo(
                section: .crashScene, contentHash: await store.put(bytes), mediaType: .png, byteCount: bytes.count,
                pixelSize: PixelSize(width: width, height: size / width), originalFileName: "scan-\(index).png", addedAt: referenceDate
            ))
        }
        return report
    }

    @Test("A PNG of more pixels than the page shows is kept at 300 pixels an inch for the size it is drawn at")
    func aLargePNGIsScaledDownToWhatThePageShows() async throws {
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let store = InMemoryPhotoStore()
        let pdf = try await PDFReportRenderer(photoStore: store).render(try await Self.report(with: [BlankPNG.make(width: 4000, height: 3000)], in: store))
        let image = try #require(try Self.images(in: pdf.bytes, tools).first)
        #expect(image.width < 4000 && image.width > 1000, "\(image)")
        #expect(abs(Double(image.width) / Double(image.height) - 4.0 / 3.0) < 0.01)
        #expect(image.ppi <= PDFPhotoSurface.maximumDotsPerInch + 1 && image.ppi >= PDFPhotoSurface.maximumDotsPerInch - 2, "\(image)")
        // One at the page's size already is kept whole.
        let small = try await PDFReportRenderer(photoStore: store).render(try await Self.report(with: [BlankPNG.make(width: 400, height: 300)], in: store))
        #expect(try Self.images(in: small.bytes, tools).first.map { [$0.width, $0.height] } == [400, 300])
    }

    @Test("Past the document's share of PNG pixels a PNG is named in a frame, not decoded; photos before it are drawn")
    func pngsPastTheShareAreNamedNotDrawn() async throws {
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let store = InMemoryPhotoStore()
        let first = BlankPNG.make(width: 300, height: 200, grey: 10), second = BlankPNG.make(width: 300, height: 200, grey: 20)
        let report = try await Self.report(with: [first, second], in: store)
        let pdf = try await PDFReportRenderer(photoSource: store, pngPixelBudget: 100_000).render(report)
        #expect(try Self.images(in: pdf.bytes, tools).count == 1)
        let text = try tools.text(try tools.write(pdf.bytes)).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("Not drawn: this document's PNG photos come to more than"), "\(text)")
        #expect(text.contains(ContentHash.sha256(of: second).hex.prefix(16)), "\(text)")
        #expect(text.contains("scan-1.png"), "\(text)")
    }

    @Test func theLastThingOnTheLastPageIsContentNotARuleLeftOnAPageOfItsOwn() {
        let outline = ReportOutline(.stub(injuries: [.myself]), dates: DateText(timeZone: TimeZone(identifier: "UTC") ?? .current))
        let blocks = PDFBlockBuilder(outline: outline) { text, style in Double(text.count) * style.size * 0.5 }.blocks()
        guard case .line? = blocks.last else {
            Issue.record("the PDF ends with \(String(describing: blocks.last))")
            return
        }
    }

    @Test func aLongFooterWrapsInsteadOfRunningIntoThePageNumber() async throws {
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let longID = String(repeating: "SERVER_ISSUED-", count: 4) + "ABCDEFGH"
        var report = CrashReport.stub(crashID: .stub(longID), injuries: [.myself])
        try report.complete(at: referenceDate)
        let pdf = try await PDFReportRenderer(photoStore: InMemoryPhotoStore()).render(report)
        let boxes = try tools.run("pdftotext", ["-bbox", try tools.write(pdf.bytes), "-"])
        // The words of the footer line(s) and of "Page 1 of 1": none of the former reaches the latter.
        func words(_ line: Substring) -> (word: String, xMin: Double, xMax: Double, yMin: Double)? {
            func value(_ name: String) -> Double? {
                guard let range = line.range(of: "\(name)=\"") else { return nil }
                return Double(line[range.upperBound...].prefix { $0 != "\"" })
            }
            guard let xMin = value("xMin"), let xMax = value("xMax"), let yMin = value("yMin"),
                  let close = line.lastIndex(of: "<"), let open = line[..<close].lastIndex(of: ">") else { return nil }
            return (String(line[line.index(after: open)..<close]), xMin, xMax, yMin)
        }
        let all = boxes.split(separator: "\n").filter { $0.contains("<word") }.compactMap(words)
        let page = try #require(all.first { $0.word == "Page" && $0.yMin > 780 })
        let footer = all.filter { $0.yMin > 760 && $0.word != "Page" && $0.word != "of" && Double($0.word) == nil }
        #expect(footer.contains { $0.word.hasPrefix(longID) })
        #expect(footer.allSatisfy { $0.xMax < page.xMin }, "footer reaches \(footer.map(\.xMax).max() ?? 0), page at \(page.xMin)")
    }
}
