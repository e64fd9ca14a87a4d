import Foundation

/// Reads when and where a photo was taken, and which way up it is, from its own EXIF metadata:
/// the APP1 `Exif` segment of a JPEG, or the `eXIf` chunk of a PNG.
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
    public static func read(_ bytes: Data) -> PhotoMetadata {
        guard let block = exifBlock(in: bytes) else { return .none }
        return TIFFBlock(block).metadata()
    }

    // MARK: - Finding the EXIF block

    private static let jpegSignature: [UInt8] = [0xFF, 0xD8]
    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]

    /// The TIFF-structured bytes holding the EXIF directories, copied out of the file.
    static func exifBlock(in data: Data) -> [UInt8]? {
        if data.starts(with: jpegSignature) { return jpegExifBlock(in: data) }
        if data.starts(with: pngSignature) { return pngExifBlock(in: data) }
        return nil
    }

    private static func jpegExifBlock(in data: Data) -> [UInt8]? {
        let base = data.startIndex
        let count = data.count
        func byte(_ offset: Int) -> UInt8 { data[base + offset] }
        var position = 2
        while position < count {
            guard byte(position) == 0xFF else { return nil }
            var markerAt = position + 1
            while markerAt < count, byte(markerAt) == 0xFF { markerAt += 1 }
            guard markerAt < count else { return nil }
            let marker = byte(markerAt)
            position = markerAt + 1
            switch marker {
            case 0x01, 0xD0...0xD8: continue           // markers without a length
            case 0xD9, 0xDA: return nil                // end of image, or the image data starts: no more headers
            default: break
            }
            guard position + 2 <= count else { return nil }
            let length = Int(byte(position)) << 8 | Int(byte(position + 1))
            guard length >= 2, position + length <= count else { return nil }
            let body = position + 2
            let bodyLength = length - 2
            if marker == 0xE1, bodyLength > exifHeader.count,
               data[(base + body)..<(base + body + exifHeader.count)].elementsEqual(exifHeader) {
                return Array(data[(base + body + exifHeader.count)..<(base + body + bodyLength)])
            }
            position += length
        }
        return nil
    }

    private static func pngExifBlock(in data: Data) -> [UInt8]? {
        let base = data.startIndex
        let count = data.count
        func uint32(_ offset: Int) -> Int {
            (0..<4).reduce(0) { $0 << 8 | Int(data[base + offset + $1]) }
        }
        var position = 8
        while position + 12 <= count {
            let length = uint32(position)
            guard length <= count - position - 12 else { return nil }
            let type = String(decoding: data[(base + position + 4)..<(base + position + 8)], as: UTF8.self)
            if type == "eXIf" {
                var block = Array(data[(base + position + 8)..<(base + position + 8 + length)])
                // A few writers put the JPEG-style "Exif\0\0" header in front; skip it.
                if block.starts(with: exifHeader) { block.removeFirst(exifHeader.count) }
                return block
            }
            if type == "IEND" { return nil }
            position += 12 + length
        }
        return nil
    }
}
