import Crypto
import Domain
import Foundation
import NIOCore
import NIOPosix
import ServerCore
import Storage
#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif

/// Keeps the server's blobs as files in its data folder (`DIR`):
///
/// - `DIR/blobs/photo/ab/<sha256>` and `DIR/blobs/document/ab/<sha256>`, fanned out by the hash's first two digits,
///   each written whole and create-only by `AtomicFileWriter` (staged in `DIR/blobs/<kind>`, flushed, linked under
///   its hash, the folder flushed): after a crash a blob is wholly there under its hash or not at all;
/// - `DIR/uploads/<upload id>.part` for uploads under way, named files that survive a restart.
///
/// Every name is made from a ``ContentHash`` or an ``UploadID``, never from request text. Every blocking call
/// (open, read, write, fsync, link) runs on the NIO thread pool, never on an event loop or Swift's cooperative pool.
/// Folders are 0700 and files 0600 (photos of driving licences).
package struct FileBlobStore: BlobStore {
    /// The data folder.
    package let folder: String
    private let threadPool: NIOThreadPool

    /// How many bytes a partial upload's writer gathers before it writes them (and at finish).
    package static let batchSize = 256 * 1_024
    /// How many bytes ``store(fileAt:kind:)`` copies at a time.
    package static let copyChunkSize = 256 * 1_024

    /// Opens the data folder, creating its blob and upload folders when missing, and removes staged files a crash
    /// left (none a live program is writing). This blocks: open the store before serving.
    package init(folder: String, threadPool: NIOThreadPool = .singleton) throws {
        self.folder = folder
        self.threadPool = threadPool
        let made = [Self.uploadsFolder(folder)] + [BlobKind.photo, .document].map { Self.kindFolder(folder, $0) }
        for path in made {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
            )
        }
        // Staged files are made in the kind folders.
        for path in made.dropFirst() { AtomicFileWriter.removeLeftovers(in: path) }
    }

    // MARK: - Paths

    private static func kindFolder(_ dataFolder: String, _ kind: BlobKind) -> String {
        "\(dataFolder)/blobs/\(kind.rawValue)"
    }

    private static func uploadsFolder(_ dataFolder: String) -> String {
        "\(dataFolder)/uploads"
    }

    /// The folder blobs starting with the hash's first two digits are in.
    package func fanOutFolder(of contentHash: ContentHash, kind: BlobKind) -> String {
        "\(Self.kindFolder(folder, kind))/\(contentHash.hex.prefix(2))"
    }

    /// The file a blob is stored in.
    package func path(of contentHash: ContentHash, kind: BlobKind) -> String {
        "\(fanOutFolder(of: contentHash, kind: kind))/\(contentHash.hex)"
    }

    /// The file an upload under way is kept in.
    package func partialPath(of upload: UploadID) -> String {
        "\(Self.uploadsFolder(folder))/\(upload.description).part"
    }

    // MARK: - Whole blobs

    package func length(of contentHash: ContentHash, kind: BlobKind) async throws -> Int? {
        let file = path(of: contentHash, kind: kind)
        return try await threadPool.runIfActive { try Self.size(of: file) }
    }

    package func bytes(of contentHash: ContentHash, kind: BlobKind) async throws -> Data {
        let file = path(of: contentHash, kind: kind)
        return try await threadPool.runIfActive {
            guard let handle = FileHandle(forReadingAtPath: file) else {
                if access(file, F_OK) != 0 { throw PhotoError.bytesMissing(contentHash) }
                throw FileWriteError.lastError("open", file)
            }
            defer { try? handle.close() }
            do {
                return try handle.readToEnd() ?? Data()
            } catch {
                throw FileWriteError(operation: "read", path: file, reason: error.localizedDescription)
            }
        }
    }

    package func read(
        _ contentHash: ContentHash, kind: BlobKind, chunkSize: Int,
        into body: (ByteBuffer) async throws -> Void
    ) async throws {
        _ = try await readChunks(of: path(of: contentHash, kind: kind), upTo: nil, chunkSize: chunkSize,
                                 missing: PhotoError.bytesMissing(contentHash), into: body)
    }

    package func remove(_ contentHash: ContentHash, kind: BlobKind) async throws {
        let file = path(of: contentHash, kind: kind)
        try await threadPool.runIfActive {
            guard unlink(file) == 0 || errno == ENOENT else { throw FileWriteError.lastError("remove", file) }
        }
    }

    package func store(fileAt source: String, kind: BlobKind) async throws -> ContentHash {
        let stagingFolder = Self.kindFolder(folder, kind)
        let store = self
        return try await threadPool.runIfActive {
            let input = open(source, O_RDONLY | O_CLOEXEC)
            guard input >= 0 else { throw FileWriteError.lastError("open", source) }
            defer { close(input) }
            let staged = try AtomicFileWriter.stageEmpty(inFolder: stagingFolder)
            var hasher = SHA256()
            var chunk = [UInt8](repeating: 0, count: Self.copyChunkSize)
            while true {
                let count = try chunk.withUnsafeMutableBytes { buffer in try Self.readSome(input, into: buffer, path: source) }
                if count == 0 { break }
                try chunk.withUnsafeBytes { buffer in
                    let read = UnsafeRawBufferPointer(rebasing: buffer[..<count])
                    hasher.update(bufferPointer: read)
                    try staged.append(read)
                }
            }
            try staged.flush()
            let contentHash = try ContentHash(digest: hasher.finalize())
            try store.makeFanOutFolder(of: contentHash, kind: kind)
            // Already there: the same bytes (the name is their hash), kept as they are.
            _ = try staged.place(at: store.path(of: contentHash, kind: kind), .createOnly)
            return contentHash
        }
    }

    // MARK: - Uploads under way

    package func openPartial(_ upload: UploadID, at offset: Int) async throws -> any PartialBlobWriter {
        let file = partialPath(of: upload)
        let descriptor = try await threadPool.runIfActive {
            let descriptor = open(file, O_WRONLY | O_APPEND | O_CLOEXEC | (offset == 0 ? O_CREAT : 0), 0o600)
            guard descriptor >= 0 else {
                if errno == ENOENT { throw BlobStoreError.uploadMissing(upload) }
                throw FileWriteError.lastError("open", file)
            }
            do {
                var status = stat()
                guard fstat(descriptor, &status) == 0 else { throw FileWriteError.lastError("open", file) }
                guard Int(status.st_size) >= offset else {
                    throw BlobStoreError.uploadShorter(upload, length: Int(status.st_size), offset: offset)
                }
                // Bytes written after the last confirmed offset are dropped; appends go on from there.
                guard ftruncate(descriptor, off_t(offset)) == 0 else { throw FileWriteError.lastError("truncate", file) }
            } catch {
                close(descriptor)
                throw error
            }
            return descriptor
        }
        return FilePartialBlobWriter(
            upload: upload, descriptor: descriptor, path: file, length: offset,
            // A new upload's name is flushed with its folder when it finishes, so it survives a restart.
            folderToFlush: offset == 0 ? Self.uploadsFolder(folder) : nil,
            batchSize: Self.batchSize, threadPool: threadPool
        )
    }

    package func readPartial(_ upload: UploadID, length: Int, into body: (ByteBuffer) async throws -> Void) async throws {
        let read = try await readChunks(of: partialPath(of: upload), upTo: length, chunkSize: Self.copyChunkSize,
                                        missing: BlobStoreError.uploadMissing(upload), into: body)
        if read < length { throw BlobStoreError.uploadShorter(upload, length: read, offset: length) }
    }

    package func partialBytes(_ upload: UploadID) async throws -> Data {
        let file = partialPath(of: upload)
        return try await threadPool.runIfActive {
            guard access(file, F_OK) == 0 else { throw BlobStoreError.uploadMissing(upload) }
            return try Data(contentsOf: URL(fileURLWithPath: file), options: .alwaysMapped)
        }
    }

    package func promotePartial(_ upload: UploadID, as contentHash: ContentHash) async throws {
        let file = partialPath(of: upload)
        let destination = path(of: contentHash, kind: .photo)
        let uploads = Self.uploadsFolder(folder)
        let store = self
        try await threadPool.runIfActive {
            guard access(file, F_OK) == 0 else { throw BlobStoreError.uploadMissing(upload) }
            try store.makeFanOutFolder(of: contentHash, kind: .photo)
            // Already there: the same bytes, kept; the upload is dropped either way.
            _ = try AtomicFileWriter.linkCreateOnly(file, at: destination)
            guard unlink(file) == 0 || errno == ENOENT else { throw FileWriteError.lastError("delete", file) }
            try AtomicFileWriter.syncFolder(uploads)
        }
    }

    package func discardPartial(_ upload: UploadID) async throws {
        let file = partialPath(of: upload)
        try await threadPool.runIfActive {
            guard unlink(file) == 0 || errno == ENOENT else { throw FileWriteError.lastError("delete", file) }
        }
    }

    // MARK: - Files

    /// Creates the blob's fan-out folder when missing, and flushes its parent so the new folder survives a crash.
    private func makeFanOutFolder(of contentHash: ContentHash, kind: BlobKind) throws {
        let fanOut = fanOutFolder(of: contentHash, kind: kind)
        if mkdir(fanOut, 0o700) == 0 {
            try AtomicFileWriter.syncFolder(Self.kindFolder(folder, kind))
        } else if errno != EEXIST {
            throw FileWriteError.lastError("create", fanOut)
        }
    }

    /// Hands the file to `body` in chunks of at most `chunkSize` bytes, each read on the thread pool: the whole
    /// file, or its first `limit` bytes.
    /// - Returns: how many bytes it handed over (fewer than `limit` when the file is shorter).
    private func readChunks(
        of file: String, upTo limit: Int?, chunkSize: Int, missing: any Error & Sendable,
        into body: (ByteBuffer) async throws -> Void
    ) async throws -> Int {
        let chunkSize = max(chunkSize, 1)
        let descriptor = try await threadPool.runIfActive {
            let descriptor = open(file, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                if errno == ENOENT { throw missing }
                throw FileWriteError.lastError("open", file)
            }
            return descriptor
        }
        defer { close(descriptor) }
        var done = 0
        while limit.map({ done < $0 }) ?? true {
            let wanted = limit.map { min(chunkSize, $0 - done) } ?? chunkSize
            let chunk = try await threadPool.runIfActive {
                var buffer = ByteBufferAllocator().buffer(capacity: wanted)
                _ = try buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: wanted) { free in
                    try Self.readSome(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: free[..<wanted]), path: file)
                }
                return buffer
            }
            if chunk.readableBytes == 0 { break }
            done += chunk.readableBytes
            try await body(chunk)
        }
        return done
    }

    /// One `read(2)` into the buffer (retried when interrupted); 0 at the end of the file.
    private static func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String) throws -> Int {
        while true {
            let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw FileWriteError.lastError("read", path) }
        }
    }

    /// The file's size, or `nil` when there is no file.
    private static func size(of file: String) throws -> Int? {
        var status = stat()
        guard stat(file, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw FileWriteError.lastError("stat", file)
        }
        return Int(status.st_size)
    }
}
