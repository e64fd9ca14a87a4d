import Foundation

/// One marker of a JPEG header, as ``JPEGSegments`` finds it.
struct JPEGSegment: Equatable, Sendable {
    /// The marker code: the byte after 0xFF (0xE1 for APP1, 0xC0 for a baseline frame header, 0xDA for start of scan …).
    let marker: UInt8
    /// Where the marker's 0xFF byte is (the last one, when fill bytes come first).
    let offset: Int
    /// The segment's contents after its two length bytes; `nil` for a stand-alone marker (TEM, RST0–7), which has no length.
    let body: Range<Int>?

    /// Where the next marker may start.
    var end: Int { body?.upperBound ?? offset + 2 }

    /// The value of the segment's length field (which counts itself), or 0 for a stand-alone marker.
    var length: Int { body.map { $0.count + 2 } ?? 0 }
}
