import Foundation

/// Why a photo cannot be added, removed or read.
public enum PhotoError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    case empty(fileName: String)
    case tooLarge(fileName: String, byteCount: Int, limit: Int)
    case unsupportedFormat(fileName: String, detected: String?)
    case malformed(fileName: String, reason: String)
    case tooManyPixels(fileName: String, size: PixelSize, limit: Int)
    /// A JPEG of a kind the PDF report cannot embed as it is; `kind` names it, e.g. "CMYK" or "12-bit".
    case unembeddableJPEG(fileName: String, kind: String)
    case sectionFull(PhotoSection, limit: Int)
    case duplicate(fileName: String, section: PhotoSection)
    case notFound(PhotoID)
    case bytesMissing(ContentHash)

    public var description: String {
        switch self {
        case let .empty(fileName):
            "“\(fileName)” is empty. Choose the photo file itself."
        case let .tooLarge(fileName, byteCount, limit):
            "“\(fileName)” is \(ByteCountText.describe(byteCount)); a photo may be at most \(ByteCountText.describe(limit)). "
                + "Export a smaller copy (lower resolution or quality) and add that."
        case let .unsupportedFormat(fileName, detected?):
            "“\(fileName)” is a \(detected) file, not a JPEG or PNG photo. Convert it to JPEG or PNG and add it again."
        case let .unsupportedFormat(fileName, nil):
            "“\(fileName)” is not a JPEG or PNG photo. Add a photo in JPEG or PNG format."
        case let .malformed(fileName, reason):
            "“\(fileName)” looks like a photo but is damaged (\(reason)). Copy it from the camera again, or add another photo."
        case let .tooManyPixels(fileName, size, limit):
            "“\(fileName)” is \(size) pixels, more than \(limit / 1_000_000) megapixels. Export a smaller copy and add that."
        case let .unembeddableJPEG(fileName, kind):
            "“\(fileName)” is a \(kind) JPEG, which the report cannot embed. Save it as an RGB JPEG or PNG and add it again."
        case let .sectionFull(section, limit):
            "“\(section.displayName)” already holds \(limit) photos, the most it can. Remove one before adding another."
        case let .duplicate(fileName, section):
            "“\(fileName)” is already in “\(section.displayName)”. Choose a different photo."
        case .notFound:
            "That photo is not in the report. List the section's photos and choose one of their numbers."
        case let .bytesMissing(hash):
            "The photo \(hash.short) is missing from the photo store. Remove it from the report and add it again."
        }
    }

    public var errorDescription: String? { description }
}
