import Foundation

/// Why ``JPEGSegments`` stopped walking a JPEG header, and where.
enum JPEGWalkEnd: Equatable, Sendable {
    /// The start-of-scan segment was the last header segment; the entropy-coded image data starts at the offset.
    case imageData(at: Int)
    /// An end-of-image marker (0xFF 0xD9) came before any scan: the file has no image data.
    case endOfImage(at: Int)
    /// A second start-of-image marker (0xFF 0xD8) came before any scan: the file is damaged or two files were joined.
    case startOfImage(at: Int)
    /// A byte other than 0xFF, or the end of the file, where the next marker should start.
    case notAMarker(at: Int)
    /// The file ends inside a marker: after its fill bytes, or before its two length bytes.
    case cutShort(at: Int)
    /// A segment's length is less than 2 or runs past the end of the file; the offset is the segment's.
    case segmentPastEnd(at: Int)
}
