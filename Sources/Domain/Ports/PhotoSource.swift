import Foundation

/// Where photos' bytes are read from, by their content (SHA-256): what a renderer needs, and no more.
public protocol PhotoSource: Sendable {
    /// The bytes stored under this hash.
    /// - Throws: `PhotoError.bytesMissing` when nothing is stored under it.
    func bytes(for contentHash: ContentHash) async throws -> Data
}
