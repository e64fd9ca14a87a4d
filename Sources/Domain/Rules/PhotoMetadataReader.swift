import Foundation

/// Reads when and where a photo was taken, and which way up it is, from its own EXIF metadata:
/// the APP1 `Exif` segment of a JPEG, or the `eXIf` chunk of a PNG. They are found with ``JPEGSegments`` and
/// ``PNGChunks``, the walkers ``ImageInspector`` uses too, so only the header it accepts is searched.
///
/// Metadata is a courtesy, never a condition: the reader never throws, and anything it cannot read
/// (missing, cut short, out of range, pointing outside the block) is simply left out, so a damaged
/// metadata block never costs the driver a valid photo.
///
/// - **When** is `DateTimeOriginal` (else `DateTimeDigitized`). With `OffsetTimeOriginal`
///   (`OffsetTimeDigitized`) the moment is exact. Without it, EXIF does not say which time zone the camera
///   clock was in, so the wall-clock time is read **as if it were UTC**: the report then shows the time the
///   camera showed, labelled UTC. A photo saying `0000:00:00 00:00:00` or an impossible date has no time.
/// - **Where** is the GPS latitude and longitude with their `N`/`S` and `E`/`W` references. A coordinate
///   without its reference, out of range, or exactly 0, 0 (what cameras without a fix often write) is left out.
/// - **Orientation** is tag 0x0112 (1–8); anything else counts as upright.
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
        guard let block = exifBlock(in: bytes) else { return .none }
        return TIFFBlock(block).metadata(timeZone: timeZone)
    }

    // MARK: - Finding the EXIF block

    private static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]

    /// The TIFF-structured bytes holding the EXIF directories, copied out of the file.
    static func exifBlock(in data: Data) -> [UInt8]? {
        if data.starts(with: JPEGSegments.signature) { return jpegExifBlock(in: data) }
        if data.starts(with: PNGChunks.signature) { return pngExifBlock(in: data) }
        return nil
    }

    /// The body of the first APP1 `Exif` segment in the header; none after the scan starts (see ``JPEGSegments``).
    private static func jpegExifBlock(in data: Data) -> [UInt8]? {
        data.withUnsafeBytes { bytes in
            var segments = JPEGSegments(bytes)
            while let segment = segments.next() {
                guard segment.marker == 0xE1, let body = segment.body, body.count > exifHeader.count,
                      bytes[body.prefix(exifHeader.count)].elementsEqual(exifHeader) else { continue }
                return Array(bytes[body.dropFirst(exifHeader.count)])
            }
            return nil
        }
    }

    /// The data of the first `eXIf` chunk before the end chunk (see ``PNGChunks``).
    private static func pngExifBlock(in data: Data) -> [UInt8]? {
        data.withUnsafeBytes { bytes in
            var chunks = PNGChunks(bytes)
            while let chunk = chunks.next() {
                guard chunk.type == PNGChunk.exif else { continue }
                var block = Array(bytes[chunk.data])
                // A few writers put the JPEG-style "Exif\0\0" header in front; skip it.
                if block.starts(with: exifHeader) { block.removeFirst(exifHeader.count) }
                return block
            }
            return nil
        }
    }
}
