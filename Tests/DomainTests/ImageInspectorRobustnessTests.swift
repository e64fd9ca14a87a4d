import Domain
import Foundation
import Testing
import TestSupport

@Suite("Recognising photos never trusts a damaged file")
struct ImageInspectorRobustnessTests {
    static let validFiles = [
        "photo-64x48.jpg", "photo-progressive-80x60.jpg", "photo-exif-120x90.jpg",
        "photo-40x30.png", "photo-alpha-24x24.png", "photo-interlaced-33x17.png",
    ]

    @Test("every cut-short copy of a valid photo is refused", arguments: validFiles)
    func everyTruncationIsRefused(file: String) throws {
        let bytes = try Fixtures.bytes(file)
        for length in 0..<bytes.count {
            #expect(throws: PhotoError.self, "\(file) cut to \(length) bytes") {
                try ImageInspector.inspect(bytes.prefix(length), fileName: file)
            }
        }
    }

    @Test("randomly damaged photos are refused or read, never crash", arguments: validFiles)
    func corruptedBytesNeverCrash(file: String) throws {
        let original = try Fixtures.bytes(file)
        var generator = SplitMix64(seed: UInt64(file.utf8.count) &* 0x9E37_79B9)
        for _ in 0..<2_000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[index] = UInt8.random(in: 0...255, using: &generator)
            }
            do {
                let info = try ImageInspector.inspect(bytes, fileName: file)
                #expect(info.pixelSize.width > 0 && info.pixelSize.height > 0)
                #expect(info.pixelSize.pixelCount <= ReportLimits.maximumPixelCount)
            } catch {
                #expect(Self.fileName(refusedIn: error) == file, "\(error)")
            }
        }
    }

    /// The file a photo refusal names, `nil` for refusals that name none.
    static func fileName(refusedIn error: PhotoError) -> String? {
        switch error {
        case let .empty(name), let .tooLarge(name, _, _), let .unsupportedFormat(name, _), let .malformed(name, _),
             let .tooManyPixels(name, _, _), let .unembeddableJPEG(name, _), let .duplicate(name, _):
            name
        case .sectionFull, .notFound, .bytesMissing:
            nil
        }
    }
}

/// A small seeded generator so the damaged inputs are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
