import Crypto
import Domain
import Foundation
import NIOCore

/// The blob port in memory, for tests of the routes and services, and the empty store of a command that reads only the
/// database; it passes the blob store's conformance suite like the data folder and the bucket.
package actor InMemoryBlobStore: BlobStore {
    private struct Key: Hashable {
        let contentHash: ContentHash
        let kind: BlobKind
    }

    private var blobs: [Key: Data] = [:]
    private var partials: [UploadID: Data] = [:]

    package init() {}

    package func length(of contentHash: ContentHash, kind: BlobKind) -> Int? {
        blobs[Key(contentHash: contentHash, kind: kind)]?.count
    }

    package func bytes(of contentHash: ContentHash, kind: BlobKind) throws -> Data {
        guard let bytes = blobs[Key(contentHash: contentHash, kind: kind)] else { throw PhotoError.bytesMissing(contentHash) }
        return bytes
    }

    package nonisolated func read(
        _ contentHash: ContentHash, kind: BlobKind, chunkSize: Int, into body: (ByteBuffer) async throws -> Void
    ) async throws {
        let bytes = try await bytes(of: contentHash, kind: kind)
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = min(start + max(chunkSize, 1), bytes.endIndex)
            try await body(ByteBuffer(bytes: bytes[start..<end]))
            start = end
        }
    }

    package func remove(_ contentHash: ContentHash, kind: BlobKind) {
        blobs[Key(contentHash: contentHash, kind: kind)] = nil
    }

    package func store(fileAt path: String, kind: BlobKind) throws -> ContentHash {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let hash = try ContentHash(digest: SHA256.hash(data: bytes))
        let key = Key(contentHash: hash, kind: kind)
        if blobs[key] == nil { blobs[key] = bytes }
        return hash
    }

    package func openPartial(_ upload: UploadID, at offset: Int) throws -> any PartialBlobWriter {
        // As the data folder does: a new upload starts at 0; one not there, or shorter than the offset, is refused.
        guard let held = partials[upload] ?? (offset == 0 ? Data() : nil) else { throw BlobStoreError.uploadMissing(upload) }
        guard held.count >= offset else { throw BlobStoreError.uploadShorter(upload, length: held.count, offset: offset) }
        partials[upload] = held.prefix(offset)
        return Writer(store: self, upload: upload)
    }

    package nonisolated func readPartial(_ upload: UploadID, length: Int, into body: (ByteBuffer) async throws -> Void) async throws {
        try await body(ByteBuffer(bytes: try await partialBytes(upload).prefix(length)))
    }

    package func partialBytes(_ upload: UploadID) throws -> Data {
        guard let bytes = partials[upload] else { throw BlobStoreError.uploadMissing(upload) }
        return bytes
    }

    package func promotePartial(_ upload: UploadID, as contentHash: ContentHash) throws {
        guard let bytes = partials[upload] else { throw BlobStoreError.uploadMissing(upload) }
        let key = Key(contentHash: contentHash, kind: .photo)
        if blobs[key] == nil { blobs[key] = bytes }
        partials[upload] = nil
    }

    package func discardPartial(_ upload: UploadID) {
        partials[upload] = nil
    }

    // MARK: - Looking behind the store (tests)

    /// The hashes stored as whole blobs of the kind, sorted.
    package func storedNames(_ kind: BlobKind) -> [String] {
        blobs.keys.filter { $0.kind == kind }.map(\.contentHash.hex).sorted()
    }

    /// The uploads under way.
    package var partialNames: [String] { partials.keys.map(\.description).sorted() }

    /// Stores bytes under a hash directly, as an earlier write would have.
    package func plant(_ bytes: Data, as contentHash: ContentHash, kind: BlobKind) {
        blobs[Key(contentHash: contentHash, kind: kind)] = bytes
    }

    fileprivate func append(_ bytes: ByteBuffer, to upload: UploadID) {
        partials[upload, default: Data()].append(contentsOf: bytes.readableBytesView)
    }

    private struct Writer: PartialBlobWriter {
        let store: InMemoryBlobStore
        let upload: UploadID

        func append(_ bytes: ByteBuffer) async throws {
            await store.append(bytes, to: upload)
        }

        func finish() async throws -> Int {
            try await store.partialBytes(upload).count
        }
    }
}
