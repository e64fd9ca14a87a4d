import Domain
import Foundation
#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// Puts a file in place whole or not at all: written to a temporary file beside it (owner-only),
/// flushed to disk, renamed over the destination, and the folder flushed so the rename survives a crash.
enum AtomicFileWriter {
    /// - Throws: `ShareError.notWritable` naming the path and the system's reason.
    static func replace(_ path: String, with bytes: Data) throws(ShareError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporary = folder + "/.\(url.lastPathComponent).\(UUID().uuidString).partial"
        do throws(ShareError) {
            try write(bytes, toNewFile: temporary, reportingAs: path)
            guard rename(temporary, path) == 0 else { throw failure(path) }
        } catch {
            unlink(temporary)
            throw error
        }
        syncFolder(folder)
    }

    private static func write(_ bytes: Data, toNewFile temporary: String, reportingAs path: String) throws(ShareError) {
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure(path) }
        defer { close(descriptor) }
        let complete = bytes.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
        guard complete, fsync(descriptor) == 0 else { throw failure(path) }
    }

    /// Flushes a folder's entries (best effort: some file systems refuse it).
    private static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    static func failure(_ path: String) -> ShareError {
        .notWritable(path, reason: String(cString: strerror(errno)).lowercased())
    }
}
