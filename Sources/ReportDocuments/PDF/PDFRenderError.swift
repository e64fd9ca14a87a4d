import Domain
import Foundation

/// Why the PDF of a report could not be made. The edges choose the words from its ``renderFailure``.
public enum PDFRenderError: Error, Sendable, Hashable, RenderFailureReporting {
    /// The drawing library refused a step; `step` says which, `reason` is its own words.
    case drawingFailed(step: String, reason: String)
    /// A photo's bytes could not be turned into a picture to place on the page.
    case photoUnreadable(fileName: String, reason: String)
    /// The system found another font for DejaVu Sans (`found`), which may not have every letter of the report.
    case fontMissing(found: String)
    /// No font installed on the system has these characters of the report (each once, in the order they came).
    case charactersWithoutFont(String)
    /// A drawing library (`library`: cairo, libcairo.so.2, or Pango's libraries) cannot be loaded; `reason` is the
    /// loader's words.
    case libraryMissing(library: String = "libcairo.so.2", reason: String)

    public var renderFailure: RenderFailure {
        switch self {
        case let .drawingFailed(step, reason): .drawingFailed(step: step, cause: reason)
        case let .photoUnreadable(fileName, reason): .photoUnreadable(fileName: fileName, cause: reason)
        case let .fontMissing(found): .fontMissing(needed: "DejaVu Sans", found: found)
        case let .charactersWithoutFont(characters): .charactersWithoutFont(characters: characters)
        case let .libraryMissing(library, reason): .libraryMissing(library: library, cause: reason)
        }
    }
}
