import Domain
import Foundation
import Storage
import Wording

/// Renders a crash report as an A4 PDF with cairo: its ``ReportOutline`` (the same words as the text view),
/// each photo upright with a caption, text laid out by Pango in DejaVu Sans (and, for the scripts and emoji it lacks,
/// the fonts fontconfig finds), and "Page n of m" on every page.
///
/// JPEG photos are embedded byte for byte (no re-encoding, so the PDF is about as large as the photos);
/// PNGs are embedded losslessly. Dates in the document come from the report itself, so rendering the same
/// report twice gives the same bytes.
///
/// Photos are read one at a time, as they are drawn, and let go after; ``render(_:toFileAt:)`` writes the document
/// into its file as cairo makes it, so a report with many large photos never has them all in memory at once.
public struct PDFReportRenderer: ReportRenderer {
    public let format = RenderedReport.Format.pdf

    private let photoSource: any PhotoSource
    /// The zone times are written in; `nil`: the machine's, looked up when a document is drawn (not when the program
    /// starts, where finding it costs a noticeable part of the start).
    private let timeZone: TimeZone?
    private let seal: DocumentSealNote
    private let words: Words
    /// The most PNG pixels one document decodes (``maximumPNGPixels`` unless given).
    private let pngPixelBudget: Int

    /// - Parameters:
    ///   - photoSource: where the photos' bytes are read from (only read).
    ///   - timeZone: the zone times are written in (with their UTC offset); by default the machine's.
    ///   - seal: what the PDF says of its seal: by default, that it was made on the driver's device and is not sealed.
    ///   - words: the language the document is written in.
    ///   - pngPixelBudget: the most PNG pixels one document decodes to draw its photos; past it a PNG is named, not drawn.
    public init(
        photoSource: any PhotoSource, timeZone: TimeZone? = nil, seal: DocumentSealNote = .madeOnDevice, words: Words = .english,
        pngPixelBudget: Int = maximumPNGPixels
    ) {
        self.photoSource = photoSource
        self.timeZone = timeZone
        self.seal = seal
        self.words = words
        self.pngPixelBudget = pngPixelBudget
    }

    /// The language a report's document is written in: the one the report was started in when the product speaks it,
    /// else this renderer's; so the same report gives the same document on the driver's device and on the server.
    private func words(for report: CrashReport) -> Words {
        Languages.shipped.best([report.language?.rawValue, words.code].compactMap { $0 })
    }

    /// The same renderer writing in another language.
    public func writing(in words: Words) -> PDFReportRenderer {
        PDFReportRenderer(photoSource: photoSource, timeZone: timeZone, seal: seal, words: words, pngPixelBudget: pngPixelBudget)
    }

    /// The app's spelling: the photos are read from its photo store.
    public init(photoStore: any PhotoStore, timeZone: TimeZone? = nil) {
        self.init(photoSource: photoStore, timeZone: timeZone)
    }

    /// The document in memory.
    /// - Throws: `PhotoError.bytesMissing` when a photo's bytes are gone, ``PDFRenderError`` when a photo
    ///   cannot be placed or the PDF cannot be made.
    public func render(_ report: CrashReport) async throws -> RenderedReport {
        let sink = PDFByteSink(expectedByteCount: report.allPhotos.reduce(64 * 1024) { $0 + $1.byteCount })
        try await draw(report, into: sink)
        return RenderedReport(format: .pdf, bytes: sink.bytes)
    }

    /// Writes the document into the file at `path`, as it is made: the same bytes ``render(_:)`` gives.
    ///
    /// The bytes go into a new unnamed file in the folder of `path` (``AtomicFileWriter``), flushed to disk, which
    /// takes the name `path` only when it is whole, replacing a file there in one step. When rendering fails no
    /// file is left and a file already at `path` is as it was.
    /// - Throws: `PhotoError.bytesMissing` when a photo's bytes are gone, ``PDFRenderError`` when a photo
    ///   cannot be placed or the PDF cannot be made or written (the first failed write, naming the path).
    public func render(_ report: CrashReport, toFileAt path: String) async throws {
        let sink = try PDFFileSink(path: path)
        try await draw(ReportOutline(report, dates: dates(), seal: seal, words: words(for: report)), into: sink)
        try sink.place()
    }

    /// Writes one accident statement alone (``ReportOutline/init(statementOf:pair:dates:seal:words:)``) into the file
    /// at `path`: the other driver's copy.
    public func renderStatement(_ report: CrashReport, pair: StatementPair = .b, toFileAt path: String) async throws {
        let sink = try PDFFileSink(path: path)
        try await draw(ReportOutline(statementOf: report, pair: pair, dates: dates(), seal: seal, words: words), into: sink)
        try sink.place()
    }

    // MARK: - Drawing

    private func dates() -> DateText { DateText(timeZone: timeZone ?? .current) }

    private func draw(_ report: CrashReport, into sink: any PDFSink) async throws {
        try await draw(ReportOutline(report, dates: dates(), seal: seal, words: words(for: report)), into: sink)
    }

    private func draw(_ outline: ReportOutline, into sink: any PDFSink) async throws {
        let words = outline.words
        let canvas = try CairoPDFCanvas(title: outline.documentTitle, created: outline.generatedAt, sink: sink)
        let layout = PDFReportLayout(outline: outline) { text, style in
            canvas.width(of: text, in: style)
        }
        var pngPixelsDrawn = 0
        for (index, page) in layout.pages.enumerated() {
            for item in page {
                switch item {
                case let .text(text, style, x, baseline):
                    try canvas.drawText(text, style: style, x: x, baseline: baseline)
                case let .rule(y):
                    try canvas.drawRule(y: y)
                case let .impactDiagram(a, b, x, y, width, height):
                    let vocabulary = StatementWords(words)
                    let labels = [("A", a), ("B", b)].map { side, zone in
                        words("Vehicle {side}: {point}", ["side": side, "point": zone.map(vocabulary.zone) ?? words("not given")])
                    }
                    try canvas.drawImpactDiagram(a: a, b: b, labels: labels, x: x, y: y, width: width, height: height)
                case let .box(x, y, width, height, fill):
                    try canvas.drawBox(x: x, y: y, width: width, height: height, fill: fill)
                case let .cross(x, y, size):
                    try canvas.drawCross(x: x, y: y, size: size)
                case let .impactCar(zone, x, y, width, height):
                    try canvas.drawImpactCar(zone, x: x, y: y, width: width, height: height)
                case let .photo(photo, x, y, width, height):
                    // Read when drawn, and let go once the surface has them; the surface goes when this case ends
                    // (cairo keeps its own copy of a JPEG until the page is written).
                    let bytes = try await photoSource.bytes(for: photo.contentHash)
                    // A PNG is decoded whole to be drawn: past the document's share of such pixels, it is named, not drawn.
                    if photo.mediaType == .png {
                        let pixels = PDFPhotoSurface.pngPixelCount(bytes) ?? 0
                        guard pngPixelsDrawn + pixels <= pngPixelBudget else {
                            try canvas.drawPhotoNotDrawn(
                                words(
                                    "Not drawn: this document's PNG photos come to more than {limit} megapixels, the most one PDF draws. The photo is kept as it was sent: {name}, SHA-256 {hash}.",
                                    ["limit": words.number(max(pngPixelBudget / 1_000_000, 1)), "name": photo.originalFileName, "hash": photo.contentHash.hex]
                                ),
                                x: x, y: y, width: width, height: height
                            )
                            continue
                        }
                        pngPixelsDrawn += pixels
                    }
                    let surface = try PDFPhotoSurface(photo: photo, bytes: bytes, drawnAtMost: max(width, height))
                    try canvas.drawPhoto(surface, orientation: photo.orientation, x: x, y: y, width: width, height: height)
                }
            }
            try drawFooter(on: canvas, left: outline.footer, page: index + 1, of: layout.pages.count, words: words)
            try canvas.finishPage()
        }
        try canvas.finish()
    }

    /// The footer line on the left, wrapped to end before "Page n of m" on the right (a long crash ID makes it two
    /// lines, the last on the footer's baseline).
    private func drawFooter(on canvas: CairoPDFCanvas, left: String, page: Int, of count: Int, words: Words) throws(PDFRenderError) {
        let pageText = words("Page {page} of {count}", ["page": words.number(page), "count": words.number(count)])
        let right = PDFPageGeometry.contentLeft + PDFPageGeometry.contentWidth
        let pageTextLeft = right - canvas.width(of: pageText, in: .footer)
        let width = pageTextLeft - Self.footerGap - PDFPageGeometry.contentLeft
        let lines = PDFTextWrapper.wrap(left, width: width) { canvas.width(of: $0, in: .footer) }
        for (index, line) in lines.enumerated() {
            let baseline = PDFPageGeometry.footerBaseline - Double(lines.count - 1 - index) * PDFTextStyle.footer.lineHeight
            try canvas.drawText(line, style: .footer, x: PDFPageGeometry.contentLeft, baseline: baseline)
        }
        try canvas.drawText(pageText, style: .footer, x: pageTextLeft, baseline: PDFPageGeometry.footerBaseline)
    }

    /// The space between the footer line and "Page n of m".
    private static let footerGap = 12.0

    /// The most PNG pixels one document decodes to draw its photos (a JPEG is embedded as it is, never decoded):
    /// about three seconds of one core, so no report holds a render for long whatever it names.
    public static let maximumPNGPixels = 200_000_000
}
