import Foundation
import NIOCore
import NIOPosix
import ServerCore
import Storage
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Appends to one upload's part file (`DIR/uploads/<upload id>.part`, opened for appending by ``FileBlobStore``).
///
/// Appended bytes are gathered and written once at least `batchSize` of them are waiting, and at ``finish()``, so
/// a 4 MB upload is a handful of thread-pool hops. One append at a time: the caller awaits each before the next.
package actor FilePartialBlobWriter: PartialBlobWriter {
    private let upload: UploadID
    private let descriptor: Int32
    private let path: String
    /// The uploads folder, when the part file is new and its name must be flushed at ``finish()``.
    private let folderToFlush: String?
    private let batchSize: Int
    private let threadPool: NIOThreadPool
    private var pending = ByteBuffer()
    private var length: Int
    private var isFinished = false

    /// - Parameters:
    ///   - descriptor: the part file, open for appending at `length`; the writer closes it.
    ///   - length: the bytes the part file holds already.
    package init(
        upload: UploadID, descriptor: Int32, path: String, length: Int, folderToFlush: String?,
        batchSize: Int, threadPool: NIOThreadPool
    ) {
        self.upload = upload
        self.descriptor = descriptor
        self.path = path
        self.length = length
        self.folderToFlush = folderToFlush
        self.batchSize = batchSize
        self.threadPool = threadPool
    }

    deinit {
        if !isFinished { close(descriptor) }
    }

    // MARK: - PartialBlobWriter

    package func append(_ bytes: ByteBuffer) async throws {
        guard !isFinished else { throw BlobStoreError.writerFinished(upload) }
        var bytes = bytes
        length += bytes.readableBytes
        pending.writeBuffer(&bytes)
        if pending.readableBytes >= batchSize { try await writePending() }
    }

    package func finish() async throws -> Int {
        guard !isFinished else { throw BlobStoreError.writerFinished(upload) }
        try await writePending()
        let (descriptor, path, folder) = (descriptor, path, folderToFlush)
        try await threadPool.runIfActive {
            guard fsync(descriptor) == 0 else { throw FileWriteError.lastError("flush", path) }
            if let folder { try AtomicFileWriter.syncFolder(folder) }
        }
        isFinished = true
        close(descriptor)
        return length
    }

    // MARK: - Writing

    /// Writes the gathered bytes at the end of the file, on the thread pool.
    private func writePending() async throws {
        guard pending.readableBytes > 0 else { return }
        let batch = pending
        pending = ByteBuffer()
        let (descriptor, path) = (descriptor, path)
        try await threadPool.runIfActive {
            try batch.withUnsafeReadableBytes { bytes in try AtomicFileWriter.writeAll(bytes, to: descriptor, path: path) }
        }
    }
}
