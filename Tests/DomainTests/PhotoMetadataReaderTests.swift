import Domain
import Foundation
import Testing
import TestSupport

@Suite("Reading when, where and which way up from a photo's own metadata")
struct PhotoMetadataReaderTests {
    /// 2026-11-21 17:42:10 UTC
    static let exifFixtureTime = Date(timeIntervalSince1970: 1_795_282_930)

    @Test func exifFixtureGivesItsOrientationTimeAndPlace() throws {
        let metadata = PhotoMetadataReader.read(try Fixtures.bytes("photo-exif-120x90.jpg"))
        #expect(metadata.orientation == .rotatedClockwise)
        // No OffsetTimeOriginal: the camera's wall-clock time is read as UTC.
        #expect(metadata.takenAt == Self.exifFixtureTime)
        let place = try #require(metadata.takenWhere)
        #expect(abs(place.latitude - (47 + 29.0 / 60 + 52.8 / 3600)) < 1e-9)
        #expect(abs(place.longitude - (19 + 2.0 / 60 + 24.0 / 3600)) < 1e-9)
    }

    @Test func offsetTimeAndSouthernWesternReferencesAreHonoured() throws {
        let metadata = PhotoMetadataReader.read(try Fixtures.bytes("photo-quadrants-o8-80x60.jpg"))
        #expect(metadata.orientation == .rotatedCounterClockwise)
        // 2026-11-20 08:15:00 at UTC-03:00 is 11:15:00 UTC.
        #expect(metadata.takenAt == Date(timeIntervalSince1970: 1_795_173_300))
        let place = try #require(metadata.takenWhere)
        #expect(abs(place.latitude - -34.6) < 1e-9)
        #expect(abs(place.longitude - -(58 + 22.0 / 60 + 12.0 / 3600)) < 1e-9)
    }

    @Test func pngExifChunkIsRead() throws {
        let metadata = PhotoMetadataReader.read(try Fixtures.bytes("photo-exif-48x32.png"))
        #expect(metadata.orientation == .rotatedClockwise)
        #expect(metadata.takenAt == Self.exifFixtureTime)
        #expect(metadata.takenWhere != nil)
    }

    @Test func photoWithoutMetadataIsUprightWithNoTimeOrPlace() throws {
        #expect(PhotoMetadataReader.read(try Fixtures.jpeg()) == .none)
        #expect(PhotoMetadataReader.read(try Fixtures.png()) == .none)
    }

    @Test func exifWhoseDirectoryLiesOutsideTheBlockGivesNothing() throws {
        #expect(PhotoMetadataReader.read(try Fixtures.bytes("photo-bad-exif-64x48.jpg")) == .none)
    }

    @Test func littleEndianBlockIsReadWithItsOffset() throws {
        let block = TIFFBuilder(littleEndian: true, orientation: 3, time: "2026:01:02 03:04:05", offset: "+05:30").bytes
        let metadata = PhotoMetadataReader.read(try TIFFBuilder.jpeg(carrying: block))
        #expect(metadata.orientation == .upsideDown)
        // 03:04:05 at UTC+05:30 is 21:34:05 UTC the day before.
        #expect(metadata.takenAt == Date(timeIntervalSince1970: 1_767_303_245))
    }

    @Test func impossibleDateIsLeftOutButTheOrientationKept() throws {
        let block = TIFFBuilder(littleEndian: false, orientation: 8, time: "2026:02:30 10:00:00", offset: nil).bytes
        let metadata = PhotoMetadataReader.read(try TIFFBuilder.jpeg(carrying: block))
        #expect(metadata.orientation == .rotatedCounterClockwise)
        #expect(metadata.takenAt == nil)
    }

    @Test func cameraWithoutAClockGivesNoTime() throws {
        let block = TIFFBuilder(littleEndian: true, orientation: 1, time: "0000:00:00 00:00:00", offset: nil).bytes
        #expect(PhotoMetadataReader.read(try TIFFBuilder.jpeg(carrying: block)).takenAt == nil)
    }

    @Test func directoryPointingAtItselfIsReadOnce() throws {
        var builder = TIFFBuilder(littleEndian: true, orientation: 6, time: nil, offset: nil)
        builder.exifPointerOverride = 8  // the Exif directory "is" the first directory again
        let metadata = PhotoMetadataReader.read(try TIFFBuilder.jpeg(carrying: builder.bytes))
        #expect(metadata.orientation == .rotatedClockwise)
        #expect(metadata.takenAt == nil)
    }

    @Test("every cut-short copy is read without crashing", arguments: ["photo-exif-120x90.jpg", "photo-exif-48x32.png"])
    func truncatedFilesNeverCrash(file: String) throws {
        let bytes = try Fixtures.bytes(file)
        for length in 0...bytes.count {
            let metadata = PhotoMetadataReader.read(bytes.prefix(length))
            if let place = metadata.takenWhere {
                #expect(abs(place.latitude) <= 90 && abs(place.longitude) <= 180)
            }
        }
    }

    @Test("randomly damaged metadata is read or left out, never crashes", arguments: [
        "photo-exif-120x90.jpg", "photo-quadrants-o8-80x60.jpg", "photo-exif-48x32.png",
    ])
    func corruptedMetadataNeverCrashes(file: String) throws {
        let original = try Fixtures.bytes(file)
        // Damage only the first 400 bytes, where the metadata lives, so every run hits it.
        let span = min(400, original.count)
        var generator = SplitMix64(seed: UInt64(file.utf8.count) &* 0xD1B5_4A32_D192_ED03)
        var readSomething = 0
        for _ in 0..<3_000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                bytes[Int.random(in: 2..<span, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            let metadata = PhotoMetadataReader.read(bytes)
            if metadata != .none { readSomething += 1 }
            if let place = metadata.takenWhere {
                #expect(abs(place.latitude) <= 90 && abs(place.longitude) <= 180)
            }
        }
        #expect(readSomething > 0)
    }
}

/// Builds small EXIF blocks (TIFF structure) in either byte order, and JPEGs carrying them.
struct TIFFBuilder {
    let littleEndian: Bool
    let orientation: Int
    let time: String?
    let offset: String?
    var exifPointerOverride: Int?

    init(littleEndian: Bool, orientation: Int, time: String?, offset: String?) {
        self.littleEndian = littleEndian
        self.orientation = orientation
        self.time = time
        self.offset = offset
    }

    var bytes: [UInt8] {
        // Header (8) | IFD0: 2 entries (2 + 24 + 4) at 8 | Exif IFD at 38: n entries | strings after it.
        var out: [UInt8] = littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]
        out += u16(42) + u32(8)
        let exifOffset = 38
        out += u16(2)
        out += entry(tag: 0x0112, type: 3, count: 1, value: u16(orientation) + [0, 0])
        out += entry(tag: 0x8769, type: 4, count: 1, value: u32(exifPointerOverride ?? exifOffset))
        out += u32(0)
        let strings = [(0x9003, time), (0x9011, offset)].compactMap { tag, text in text.map { (tag, $0) } }
        out += u16(strings.count)
        var dataOffset = exifOffset + 2 + strings.count * 12 + 4
        var data: [UInt8] = []
        for (tag, text) in strings {
            let value = Array(text.utf8) + [0]
            out += entry(tag: tag, type: 2, count: value.count, value: u32(dataOffset))
            data += value
            dataOffset += value.count
        }
        out += u32(0)
        return out + data
    }

    private func entry(tag: Int, type: Int, count: Int, value: [UInt8]) -> [UInt8] {
        u16(tag) + u16(type) + u32(count) + value
    }

    private func u16(_ value: Int) -> [UInt8] {
        let bytes = [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        return littleEndian ? bytes.reversed() : bytes
    }

    private func u32(_ value: Int) -> [UInt8] {
        let bytes = [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        return littleEndian ? bytes.reversed() : bytes
    }

    /// A valid JPEG whose first segment is an APP1 Exif segment holding `block`.
    static func jpeg(carrying block: [UInt8]) throws -> Data {
        let original = try Fixtures.jpeg()
        let body = Array("Exif".utf8) + [0, 0] + block
        var bytes = Data([0xFF, 0xD8, 0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)])
        bytes.append(contentsOf: body)
        bytes.append(original.dropFirst(2))
        return bytes
    }
}
