import Foundation

/// Keeps photo bytes by their content (SHA-256), so the same photo is stored once.
public protocol PhotoStore: PhotoSource {
    /// Stores the bytes (a no-op when they are already there) and returns their SHA-256.
    /// The bytes are wholly stored when it returns, or not at all.
    func put(_ bytes: Data) async throws -> ContentHash

    func contains(_ contentHash: ContentHash) async throws -> Bool

    /// How many bytes the photo holds; `nil` when it is not stored.
    func byteCount(of contentHash: ContentHash) async throws -> Int?

    /// Deletes the bytes; deleting bytes that are not there is not an error.
    func remove(_ contentHash: ContentHash) async throws
}
