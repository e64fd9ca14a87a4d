import Domain
import Foundation

/// Renders a crash report as an A4 PDF with cairo: its ``ReportOutline`` (the same words as the text view),
/// each photo upright with a caption, text in DejaVu Sans, and "Page n of m" on every page.
///
/// JPEG photos are embedded byte for byte (no re-encoding, so the PDF is about as large as the photos);
/// PNGs are embedded losslessly. Dates in the document come from the report itself, so rendering the same
/// report twice gives the same bytes.
public struct PDFReportRenderer: ReportRenderer {
    public let format = RenderedReport.Format.pdf

    private let photoStore: any PhotoStore
    private let dates: DateText

    /// - Parameters:
    ///   - photoStore: where the photos' bytes are read from.
    ///   - timeZone: the zone times are written in (with their UTC offset).
    public init(photoStore: any PhotoStore, timeZone: TimeZone = .current) {
        self.photoStore = photoStore
        self.dates = DateText(timeZone: timeZone)
    }

    /// - Throws: `PhotoError.bytesMissing` when a photo's bytes are gone, ``PDFRenderError`` when a photo
    ///   cannot be placed or the PDF cannot be made.
    public func render(_ report: CrashReport) async throws -> RenderedReport {
        var bytesByHash: [ContentHash: Data] = [:]
        for photo in report.allPhotos where bytesByHash[photo.contentHash] == nil {
            bytesByHash[photo.contentHash] = try await photoStore.bytes(for: photo.contentHash)
        }
        let pdf = try draw(report, photoBytes: bytesByHash)
        return RenderedReport(format: .pdf, bytes: pdf)
    }

    // MARK: - Drawing

    private func draw(_ report: CrashReport, photoBytes: [ContentHash: Data]) throws(PDFRenderError) -> Data {
        let outline = ReportOutline(report, dates: dates)
        let canvas = try CairoPDFCanvas(
            title: outline.documentTitle,
            created: outline.generatedAt,
            expectedByteCount: photoBytes.values.reduce(64 * 1024) { $0 + $1.count }
        )
        let layout = PDFReportLayout(outline: outline) { text, style in
            canvas.width(of: text, in: style)
        }
        for (index, page) in layout.pages.enumerated() {
            for item in page {
                switch item {
                case let .text(text, style, x, baseline):
                    try canvas.drawText(text, style: style, x: x, baseline: baseline)
                case let .rule(y):
                    try canvas.drawRule(y: y)
                case let .photo(photo, x, y, width, height):
                    guard let bytes = photoBytes[photo.contentHash] else {
                        throw .photoUnreadable(fileName: photo.originalFileName, reason: "its bytes were not read")
                    }
                    let surface = try PDFPhotoSurface(photo: photo, bytes: bytes)
                    try canvas.drawPhoto(surface, orientation: photo.orientation, x: x, y: y, width: width, height: height)
                }
            }
            try drawFooter(on: canvas, left: outline.footer, page: index + 1, of: layout.pages.count)
            try canvas.finishPage()
        }
        return try canvas.finish()
    }

    /// The footer line on the left, wrapped to end before "Page n of m" on the right (a long crash ID makes it two
    /// lines, the last on the footer's baseline).
    private func drawFooter(on canvas: CairoPDFCanvas, left: String, page: Int, of count: Int) throws(PDFRenderError) {
        let pageText = "Page \(page) of \(count)"
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
}
