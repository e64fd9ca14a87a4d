import Domain
import NIOCore
import ServerCore

/// Appends to one upload kept in the bucket: appended bytes are gathered and written as one segment object
/// (`upload/<upload id>/<offset>`) once more than `segmentSize` of them are waiting, and at ``finish()``. An instance that
/// dies mid-way leaves only whole segments, which the next ``S3BlobStore/openPartial(_:at:)`` drops beyond the
/// confirmed offset. One append at a time: the caller awaits each before the next.
///
/// An upload begun at 0 that arrives whole (every photo fits one segment at the default size) is never written as a
/// segment: the caller checks the bytes held here (``heldWhole()``) and they go straight to `photo/<sha256>`,
/// signed with that hash so the store checks them too. A new upload (``S3BlobStore/beginPartial(_:)``) sends
/// nothing else: no listing, no placeholder, nothing to delete. Cut short, it is written at ``finish()`` as one
/// segment to resume from (an empty one if nothing came).
package actor S3PartialBlobWriter: PartialBlobWriter {
    private let upload: UploadID
    private let client: S3Client
    private let segmentSize: Int
    /// Where the next segment starts: the upload's length written so far.
    private var written: Int
    private var pending = ByteBuffer()
    private var isFinished = false
    /// Whether every byte of the upload from 0 is still in ``pending`` (nothing written before this writer).
    private var holdsAll: Bool
    /// Whether the store holds a segment of the upload (its empty placeholder included).
    private var segmentsWritten: Bool

    /// - Parameter segmentsWritten: whether the store already holds a segment of the upload (`false` for a new one).
    package init(upload: UploadID, client: S3Client, offset: Int, segmentSize: Int, segmentsWritten: Bool) {
        self.upload = upload
        self.client = client
        self.written = offset
        self.segmentSize = segmentSize
        self.segmentsWritten = segmentsWritten
        holdsAll = offset == 0
    }

    // MARK: - PartialBlobWriter

    package func append(_ bytes: ByteBuffer) async throws {
        guard !isFinished else { throw BlobStoreError.writerFinished(upload) }
        var bytes = bytes
        pending.writeBuffer(&bytes)
        if pending.readableBytes > segmentSize {
            holdsAll = false
            try await writePending()
        }
    }

    package func finish() async throws -> Int {
        guard !isFinished else { throw BlobStoreError.writerFinished(upload) }
        try await writePending()
        if !segmentsWritten {
            // Nothing came: the upload is there, and empty, for the request that continues it.
            try await client.put(S3BlobStore.segmentKey(upload, offset: 0), .bytes(ByteBuffer()))
            segmentsWritten = true
        }
        isFinished = true
        return written
    }

    package func heldWhole() -> HeldUpload? {
        guard holdsAll, !isFinished else { return nil }
        return HeldUpload(bytes: pending) { contentHash in try await self.storeHeld(as: contentHash) }
    }

    private func storeHeld(as contentHash: ContentHash) async throws {
        guard holdsAll, !isFinished else { throw BlobStoreError.writerFinished(upload) }
        let key = S3BlobStore.key(of: contentHash, kind: .photo)
        let bytes = pending
        try await client.put(key, .stream(.bytes(bytes), sha256: contentHash.hex), createOnly: true)
        isFinished = true
        written += bytes.readableBytes
        pending = ByteBuffer()
        // Holding everything, this writer wrote no bytes as a segment: at most the placeholder it was opened with.
        if segmentsWritten { try await client.delete(S3BlobStore.segmentKey(upload, offset: 0)) }
    }

    // MARK: - Writing

    /// Writes the gathered bytes as the segment at ``written``; they are dropped from memory only once stored, so a
    /// failed write is retried whole by the next one.
    private func writePending() async throws {
        let batch = pending
        guard batch.readableBytes > 0 else { return }
        try await client.put(S3BlobStore.segmentKey(upload, offset: written), .bytes(batch))
        segmentsWritten = true
        written += batch.readableBytes
        pending.moveReaderIndex(forwardBy: batch.readableBytes)
        pending.discardReadBytes()
    }
}
