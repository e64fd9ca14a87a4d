import Foundation

/// One chunk of a PNG file, as ``PNGChunks`` finds it.
struct PNGChunk: Equatable, Sendable {
    /// The chunk type's four ASCII bytes read as a big-endian number (see the constants below).
    let type: UInt32
    /// Where the chunk's length field is.
    let offset: Int
    /// The chunk's data, between its type and its CRC.
    let data: Range<Int>

    /// Where the next chunk starts: after the data and the four CRC bytes.
    var end: Int { data.upperBound + 4 }

    /// The type as text, e.g. `"IHDR"`.
    var typeName: String {
        String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: type >> $0) }, as: UTF8.self)
    }

    // MARK: - Chunk types

    /// `IHDR`, the header chunk.
    static let header: UInt32 = 0x4948_4452
    /// `IDAT`, image data.
    static let imageData: UInt32 = 0x4944_4154
    /// `IEND`, the end chunk.
    static let endOfImage: UInt32 = 0x4945_4E44
    /// `eXIf`, EXIF metadata.
    static let exif: UInt32 = 0x6558_4966
    /// `iTXt`: international text, where PNGs carry an XMP packet.
    static let internationalText: UInt32 = 0x6954_5874
}
