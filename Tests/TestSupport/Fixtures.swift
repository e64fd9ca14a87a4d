import Foundation

/// The image files under `Tests/Fixtures`, made by `Tests/Fixtures/make_fixtures.py`.
public enum Fixtures {
    /// `Tests/Fixtures`, found from this source file so tests never read outside the repository.
    public static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    public static func url(_ name: String) -> URL {
        directory.appendingPathComponent(name)
    }

    /// The bytes of a fixture; a missing fixture is a broken checkout, reported with its path.
    public static func bytes(_ name: String) throws -> Data {
        try Data(contentsOf: url(name))
    }

    /// A valid 64 × 48 JPEG.
    public static func jpeg() throws -> Data { try bytes("photo-64x48.jpg") }

    /// A valid 40 × 30 PNG.
    public static func png() throws -> Data { try bytes("photo-40x30.png") }

    /// A valid JPEG made distinct by a comment segment carrying `index`, so each has its own hash.
    public static func distinctJPEG(_ index: Int) throws -> Data {
        let original = try jpeg()
        let comment = Data("photo \(index)".utf8)
        let length = comment.count + 2
        var bytes = Data(original.prefix(2))
        bytes.append(contentsOf: [0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)])
        bytes.append(comment)
        bytes.append(original.dropFirst(2))
        return bytes
    }
}
