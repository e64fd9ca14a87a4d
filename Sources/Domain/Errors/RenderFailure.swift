import Foundation

/// Why a report's document could not be made, as a fact. Renderers' errors expose one through
/// ``RenderFailureReporting``; the edges choose the words.
public enum RenderFailure: Error, Sendable, Hashable {
    /// The drawing library refused a step; `step` says which, `cause` is its own words.
    case drawingFailed(step: String, cause: String)
    /// A photo's bytes could not be turned into a picture to place on the page.
    case photoUnreadable(fileName: String, cause: String)
    /// The system offers another font (`found`) for the one the document needs (`needed`).
    case fontMissing(needed: String, found: String)
    /// No font installed on the system has these characters of the report (each once, in the order they came).
    case charactersWithoutFont(characters: String)
    /// The drawing library (`library`) cannot be loaded; `cause` is the loader's words.
    case libraryMissing(library: String, cause: String)
}
