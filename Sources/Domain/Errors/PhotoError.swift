import Foundation

/// Why a photo cannot be added, removed or read. Each case carries the facts; the edges choose the words.
public enum PhotoError: Error, Sendable, Hashable {
    case empty(fileName: String)
    case tooLarge(fileName: String, byteCount: Int, limit: Int)
    /// Not a JPEG or PNG; `detected` is what it is when that is known.
    case unsupportedFormat(fileName: String, detected: FileFormat?)
    case malformed(fileName: String, reason: String)
    case tooManyPixels(fileName: String, size: PixelSize, limit: Int)
    /// A JPEG of a kind the PDF report cannot embed as it is.
    case unembeddableJPEG(fileName: String, kind: JPEGKind)
    case sectionFull(PhotoSection, limit: Int)
    case duplicate(fileName: String, section: PhotoSection)
    case notFound(PhotoID)
    case bytesMissing(ContentHash)
}

/// What a file that is not a photo the report takes turned out to be. Its English name is its raw value; the edges
/// word it in the reader's language.
public enum FileFormat: String, Sendable, Hashable, CaseIterable {
    case gif = "GIF"
    case pdf = "PDF"
    case bmp = "BMP"
    case tiff = "TIFF"
    case webP = "WebP"
    case heic = "HEIC"
    case videoOrHEIF = "video or HEIF"
    case text
    /// A lossless or arithmetic-coded JPEG, which the report cannot read.
    case losslessJPEG = "lossless or arithmetic-coded JPEG"
}

/// A JPEG the PDF report cannot embed as it is.
public enum JPEGKind: Sendable, Hashable, CustomStringConvertible {
    case cmyk
    /// Samples of this many bits, not 8.
    case bits(Int)

    /// Its English name: `CMYK`, `12-bit`.
    public var description: String {
        switch self {
        case .cmyk: "CMYK"
        case let .bits(bits): "\(bits)-bit"
        }
    }
}
