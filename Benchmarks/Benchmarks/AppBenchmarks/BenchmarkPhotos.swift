import Foundation

/// The photos the benchmarks add: a camera-sized JPEG of about 4 MB (made by `Scripts/make_benchmark_photos.py`,
/// as for the PDF benchmarks) and a small one from the project's test fixtures. Each can be written as a variant
/// with a different comment segment, so every added photo is new bytes, as a new photo from the camera is.
enum BenchmarkPhotos {
    /// The small photos the stored reports refer to.
    static let storedFixtureNames = ["photo-64x48.jpg", "photo-exif-120x90.jpg", "photo-progressive-80x60.jpg"]
    static let smallFixtureName = "photo-exif-120x90.jpg"

    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folder the PDF benchmarks use too; the script makes only what is missing.
    static let largeFolder = FileManager.default.temporaryDirectory.appendingPathComponent("crash-assistant-benchmark-photos-v1")

    /// A test fixture's bytes (`Tests/Fixtures/NAME`).
    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: repository.appendingPathComponent("Tests/Fixtures").appendingPathComponent(name))
    }

    /// The camera-sized JPEG (about 4 MB), made on first use.
    static func large() throws -> Data {
        let script = repository.appendingPathComponent("Benchmarks/Scripts/make_benchmark_photos.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, largeFolder.path, "1"]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failed(description: "\(script) failed (exit \(process.terminationStatus)); run `make bench`, which installs Pillow")
        }
        return try Data(contentsOf: largeFolder.appendingPathComponent("photo-00.jpg"))
    }

    /// The JPEG with a comment segment (`FF FE`) naming `number` right after its start marker: the same picture,
    /// different bytes (and so a different SHA-256).
    static func variant(of jpeg: Data, number: Int) -> Data {
        let text = Data("variant \(number)".utf8)
        let length = text.count + 2
        var bytes = Data(jpeg.prefix(2))
        bytes.append(contentsOf: [0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)])
        bytes.append(text)
        bytes.append(jpeg.dropFirst(2))
        return bytes
    }
}
