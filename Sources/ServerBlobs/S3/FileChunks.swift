import Foundation
import NIOCore
import NIOPosix
import Storage

/// A file's bytes as an async sequence of chunks, each read on the NIO thread pool (a request body streamed from
/// a file, never held whole).
package struct FileChunks: AsyncSequence, Sendable {
    package typealias Element = ByteBuffer

    package let path: String
    package let chunkSize: Int
    package let threadPool: NIOThreadPool

    package func makeAsyncIterator() -> Iterator {
        Iterator(path: path, chunkSize: Swift.max(chunkSize, 1), threadPool: threadPool)
    }

    package struct Iterator: AsyncIteratorProtocol {
        package let path: String
        package let chunkSize: Int
        package let threadPool: NIOThreadPool
        /// Opened at the first chunk; closed when the file ends (or when the iterator goes).
        private var handle: FileHandle?
        private var isDone = false

        package init(path: String, chunkSize: Int, threadPool: NIOThreadPool) {
            self.path = path
            self.chunkSize = chunkSize
            self.threadPool = threadPool
        }

        package mutating func next() async throws -> ByteBuffer? {
            guard !isDone else { return nil }
            let path = path
            let handle: FileHandle
            if let opened = self.handle {
                handle = opened
            } else {
                handle = try await threadPool.runIfActive {
                    guard let handle = FileHandle(forReadingAtPath: path) else {
                        throw FileWriteError(operation: "open", path: path, reason: "it cannot be read")
                    }
                    return handle
                }
                self.handle = handle
            }
            let chunkSize = chunkSize
            let chunk = try await threadPool.runIfActive {
                do {
                    return try handle.read(upToCount: chunkSize) ?? Data()
                } catch {
                    throw FileWriteError(operation: "read", path: path, reason: error.localizedDescription)
                }
            }
            guard !chunk.isEmpty else {
                isDone = true
                try? handle.close()
                return nil
            }
            return ByteBuffer(bytes: chunk)
        }
    }
}
