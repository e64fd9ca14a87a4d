import Domain
import Foundation
import Storage

/// Keeps photo bytes in memory, by SHA-256: the `--store memory` photo store and the tests' fake.
public actor InMemoryPhotoStore: PhotoStore {
    private var photos: [ContentHash: Data] = [:]

    public init() {}

    public func put(_ bytes: Data) -> ContentHash {
        let contentHash = ContentHash.sha256(of: bytes)
        if photos[contentHash] == nil { photos[contentHash] = bytes }
        return contentHash
    }

    public func bytes(for contentHash: ContentHash) throws -> Data {
        guard let bytes = photos[contentHash] else { throw PhotoError.bytesMissing(contentHash) }
        return bytes
    }

    public func contains(_ contentHash: ContentHash) -> Bool {
        photos[contentHash] != nil
    }

    public func byteCount(of contentHash: ContentHash) -> Int? {
        photos[contentHash]?.count
    }

    public func remove(_ contentHash: ContentHash) {
        photos[contentHash] = nil
    }

    /// The hashes of every stored photo, sorted.
    public var storedHashes: [ContentHash] { photos.keys.sorted() }
}
