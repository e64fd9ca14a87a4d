import Foundation

/// Recognises JPEG and PNG photos from their bytes (never from the file name) and reads their pixel size.
///
/// A file is accepted only when its structure holds together: the JPEG frame header is complete and the
/// image data ends with an end-of-image marker; every PNG chunk lies inside the file, the header chunk's
/// checksum matches and the file ends with its end chunk. Anything cut short is refused. Headers are walked by
/// ``JPEGSegments`` and ``PNGChunks``, the walkers ``PhotoMetadataReader`` uses too, so both agree on where a header ends.
///
/// JPEGs go into the PDF report byte for byte, so only kinds a PDF viewer shows faithfully as they are
/// are accepted: 8-bit grey or colour (YCbCr/RGB). CMYK and 12-bit JPEGs are refused with a message
/// saying how to convert them.
public enum ImageInspector {
    /// - Parameters:
    ///   - bytes: the whole file.
    ///   - fileName: used only in error messages.
    /// - Throws: `PhotoError` naming what is wrong and what to do.
    public static func inspect(_ bytes: Data, fileName: String) throws(PhotoError) -> ImageInfo {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(PhotoError) in try inspect(buffer, fileName: fileName) }
        }.get()
    }

    /// The same check on bytes where they lie (a buffer an upload was received into), without copying them.
    public static func inspect(_ bytes: UnsafeRawBufferPointer, fileName: String) throws(PhotoError) -> ImageInfo {
        guard !bytes.isEmpty else { throw .empty(fileName: fileName) }
        let info: ImageInfo
        if bytes.starts(with: JPEGSegments.signature) {
            info = try inspectJPEG(bytes, fileName: fileName)
        } else if bytes.starts(with: PNGChunks.signature) {
            info = try inspectPNG(bytes, fileName: fileName)
        } else {
            throw .unsupportedFormat(fileName: fileName, detected: recogniseOtherFormat(bytes))
        }
        guard info.pixelSize.pixelCount <= ReportLimits.maximumPixelCount else {
            throw .tooManyPixels(fileName: fileName, size: info.pixelSize, limit: ReportLimits.maximumPixelCount)
        }
        return info
    }

    // MARK: - JPEG

    private static func inspectJPEG(_ bytes: UnsafeRawBufferPointer, fileName: String) throws(PhotoError) -> ImageInfo {
        var segments = JPEGSegments(bytes)
        var frame: ImageInfo?
        var frameBody: Range<Int>?
        var isProgressive = false
        var restartInterval = 0
        while let segment = segments.next() {
            guard let body = segment.body else { continue }  // stand-alone markers
            switch segment.marker {
            case 0xC0, 0xC1, 0xC2:
                frame = try readFrame(bytes, at: body.lowerBound, length: body.count, fileName: fileName)
                frameBody = body
                isProgressive = segment.marker == 0xC2
            case 0xDD where body.count >= 2:
                restartInterval = Int(bytes[body.lowerBound]) << 8 | Int(bytes[body.lowerBound + 1])
            case 0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                throw .unsupportedFormat(fileName: fileName, detected: .losslessJPEG)
            case 0xDA:
                guard let frame else {
                    throw .malformed(fileName: fileName, reason: "the JPEG image data starts before its size is given")
                }
                guard containsEndOfImage(bytes, after: segment.end) else {
                    throw .malformed(fileName: fileName, reason: "the JPEG image data is cut short")
                }
                if let frameBody, let problem = scanProblem(
                    bytes, frame: frameBody, scan: body, dataStart: segment.end, interval: restartInterval, sequential: !isProgressive
                ) {
                    throw .malformed(fileName: fileName, reason: problem)
                }
                return frame
            default:
                break
            }
        }
        switch segments.end {
        case .notAMarker:
            throw .malformed(fileName: fileName, reason: frame == nil
                ? "the JPEG header ends before the image size"
                : "the JPEG header is cut short")
        case .endOfImage, .startOfImage:
            throw .malformed(fileName: fileName, reason: "the JPEG header has no image data")
        case .segmentPastEnd:
            throw .malformed(fileName: fileName, reason: "a JPEG header segment runs past the end of the file")
        case .cutShort, .imageData, nil:
            // The walk ends at the scan only after returning it, and that returned above.
            throw .malformed(fileName: fileName, reason: "the JPEG header is cut short")
        }
    }

    private static func readFrame(
        _ bytes: UnsafeRawBufferPointer, at start: Int, length: Int, fileName: String
    ) throws(PhotoError) -> ImageInfo {
        guard length >= 6 else {
            throw .malformed(fileName: fileName, reason: "the JPEG frame header is too short")
        }
        let height = Int(bytes[start + 1]) << 8 | Int(bytes[start + 2])
        let width = Int(bytes[start + 3]) << 8 | Int(bytes[start + 4])
        let components = Int(bytes[start + 5])
        guard width > 0, height > 0 else {
            throw .malformed(fileName: fileName, reason: "the JPEG says it is \(width) × \(height) pixels")
        }
        guard [1, 3, 4].contains(components), length >= 6 + 3 * components else {
            throw .malformed(fileName: fileName, reason: "the JPEG frame header lists \(components) colour channels")
        }
        guard components != 4 else { throw .unembeddableJPEG(fileName: fileName, kind: .cmyk) }
        let precision = Int(bytes[start])
        guard precision == 8 else { throw .unembeddableJPEG(fileName: fileName, kind: .bits(precision)) }
        return ImageInfo(mediaType: .jpeg, pixelSize: PixelSize(width: width, height: height), componentCount: components)
    }

    /// What is wrong with the first scan's image data, in words, or `nil` when nothing is seen to be:
    /// - a marker no encoder writes inside image data (`0xFF` followed by a reserved code): the bytes were damaged;
    /// - for a sequential JPEG with restart markers, fewer markers than its units of the picture (MCUs) need: an
    ///   encoder writes one after every `interval` units but the last, so the data was cut short — and then often has
    ///   another file joined after it, which is why its end-of-image marker alone says nothing.
    private static func scanProblem(
        _ bytes: UnsafeRawBufferPointer, frame: Range<Int>, scan: Range<Int>, dataStart: Int, interval: Int, sequential: Bool
    ) -> String? {
        // Count the restart markers up to the end of the scan: the end-of-image marker, or the next segment's marker.
        var found = 0
        var index = dataStart
        let last = bytes.count - 1
        while index < last {
            guard bytes[index] == 0xFF else {
                index += 1
                continue
            }
            let marker = bytes[index + 1]
            if marker == 0xFF {
                index += 1  // a fill byte before a marker
                continue
            }
            if (0xD0...0xD7).contains(marker) {
                found += 1
            } else if (0x01...0xBF).contains(marker) {
                return "the JPEG image data is damaged at byte \(index)"
            } else if marker != 0x00 {
                break
            }
            index += 2
        }
        guard sequential, interval > 0 else { return nil }
        let start = frame.lowerBound
        let height = Int(bytes[start + 1]) << 8 | Int(bytes[start + 2])
        let width = Int(bytes[start + 3]) << 8 | Int(bytes[start + 4])
        let components = Int(bytes[start + 5])
        var samplings: [UInt8: (h: Int, v: Int)] = [:]
        for index in 0..<components {
            let at = start + 6 + 3 * index
            samplings[bytes[at]] = (Int(bytes[at + 1] >> 4), Int(bytes[at + 1] & 0x0F))
        }
        let maxH = samplings.values.map(\.h).max() ?? 1, maxV = samplings.values.map(\.v).max() ?? 1
        guard height > 0, maxH > 0, maxV > 0, !scan.isEmpty else { return nil }
        func blocks(_ size: Int, _ factor: Int, _ maximum: Int) -> Int { ((size * factor + maximum - 1) / maximum + 7) / 8 }
        let units: Int
        if bytes[scan.lowerBound] == 1, scan.count >= 2, let sampling = samplings[bytes[scan.lowerBound + 1]] {
            // One component alone: a unit is one of its 8 × 8 blocks.
            units = blocks(width, sampling.h, maxH) * blocks(height, sampling.v, maxV)
        } else {
            units = ((width + 8 * maxH - 1) / (8 * maxH)) * ((height + 8 * maxV - 1) / (8 * maxV))
        }
        let expected = (units + interval - 1) / interval - 1
        guard found < expected else { return nil }
        return "the JPEG image data is cut short: it stops \(max(1, (expected - found) * 100 / (expected + 1)))% before the end of the picture"
    }

    /// Looks for the end-of-image marker after the scan starts, from the end backwards:
    /// it is almost always in the last bytes, and photos with data appended after it still pass.
    private static func containsEndOfImage(_ bytes: UnsafeRawBufferPointer, after start: Int) -> Bool {
        var index = bytes.count - 1
        while index > start {
            if bytes[index] == 0xD9, bytes[index - 1] == 0xFF { return true }
            index -= 1
        }
        return false
    }

    // MARK: - PNG

    private static func inspectPNG(_ bytes: UnsafeRawBufferPointer, fileName: String) throws(PhotoError) -> ImageInfo {
        let headerEnd = 8 + 8 + 13 + 4
        guard bytes.count >= headerEnd else {
            throw .malformed(fileName: fileName, reason: "the PNG header is cut short")
        }
        guard PNGChunks.uint32(bytes, at: 8) == 13, PNGChunks.uint32(bytes, at: 12) == PNGChunk.header else {
            throw .malformed(fileName: fileName, reason: "the PNG does not start with its header chunk")
        }
        guard crc32(bytes, from: 12, count: 17) == PNGChunks.uint32(bytes, at: 29) else {
            throw .malformed(fileName: fileName, reason: "the PNG header checksum does not match")
        }
        let width = Int(PNGChunks.uint32(bytes, at: 16))
        let height = Int(PNGChunks.uint32(bytes, at: 20))
        let bitDepth = bytes[24]
        let colourType = bytes[25]
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw .malformed(fileName: fileName, reason: "the PNG says it is \(width) × \(height) pixels")
        }
        let allowedDepths: [UInt8: [UInt8]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard let depths = allowedDepths[colourType], depths.contains(bitDepth),
              bytes[26] == 0, bytes[27] == 0, bytes[28] <= 1 else {
            throw .malformed(fileName: fileName, reason: "the PNG header has values no PNG may have")
        }
        // Walk the chunks to the end chunk: a file cut short never reaches it.
        var chunks = PNGChunks(bytes)
        var sawImageData = false
        while let chunk = chunks.next() {
            if chunk.type == PNGChunk.imageData { sawImageData = true }
            if chunk.type == PNGChunk.endOfImage {
                guard sawImageData else {
                    throw .malformed(fileName: fileName, reason: "the PNG has no image data")
                }
                let channels: [UInt8: Int] = [0: 1, 2: 3, 3: 3, 4: 2, 6: 4]
                return ImageInfo(
                    mediaType: .png,
                    pixelSize: PixelSize(width: width, height: height),
                    componentCount: channels[colourType] ?? 3
                )
            }
        }
        throw .malformed(fileName: fileName, reason: "the PNG is cut short")
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 {
            value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
        }
        return value
    }

    private static func crc32(_ bytes: UnsafeRawBufferPointer, from start: Int, count: Int) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for index in start..<start + count {
            crc = crcTable[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    // MARK: - Other formats, named in the refusal

    private static func recogniseOtherFormat(_ bytes: UnsafeRawBufferPointer) -> FileFormat? {
        let prefix = Array(bytes.prefix(12))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            prefix.count >= offset + signature.count && Array(prefix[offset..<offset + signature.count]) == signature
        }
        if starts(Array("GIF8".utf8)) { return .gif }
        if starts(Array("%PDF".utf8)) { return .pdf }
        if starts(Array("BM".utf8)) { return .bmp }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webP }
        if starts(Array("ftyp".utf8), at: 4) {
            let brand = prefix.count >= 12 ? String(decoding: prefix[8..<12], as: UTF8.self) : ""
            return ["heic", "heix", "mif1", "msf1", "hevc"].contains(brand) ? .heic : .videoOrHEIF
        }
        let sample = Data(bytes.prefix(512))
        if !sample.isEmpty, String(data: sample, encoding: .utf8) != nil, !sample.contains(0) { return .text }
        return nil
    }
}
