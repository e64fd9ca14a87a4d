import Foundation

/// Why the PDF of a report could not be made.
public enum PDFRenderError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The drawing library refused a step; `step` says which, `reason` is its own words.
    case drawingFailed(step: String, reason: String)
    /// A photo's bytes could not be turned into a picture to place on the page.
    case photoUnreadable(fileName: String, reason: String)
    /// The system found another font for DejaVu Sans (`found`), which may not have every letter of the report.
    case fontMissing(found: String)

    public var description: String {
        switch self {
        case let .drawingFailed(step, reason):
            "The PDF could not be made: \(step) failed (\(reason)). Try again; if it keeps failing, "
                + "remove the largest photos and create the report again."
        case let .photoUnreadable(fileName, reason):
            "The photo “\(fileName)” could not be placed in the PDF (\(reason)). "
                + "Remove it from the report, add it again, and create the report again."
        case let .fontMissing(found):
            "The PDF needs the DejaVu Sans font, but the system offers “\(found)” instead. "
                + "Install it (apt-get install fonts-dejavu-core, or run make deps) and try again."
        }
    }

    public var errorDescription: String? { description }
}
