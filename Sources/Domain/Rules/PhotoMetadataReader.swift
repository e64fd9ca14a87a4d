import Foundation

/// Reads when and where a photo was taken, and which way up it is, from its own metadata: the APP1 `Exif`
/// segment of a JPEG or the `eXIf` chunk of a PNG, and for a time zone the XMP packet (APP1 XMP segment,
/// `iTXt` chunk).
///
/// Metadata is a courtesy, never a condition: the reader never throws, and anything it cannot read
/// (missing, cut short, out of range, pointing outside the block) is simply left out, so a damaged
/// metadata block never costs the driver a valid photo.
///
/// - **When** is `DateTimeOriginal` (else `DateTimeDigitized`), a wall-clock time. Its zone is, in this order:
///   the EXIF offset tag (`OffsetTimeOriginal`/`OffsetTimeDigitized`, else `OffsetTime`); a zone in the XMP
///   packet's dates (``XMPDates``); the offset implied by the GPS date and time (UTC) when they agree with the
///   camera time to within a few minutes of a whole quarter hour; else the zone given by the caller (the
///   machine's, as typed times are read). ``PhotoMetadata/timeZoneSource`` says which. A photo saying
///   `0000:00:00 00:00:00` or an impossible date has no time.
/// - **Where** is the GPS latitude and longitude (rationals or signed rationals) with their `N`/`S` and
///   `E`/`W` references, and the altitude. A coordinate without its reference, out of range, or exactly 0, 0
///   (what cameras without a fix often write) is left out.
/// - **Orientation** is tag 0x0112 (1–8) of the first directory; anything else counts as upright. The
///   thumbnail's directory (IFD1) is never read for the photo.
///
/// Every read is bounds-checked, both byte orders are handled, and only three directories are ever read
/// (the first, the Exif one and the GPS one, each reached by one pointer, never by the next-directory chain),
/// so a block whose pointers loop cannot make the reader loop.
public enum PhotoMetadataReader {
    /// The most entries read from one directory; real photos have a few dozen.
    static let maximumEntriesPerDirectory = 1_000

    /// The metadata of a JPEG or PNG file, or ``PhotoMetadata/none`` when it has none or it cannot be read.
    /// - Parameter timeZone: the zone a camera time is read in when the file does not say which
    ///   (see ``PhotoMetadata/TimeZoneSource``): the machine's, as typed times are read.
    public static func read(_ bytes: Data, timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current) -> PhotoMetadata {
        let blocks = metadataBlocks(in: bytes)
        guard let exif = blocks.exif else { return .none }
        return TIFFBlock(exif).metadata(xmpOffset: blocks.xmp.flatMap(XMPDates.offset), timeZone: timeZone)
    }

    // MARK: - Finding the metadata blocks

    private static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]
    private static let xmpHeader: [UInt8] = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
    private static let xmpKeyword: [UInt8] = Array("XML:com.adobe.xmp".utf8) + [0]

    /// The TIFF-structured bytes holding the EXIF directories and the XMP packet, copied out of the file.
    static func metadataBlocks(in data: Data) -> (exif: [UInt8]?, xmp: [UInt8]?) {
        if data.starts(with: JPEGSegments.signature) { return jpegBlocks(in: data) }
        if data.starts(with: PNGChunks.signature) { return pngBlocks(in: data) }
        return (nil, nil)
    }

    /// The bodies of the first APP1 `Exif` and APP1 XMP segments in the header; none after the scan starts
    /// (see ``JPEGSegments``).
    private static func jpegBlocks(in data: Data) -> (exif: [UInt8]?, xmp: [UInt8]?) {
        data.withUnsafeBytes { bytes in
            var exif: [UInt8]?
            var xmp: [UInt8]?
            var segments = JPEGSegments(bytes)
            while exif == nil || xmp == nil, let segment = segments.next() {
                guard segment.marker == 0xE1, let body = segment.body else { continue }
                if exif == nil, body.count > exifHeader.count, bytes[body.prefix(exifHeader.count)].elementsEqual(exifHeader) {
                    exif = Array(bytes[body.dropFirst(exifHeader.count)])
                } else if xmp == nil, body.count > xmpHeader.count, bytes[body.prefix(xmpHeader.count)].elementsEqual(xmpHeader) {
                    xmp = Array(bytes[body.dropFirst(xmpHeader.count)])
                }
            }
            return (exif, xmp)
        }
    }

    /// The data of the first `eXIf` chunk and of the first uncompressed XMP `iTXt` chunk before the end chunk
    /// (see ``PNGChunks``).
    private static func pngBlocks(in data: Data) -> (exif: [UInt8]?, xmp: [UInt8]?) {
        data.withUnsafeBytes { bytes in
            var exif: [UInt8]?
            var xmp: [UInt8]?
            var chunks = PNGChunks(bytes)
            while exif == nil || xmp == nil, let chunk = chunks.next() {
                if chunk.type == PNGChunk.exif, exif == nil {
                    var block = Array(bytes[chunk.data])
                    // A few writers put the JPEG-style "Exif\0\0" header in front; skip it.
                    if block.starts(with: exifHeader) { block.removeFirst(exifHeader.count) }
                    exif = block
                } else if chunk.type == PNGChunk.internationalText, xmp == nil {
                    xmp = xmpText(in: Array(bytes[chunk.data]))
                }
            }
            return (exif, xmp)
        }
    }

    /// The text of an `iTXt` chunk whose keyword is XMP's, when it is not compressed: keyword, NUL,
    /// compression flag, method, language tag, NUL, translated keyword, NUL, text.
    private static func xmpText(in chunk: [UInt8]) -> [UInt8]? {
        guard chunk.starts(with: xmpKeyword), chunk.count > xmpKeyword.count + 2,
              chunk[xmpKeyword.count] == 0 else { return nil }
        var rest = chunk.dropFirst(xmpKeyword.count + 2)
        for _ in 0..<2 {
            guard let zero = rest.firstIndex(of: 0) else { return nil }
            rest = rest[(zero + 1)...]
        }
        return Array(rest)
    }
}
