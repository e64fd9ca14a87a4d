import Domain
import Foundation
import Testing
import TestSupport

@Suite("Recognising photos from their bytes")
struct ImageInspectorTests {
    struct Valid: Sendable, CustomTestStringConvertible {
        let file: String
        let type: MediaType
        let width: Int
        let height: Int
        let components: Int
        var testDescription: String { file }
    }

    static let validFiles: [Valid] = [
        Valid(file: "photo-64x48.jpg", type: .jpeg, width: 64, height: 48, components: 3),
        Valid(file: "photo-progressive-80x60.jpg", type: .jpeg, width: 80, height: 60, components: 3),
        Valid(file: "photo-grey-32x32.jpg", type: .jpeg, width: 32, height: 32, components: 1),
        Valid(file: "photo-exif-120x90.jpg", type: .jpeg, width: 120, height: 90, components: 3),
        Valid(file: "photo-restarts-64x48.jpg", type: .jpeg, width: 64, height: 48, components: 3),
        Valid(file: "photo-40x30.png", type: .png, width: 40, height: 30, components: 3),
        Valid(file: "photo-alpha-24x24.png", type: .png, width: 24, height: 24, components: 4),
        Valid(file: "photo-interlaced-33x17.png", type: .png, width: 33, height: 17, components: 3),
    ]

    @Test("valid photos give their type and pixel size", arguments: validFiles)
    func validPhotoIsRecognised(_ expected: Valid) throws {
        let info = try ImageInspector.inspect(Fixtures.bytes(expected.file), fileName: expected.file)
        #expect(info.mediaType == expected.type)
        #expect(info.pixelSize == PixelSize(width: expected.width, height: expected.height))
        #expect(info.componentCount == expected.components)
    }

    @Test("truncated or damaged files are refused as damaged", arguments: [
        "truncated-header.jpg", "truncated-data.jpg", "truncated.png", "bad-ihdr-crc.png",
    ])
    func damagedPhotoIsRefused(file: String) throws {
        let error = #expect(throws: PhotoError.self) {
            try ImageInspector.inspect(Fixtures.bytes(file), fileName: file)
        }
        guard case let .malformed(fileName, _)? = error else {
            Issue.record("expected .malformed, got \(String(describing: error))")
            return
        }
        #expect(fileName == file)
    }

    /// Damage an end-of-image marker alone does not show: image data cut short half way with another file joined
    /// after it (its restart markers fall short of the picture), and a marker no encoder writes inside image data.
    @Test("image data cut short or damaged inside is refused, saying which", arguments: [
        ("cut-short-joined.jpg", "the JPEG image data is cut short: it stops"),
        ("damaged-data.jpg", "the JPEG image data is damaged at byte"),
    ])
    func damageInsideTheImageDataIsSeen(_ file: String, _ reason: String) throws {
        let error = #expect(throws: PhotoError.self) {
            try ImageInspector.inspect(Fixtures.bytes(file), fileName: file)
        }
        guard case let .malformed(_, said)? = error else {
            Issue.record("expected .malformed, got \(String(describing: error))")
            return
        }
        #expect(said.hasPrefix(reason), "\(said)")
    }

    @Test func textFileNamedJPGIsRefusedAsText() throws {
        let error = #expect(throws: PhotoError.self) {
            try ImageInspector.inspect(Fixtures.bytes("notes.jpg"), fileName: "notes.jpg")
        }
        #expect(error == .unsupportedFormat(fileName: "notes.jpg", detected: .text))
    }

    @Test("Text is told by its first 512 bytes: a letter of several bytes across the 12th is text, binary after the 12th is not")
    func textIsToldByMoreThanTheSignatureBytes() {
        let unicode = Data("Unfall: Stoßstange, Kotflügel und Scheinwerfer links beschädigt.\n".utf8)
        #expect(unicode[11] & 0xE0 == 0xC0, "the 12th byte begins a two-byte letter")
        #expect(throws: PhotoError.unsupportedFormat(fileName: "notiz.jpg", detected: .text)) {
            try ImageInspector.inspect(unicode, fileName: "notiz.jpg")
        }
        let binary = Data("HELLO WORLD!".utf8) + Data([0, 0, 0, 0xFF, 0xFE])
        #expect(throws: PhotoError.unsupportedFormat(fileName: "data.jpg", detected: nil)) {
            try ImageInspector.inspect(binary, fileName: "data.jpg")
        }
    }

    @Test func gifIsRefusedNamingItsFormat() throws {
        let error = #expect(throws: PhotoError.self) {
            try ImageInspector.inspect(Fixtures.bytes("animation.gif"), fileName: "animation.gif")
        }
        #expect(error == .unsupportedFormat(fileName: "animation.gif", detected: .gif))
    }

    @Test func emptyFileIsRefused() {
        #expect(throws: PhotoError.empty(fileName: "empty.jpg")) {
            try ImageInspector.inspect(Data(), fileName: "empty.jpg")
        }
    }

    @Test func randomBytesAreNotAPhoto() {
        let noise = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) | 0x80 })
        #expect(throws: PhotoError.unsupportedFormat(fileName: "noise.png", detected: nil)) {
            try ImageInspector.inspect(noise, fileName: "noise.png")
        }
    }

    @Test func jpegClaimingZeroWidthIsRefused() throws {
        var bytes = try Fixtures.jpeg()
        let frame = try #require(Self.frameHeaderOffset(in: bytes))
        bytes[frame + 5] = 0  // width, high byte
        bytes[frame + 6] = 0  // width, low byte
        let error = #expect(throws: PhotoError.self) { try ImageInspector.inspect(bytes, fileName: "zero.jpg") }
        guard case .malformed? = error else { Issue.record("expected .malformed, got \(String(describing: error))"); return }
    }

    @Test func jpegOfMoreThanAHundredMegapixelsIsRefused() throws {
        var bytes = try Fixtures.jpeg()
        let frame = try #require(Self.frameHeaderOffset(in: bytes))
        for offset in 3...6 { bytes[frame + offset] = 0xFF }  // 65535 × 65535
        let error = #expect(throws: PhotoError.self) { try ImageInspector.inspect(bytes, fileName: "huge.jpg") }
        #expect(error == .tooManyPixels(
            fileName: "huge.jpg", size: PixelSize(width: 65535, height: 65535), limit: ReportLimits.maximumPixelCount))
    }

    @Test func losslessJPEGIsRefusedAsUnsupported() throws {
        var bytes = try Fixtures.jpeg()
        let frame = try #require(Self.frameHeaderOffset(in: bytes))
        bytes[frame - 1] = 0xC3  // SOF3: lossless
        let error = #expect(throws: PhotoError.self) { try ImageInspector.inspect(bytes, fileName: "lossless.jpg") }
        guard case .unsupportedFormat(_, let detected?)? = error else {
            Issue.record("expected .unsupportedFormat, got \(String(describing: error))")
            return
        }
        #expect(detected == .losslessJPEG)
    }

    @Test func twelveBitJPEGIsRefusedAsUnembeddable() throws {
        var bytes = try Fixtures.jpeg()
        let frame = try #require(Self.frameHeaderOffset(in: bytes))
        bytes[frame + 2] = 12  // sample precision, after the two length bytes
        let error = #expect(throws: PhotoError.self) {
            try ImageInspector.inspect(bytes, fileName: "deep.jpg")
        }
        #expect(error == .unembeddableJPEG(fileName: "deep.jpg", kind: .bits(12)))
    }

    @Test func photoWithBytesAfterTheEndMarkerIsAccepted() throws {
        // Phones append data (e.g. a motion clip) after the image; the photo itself is intact.
        let bytes = try Fixtures.jpeg() + Data(repeating: 0x42, count: 1000)
        let info = try ImageInspector.inspect(bytes, fileName: "motion.jpg")
        #expect(info.pixelSize == PixelSize(width: 64, height: 48))
    }

    /// The offset of the SOF0 segment's length field (the byte after the C0 marker).
    static func frameHeaderOffset(in bytes: Data) -> Int? {
        let array = [UInt8](bytes)
        return (2..<array.count - 1).first { array[$0 - 1] == 0xFF && array[$0] == 0xC0 }.map { $0 + 1 }
    }
}
