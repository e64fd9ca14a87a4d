import Foundation

/// Why a photo cannot be added, removed or read. Each case carries the facts; the edges choose the words.
public enum PhotoError: Error, Sendable, Hashable {
    case empty(fileName: String)
    case tooLarge(fileName: String, byteCount: Int, limit: Int)
    /// Not a JPEG or PNG; `detected` names what it is when that is known (e.g. "text").
    case unsupportedFormat(fileName: String, detected: String?)
    case malformed(fileName: String, reason: String)
    case tooManyPixels(fileName: String, size: PixelSize, limit: Int)
    /// A JPEG of a kind the PDF report cannot embed as it is; `kind` names it, e.g. "CMYK" or "12-bit".
    case unembeddableJPEG(fileName: String, kind: String)
    case sectionFull(PhotoSection, limit: Int)
    case duplicate(fileName: String, section: PhotoSection)
    case notFound(PhotoID)
    case bytesMissing(ContentHash)
}
