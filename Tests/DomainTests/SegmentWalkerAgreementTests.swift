import Domain
import Foundation
import Testing
import TestSupport

/// The photo inspector and the metadata reader walk a JPEG header with the same walker, so they stop at the same marker.
@Suite("Inspecting a photo and reading its metadata agree on where the header ends")
struct SegmentWalkerAgreementTests {
    /// The EXIF fixture with `inserted` placed right after its start-of-image marker, before its APP1 Exif segment.
    static func exifPhoto(inserting inserted: [UInt8]) throws -> Data {
        let original = try Fixtures.bytes("photo-exif-120x90.jpg")
        var bytes = Data(original.prefix(2))
        bytes.append(contentsOf: inserted)
        bytes.append(original.dropFirst(2))
        return bytes
    }

    // The inspector used to refuse a second start-of-image marker while the metadata reader skipped it as a
    // marker without a length and read the EXIF block behind it.
    @Test func aSecondStartOfImageEndsTheHeaderForBoth() throws {
        let bytes = try Self.exifPhoto(inserting: [0xFF, 0xD8])
        #expect(throws: PhotoError.malformed(fileName: "spliced.jpg", reason: "the JPEG header has no image data")) {
            try ImageInspector.inspect(bytes, fileName: "spliced.jpg")
        }
        #expect(PhotoMetadataReader.read(bytes) == .none)
    }

    @Test func markersWithoutALengthAndFillBytesArePassedByBoth() throws {
        let bytes = try Self.exifPhoto(inserting: [0xFF, 0xFF, 0xFF, 0x01, 0xFF, 0xD0, 0xFF, 0xD7])
        let info = try ImageInspector.inspect(bytes, fileName: "padded.jpg")
        #expect(info.pixelSize == PixelSize(width: 120, height: 90))
        #expect(PhotoMetadataReader.read(bytes).takenAt == PhotoMetadataReaderTests.exifFixtureTime)
    }

    @Test func anEndOfImageBeforeTheScanEndsTheHeaderForBoth() throws {
        let bytes = try Self.exifPhoto(inserting: [0xFF, 0xD9])
        #expect(throws: PhotoError.malformed(fileName: "ended.jpg", reason: "the JPEG header has no image data")) {
            try ImageInspector.inspect(bytes, fileName: "ended.jpg")
        }
        #expect(PhotoMetadataReader.read(bytes) == .none)
    }
}
