import Foundation

/// Walks the segments of a JPEG header: the one walker behind ``ImageInspector`` (frame header, scan, end of image)
/// and ``PhotoMetadataReader`` (the APP1 `Exif` segment).
///
/// The walk starts just after the start-of-image marker (offset 2; callers recognise the signature first) and
/// follows one rule for where the header ends:
/// - **SOS** (0xDA, start of scan) is the last header segment: it is returned, then the walk ends with
///   ``JPEGWalkEnd/imageData(at:)``, because what follows is entropy-coded data, not segments.
/// - **EOI** (0xD9) or a second **SOI** (0xD8) before any scan ends the walk: the header never reaches image data.
/// - **TEM** (0x01) and **RST0–7** (0xD0–0xD7) are stand-alone markers without a length: they are returned
///   with no body and the walk goes on.
/// - Any number of 0xFF **fill bytes** may come before a marker.
/// - Every other marker carries a big-endian length (counting itself, so at least 2) that must lie inside the file.
///
/// Every read is bounds-checked and damage never traps or throws: the walk stops and ``end`` says where and why.
/// The walker reads only the header, so its cost does not grow with the size of the image data.
///
/// ```swift
/// var segments = JPEGSegments(buffer)
/// while let segment = segments.next() { … }
/// switch segments.end { … }
/// ```
struct JPEGSegments {
    /// The start-of-image marker every JPEG begins with.
    static let signature: [UInt8] = [0xFF, 0xD8]

    private let bytes: UnsafeRawBufferPointer
    private var position = 2

    /// Why the walk stopped; `nil` while it goes on.
    private(set) var end: JPEGWalkEnd?

    /// - Parameter bytes: the whole file, starting with its start-of-image marker. Must stay valid while walking.
    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The next header segment, or `nil` once the walk has ended (see ``end``).
    mutating func next() -> JPEGSegment? {
        guard case .none = end else { return nil }
        guard position < bytes.count, bytes[position] == 0xFF else { return stop(.notAMarker(at: position)) }
        var markerAt = position + 1
        while markerAt < bytes.count, bytes[markerAt] == 0xFF { markerAt += 1 }
        guard markerAt < bytes.count else { return stop(.cutShort(at: markerAt)) }
        let marker = bytes[markerAt]
        let offset = markerAt - 1
        let afterMarker = markerAt + 1
        switch marker {
        case 0x01, 0xD0...0xD7:
            position = afterMarker
            return JPEGSegment(marker: marker, offset: offset, body: nil)
        case 0xD8:
            return stop(.startOfImage(at: offset))
        case 0xD9:
            return stop(.endOfImage(at: offset))
        default:
            break
        }
        guard afterMarker + 2 <= bytes.count else { return stop(.cutShort(at: afterMarker)) }
        let length = Int(bytes[afterMarker]) << 8 | Int(bytes[afterMarker + 1])
        guard length >= 2, length <= bytes.count - afterMarker else { return stop(.segmentPastEnd(at: offset)) }
        position = afterMarker + length
        if marker == 0xDA { end = .imageData(at: position) }
        return JPEGSegment(marker: marker, offset: offset, body: (afterMarker + 2)..<position)
    }

    private mutating func stop(_ reason: JPEGWalkEnd) -> JPEGSegment? {
        end = reason
        return nil
    }

    // MARK: - Whole walks

    /// Every header segment of `data` in order, and why the walk stopped.
    static func walk(_ data: Data) -> (segments: [JPEGSegment], end: JPEGWalkEnd?) {
        data.withUnsafeBytes { buffer in
            var walker = JPEGSegments(buffer)
            var segments: [JPEGSegment] = []
            while let segment = walker.next() { segments.append(segment) }
            return (segments, walker.end)
        }
    }
}
