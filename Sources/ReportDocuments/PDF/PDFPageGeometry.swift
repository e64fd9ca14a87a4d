/// The A4 page the report is laid out on, in PDF points (1/72 inch).
enum PDFPageGeometry {
    static let width = 595.2756
    static let height = 841.8898
    /// 20 mm on every side of the content.
    static let margin = 56.6929
    static let contentLeft = margin
    static let contentWidth = width - 2 * margin
    static let contentTop = margin
    /// The content stops here; the footer sits below.
    static let contentBottom = height - margin - 14
    static let contentHeight = contentBottom - contentTop
    static let footerBaseline = height - margin / 2
    /// The tallest a photo is drawn, so that two photos with captions fit on a page.
    static let maximumPhotoHeight = 300.0
}
