/// How a piece of text in the PDF looks: DejaVu Sans (and the fonts found for what it lacks) at a size, regular or
/// bold, black or grey.
struct PDFTextStyle: Sendable, Hashable {
    let size: Double
    let bold: Bool
    /// 0 is black, 1 white.
    let grey: Double

    /// The height one line of this style takes, baseline to baseline.
    var lineHeight: Double { size * 1.35 }

    static let title = PDFTextStyle(size: 22, bold: true, grey: 0)
    static let crashID = PDFTextStyle(size: 13, bold: true, grey: 0)
    static let heading = PDFTextStyle(size: 14, bold: true, grey: 0)
    static let subheading = PDFTextStyle(size: 11, bold: true, grey: 0.15)
    static let body = PDFTextStyle(size: 10.5, bold: false, grey: 0)
    static let caption = PDFTextStyle(size: 8.5, bold: false, grey: 0.3)
    static let footer = PDFTextStyle(size: 8.5, bold: false, grey: 0.4)
}
