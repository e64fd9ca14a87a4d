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
        try place(bytes, at: path, replacing: true)
    }

    /// - Parameter replacing: whether a file already at `path` may be replaced. When not, the finished file is
    ///   linked into place, which fails if a file appeared there meanwhile: nobody's file is replaced unasked.
    /// - Throws: `ShareError.destinationExists` when not replacing and a file is there; `ShareError.notWritable`
    ///   naming the path and the system's reason.
    static func place(_ bytes: Data, at path: String, replacing: Bool) throws(ShareError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporary = folder + "/.\(url.lastPathComponent).\(UUID().uuidString).partial"
        do throws(ShareError) {
            try write(bytes, toNewFile: temporary, reportingAs: path)
            try moveIntoPlace(temporary, path, replacing: replacing)
        } catch {
            unlink(temporary)
            throw error
        }
        syncFolder(folder)
    }

    private static func moveIntoPlace(_ temporary: String, _ path: String, replacing: Bool) throws(ShareError) {
        if replacing {
            guard rename(temporary, path) == 0 else { throw failure(path) }
            return
        }
        guard link(temporary, path) == 0 else {
            if errno == EEXIST { throw ShareError.destinationExists(path) }
            throw failure(path)
        }
        unlink(temporary)
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
