import Domain
import Foundation
import NIOCore

/// The bytes the server keeps: photos and PDFs, each once under its SHA-256 (written create-only), and the
/// bytes of uploads under way under the server's own upload id. Never a name from a request.
package protocol BlobStore: Sendable {
    // MARK: - Whole blobs

    /// The stored bytes' length, or `nil` when nothing is stored under the hash.
    func length(of contentHash: ContentHash, kind: BlobKind) async throws -> Int?

    /// The whole blob in memory (the PDF renderer reads one photo at a time).
    /// - Throws: `PhotoError.bytesMissing` when nothing is stored under the hash.
    func bytes(of contentHash: ContentHash, kind: BlobKind) async throws -> Data

    /// Hands the blob to `body` in chunks of at most `chunkSize` bytes, in order (downloads stream it).
    func read(
        _ contentHash: ContentHash, kind: BlobKind, chunkSize: Int,
        into body: (ByteBuffer) async throws -> Void
    ) async throws

    /// Stores a finished file (e.g. a rendered PDF) under its SHA-256, computed while copying; the file is left.
    /// - Returns: the hash it is stored under.
    func store(fileAt path: String, kind: BlobKind) async throws -> ContentHash

    /// Removes the blob with this hash; none is not an error.
    func remove(_ contentHash: ContentHash, kind: BlobKind) async throws

    // MARK: - Uploads under way

    /// Opens the upload's bytes for appending at `offset`, creating them when `offset` is 0. Bytes beyond `offset`
    /// (written but never confirmed) are dropped first.
    func openPartial(_ upload: UploadID, at offset: Int) async throws -> any PartialBlobWriter

    /// Opens the bytes of a new upload (an id no upload had before) for appending from its first byte: there is
    /// nothing to drop first. A store may write nothing until the first bytes or ``PartialBlobWriter/finish()``;
    /// once finished, the upload is there (empty, if nothing was appended).
    func beginPartial(_ upload: UploadID) async throws -> any PartialBlobWriter

    /// Hands the upload's first `length` bytes to `body` in order (to hash them again when an upload resumes).
    func readPartial(_ upload: UploadID, length: Int, into body: (ByteBuffer) async throws -> Void) async throws

    /// The upload's bytes, for checking what they are (mapped from the file, not copied, where it can).
    func partialBytes(_ upload: UploadID) async throws -> Data

    /// Stores the whole upload under its hash as a photo and forgets the upload. When those bytes are stored
    /// already, the upload is dropped and the stored bytes kept.
    func promotePartial(_ upload: UploadID, as contentHash: ContentHash) async throws

    /// Drops the upload's bytes; dropping bytes that are not there is not an error.
    func discardPartial(_ upload: UploadID) async throws
}

/// What a blob is, so photos and documents are kept apart.
package enum BlobKind: String, Sendable, Hashable {
    case photo
    case document
}

/// Appends to one upload's bytes. Nothing counts as stored until ``finish()`` returned.
package protocol PartialBlobWriter: Sendable {
    func append(_ bytes: ByteBuffer) async throws

    /// Flushes what was appended to durable storage and closes the writer.
    /// - Returns: the upload's length now.
    func finish() async throws -> Int

    /// The upload's bytes, when this writer holds all of them from the first and has written none (a store whose
    /// writes go over the network gathers them): the caller checks them and stores them with ``HeldUpload/store``
    /// rather than ``finish()``, so they are neither written as a segment nor read back. `nil` when it does not.
    func heldWhole() async -> HeldUpload?
}

extension BlobStore {
    package func beginPartial(_ upload: UploadID) async throws -> any PartialBlobWriter {
        try await openPartial(upload, at: 0)
    }
}

extension PartialBlobWriter {
    package func heldWhole() async -> HeldUpload? { nil }
}

/// An upload's bytes held whole by its writer, and how to store them.
package struct HeldUpload: Sendable {
    package let bytes: ByteBuffer
    /// Writes the bytes, checked to have this SHA-256, as the photo blob of that hash (kept as it is when there),
    /// drops what the store kept of the upload itself, and closes the writer. The upload's record in the index is
    /// the caller's to end.
    package let store: @Sendable (ContentHash) async throws -> Void

    package init(bytes: ByteBuffer, store: @escaping @Sendable (ContentHash) async throws -> Void) {
        self.bytes = bytes
        self.store = store
    }
}

extension BlobStore {
    /// Removes a PDF's bytes when no report, version of a report's PDF or other driver's copy names them
    /// (``ServerReportStore/isDocumentRecorded(_:)``).
    package func removeDocument(_ document: ContentHash, unlessRecordedIn reports: any ServerReportStore) async throws {
        if try await !reports.isDocumentRecorded(document) { try await remove(document, kind: .document) }
    }
}
