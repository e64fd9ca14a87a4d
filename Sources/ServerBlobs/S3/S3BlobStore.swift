import AsyncHTTPClient
import Crypto
import Domain
import Foundation
import NIOCore
import NIOPosix
import ServerCore
import Storage

/// Keeps the server's blobs in an S3-compatible bucket, so every instance of the server sees the same bytes:
///
/// - `photo/<sha256>` and `document/<sha256>`: whole blobs, written once: looked up first, then written with
///   `If-None-Match: *` (a copy inside the store cannot be conditional, but could only put the same bytes again);
/// - `upload/<upload id>/<offset>`: an upload under way, as segment objects, each the upload's bytes from `offset`
///   (12 digits, so the keys list in order). Another instance can resume an upload one instance began.
///
/// Reads stream: a download passes the object's bytes on as they arrive, never holding the whole photo. Promoting
/// an upload copies its one segment inside the store (CopyObject), or streams its segments, one after the other,
/// into the PUT of `photo/<sha256>` (signed with that hash, so the store checks the bytes), then deletes them.
package struct S3BlobStore: BlobStore {
    package let client: S3Client
    /// How many bytes an upload's writer gathers before it writes them as a segment.
    package let segmentSize: Int
    private let threadPool: NIOThreadPool

    /// Segments as large as the largest photo (20 MiB): a photo sent whole is one segment, checked from the writer's
    /// memory and promoted by a copy inside the store; a writer holds at most one segment.
    package static let defaultSegmentSize = ReportLimits.maximumPhotoBytes
    /// How many bytes ``store(fileAt:kind:)`` reads from the file at a time.
    package static let fileChunkSize = 256 * 1_024

    package init(client: S3Client, segmentSize: Int = S3BlobStore.defaultSegmentSize, threadPool: NIOThreadPool = .singleton) {
        self.client = client
        self.segmentSize = max(segmentSize, 1)
        self.threadPool = threadPool
    }

    // MARK: - Keys

    /// The key a whole blob is stored under.
    package static func key(of contentHash: ContentHash, kind: BlobKind) -> String {
        "\(kind.rawValue)/\(contentHash.hex)"
    }

    /// The prefix of every segment of the upload.
    package static func segmentPrefix(_ upload: UploadID) -> String {
        "upload/\(upload.description)/"
    }

    /// The key of the upload's segment starting at `offset`.
    package static func segmentKey(_ upload: UploadID, offset: Int) -> String {
        let digits = String(offset)
        return segmentPrefix(upload) + String(repeating: "0", count: max(0, 12 - digits.count)) + digits
    }

    // MARK: - Whole blobs

    package func length(of contentHash: ContentHash, kind: BlobKind) async throws -> Int? {
        try await client.length(of: Self.key(of: contentHash, kind: kind))
    }

    package func bytes(of contentHash: ContentHash, kind: BlobKind) async throws -> Data {
        var bytes = Data()
        try await read(contentHash, kind: kind, chunkSize: Self.fileChunkSize) { bytes.append(contentsOf: $0.readableBytesView) }
        return bytes
    }

    package func read(
        _ contentHash: ContentHash, kind: BlobKind, chunkSize: Int,
        into body: (ByteBuffer) async throws -> Void
    ) async throws {
        guard let object = try await client.get(Self.key(of: contentHash, kind: kind)) else {
            throw PhotoError.bytesMissing(contentHash)
        }
        try await Self.rechunk(object, chunkSize: chunkSize, into: body)
    }

    package func remove(_ contentHash: ContentHash, kind: BlobKind) async throws {
        try await client.delete(Self.key(of: contentHash, kind: kind))
    }

    package func store(fileAt path: String, kind: BlobKind) async throws -> ContentHash {
        let (contentHash, length) = try await hash(fileAt: path)
        let key = Self.key(of: contentHash, kind: kind)
        // Already there: the same bytes (the key is their hash), kept as they are.
        if try await client.length(of: key) != nil { return contentHash }
        let chunks = FileChunks(path: path, chunkSize: Self.fileChunkSize, threadPool: threadPool)
        try await client.put(key, .stream(.stream(chunks, length: .known(Int64(length))), sha256: contentHash.hex), createOnly: true)
        return contentHash
    }

    // MARK: - Uploads under way

    package func openPartial(_ upload: UploadID, at offset: Int) async throws -> any PartialBlobWriter {
        let segments = try await segments(of: upload)
        if offset == 0 {
            for segment in segments { try await client.delete(segment.key) }
            // An empty first segment: the upload is there (and empty) until its first bytes replace it.
            try await client.put(Self.segmentKey(upload, offset: 0), .bytes(ByteBuffer()))
        } else {
            guard !segments.isEmpty else { throw BlobStoreError.uploadMissing(upload) }
            let held = S3Segment.contiguous(segments).last?.end ?? 0
            guard held >= offset else { throw BlobStoreError.uploadShorter(upload, length: held, offset: offset) }
            // Bytes written after the last confirmed offset are dropped; a segment across it keeps its first part.
            for segment in segments where segment.end > offset {
                if segment.offset >= offset {
                    try await client.delete(segment.key)
                } else {
                    guard let body = try await client.get(segment.key, range: 0..<(offset - segment.offset)) else {
                        throw BlobStoreError.uploadShorter(upload, length: segment.offset, offset: offset)
                    }
                    try await client.put(segment.key, .bytes(try await body.collect(upTo: segment.length)))
                }
            }
        }
        return S3PartialBlobWriter(upload: upload, client: client, offset: offset, segmentSize: segmentSize, segmentsWritten: true)
    }

    /// A new upload's id has no segments to list or drop: nothing is sent to the store until a segment is written,
    /// the whole photo is stored, or the writer finishes (then as an empty first segment, if nothing came).
    package func beginPartial(_ upload: UploadID) async throws -> any PartialBlobWriter {
        S3PartialBlobWriter(upload: upload, client: client, offset: 0, segmentSize: segmentSize, segmentsWritten: false)
    }

    package func readPartial(_ upload: UploadID, length: Int, into body: (ByteBuffer) async throws -> Void) async throws {
        // The first 0 bytes need no segment: an upload cut off before it stored any resumes from there.
        guard length > 0 else { return }
        try await read(heldSegments(of: upload), of: upload, length: length, into: body)
    }

    package func partialBytes(_ upload: UploadID) async throws -> Data {
        let run = try await heldSegments(of: upload)
        var bytes = Data(capacity: run.last?.end ?? 0)
        try await read(run, of: upload, length: run.last?.end ?? 0) { bytes.append(contentsOf: $0.readableBytesView) }
        return bytes
    }

    package func promotePartial(_ upload: UploadID, as contentHash: ContentHash) async throws {
        let segments = try await segments(of: upload)
        guard !segments.isEmpty else { throw BlobStoreError.uploadMissing(upload) }
        let key = Self.key(of: contentHash, kind: .photo)
        // Already there: the same bytes, kept; the upload is dropped either way.
        if try await client.length(of: key) == nil {
            let run = S3Segment.contiguous(segments).filter { $0.length > 0 }
            if run.count == 1 {
                // One segment (an upload that was never cut): the store copies it, no bytes passing through here.
                try await client.copy(run[0].key, to: key)
            } else {
                let length = run.last?.end ?? 0
                let body = SegmentChunks(client: client, upload: upload, segments: run)
                try await client.put(key, .stream(.stream(body, length: .known(Int64(length))), sha256: contentHash.hex), createOnly: true)
            }
        }
        for segment in segments { try await client.delete(segment.key) }
    }

    package func discardPartial(_ upload: UploadID) async throws {
        for segment in try await segments(of: upload) { try await client.delete(segment.key) }
    }

    // MARK: - Segments

    /// The upload's segments as listed, in order of offset.
    private func segments(of upload: UploadID) async throws -> [S3Segment] {
        let prefix = Self.segmentPrefix(upload)
        return try await client.list(prefix: prefix).compactMap { object in
            Int(object.key.dropFirst(prefix.count)).map { S3Segment(key: object.key, offset: $0, length: object.size) }
        }
        .sorted { $0.offset < $1.offset }
    }

    /// The segments holding the upload's bytes from 0 without a gap.
    /// - Throws: `BlobStoreError.uploadMissing` when the upload has no segments.
    private func heldSegments(of upload: UploadID) async throws -> [S3Segment] {
        let segments = try await segments(of: upload)
        guard !segments.isEmpty else { throw BlobStoreError.uploadMissing(upload) }
        return S3Segment.contiguous(segments)
    }

    /// Hands the first `length` bytes the segments hold to `body`, in order, one segment's GET at a time.
    private func read(
        _ run: [S3Segment], of upload: UploadID, length: Int, into body: (ByteBuffer) async throws -> Void
    ) async throws {
        let held = run.last?.end ?? 0
        guard held >= length else { throw BlobStoreError.uploadShorter(upload, length: held, offset: length) }
        for segment in run where segment.offset < length && segment.length > 0 {
            let wanted = min(segment.end, length) - segment.offset
            guard let bytes = try await client.get(segment.key, range: wanted < segment.length ? 0..<wanted : nil) else {
                throw BlobStoreError.uploadShorter(upload, length: segment.offset, offset: length)
            }
            for try await buffer in bytes { try await body(buffer) }
        }
    }

    // MARK: - Bytes

    /// Passes the body on in chunks of `chunkSize` bytes (the last one shorter), gathering what the network gives.
    private static func rechunk(
        _ object: HTTPClientResponse.Body, chunkSize: Int, into body: (ByteBuffer) async throws -> Void
    ) async throws {
        let chunkSize = max(chunkSize, 1)
        var pending = ByteBuffer()
        for try await var buffer in object {
            pending.writeBuffer(&buffer)
            while pending.readableBytes >= chunkSize, let chunk = pending.readSlice(length: chunkSize) {
                try await body(chunk)
            }
            pending.discardReadBytes()
        }
        if pending.readableBytes > 0 { try await body(pending) }
    }

    /// The file's SHA-256 and length, read on the thread pool.
    private func hash(fileAt path: String) async throws -> (ContentHash, Int) {
        try await threadPool.runIfActive {
            guard let handle = FileHandle(forReadingAtPath: path) else {
                throw FileWriteError(operation: "open", path: path, reason: "it cannot be read")
            }
            defer { try? handle.close() }
            var hasher = SHA256()
            var length = 0
            do {
                while let chunk = try handle.read(upToCount: Self.fileChunkSize), !chunk.isEmpty {
                    hasher.update(data: chunk)
                    length += chunk.count
                }
            } catch {
                throw FileWriteError(operation: "read", path: path, reason: error.localizedDescription)
            }
            return (try ContentHash(digest: hasher.finalize()), length)
        }
    }
}
