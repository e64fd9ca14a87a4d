import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file ``AtomicFileWriter`` wrote and flushed but has not named yet: unnamed (`O_TMPFILE`), or under a
/// temporary name where the file system has no unnamed files. It holds the file open and locked; dropping it
/// without placing it removes it.
///
/// One writer at a time: appends go in order to the end of the file (the type is `Sendable` so it can be handed
/// to the thread that writes, not so that several write at once).
public final class StagedFile: Sendable {
    /// The open, locked file.
    let descriptor: Int32
    /// The temporary name, or `nil` for an unnamed file.
    let name: String?
    /// The folder the file is in, and must be named in.
    let folder: String

    init(descriptor: Int32, name: String?, folder: String) {
        self.descriptor = descriptor
        self.name = name
        self.folder = folder
    }

    deinit {
        // The name goes before the lock, so no one cleaning leftovers ever finds it unlocked. After a rename the
        // name is gone already (it was unique), and unlinking it again does nothing.
        if let name { unlink(name) }
        close(descriptor)
    }

    // MARK: - Writing

    /// Writes all the bytes at the end of the file.
    public func append(_ bytes: UnsafeRawBufferPointer) throws(FileWriteError) {
        try AtomicFileWriter.writeAll(bytes, to: descriptor, path: name ?? folder)
    }

    /// Writes all the bytes at the end of the file.
    public func append(_ bytes: Data) throws(FileWriteError) {
        let failure: FileWriteError? = bytes.withUnsafeBytes { buffer in
            do throws(FileWriteError) {
                try append(buffer)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Flushes what was written to disk (do this before placing it).
    public func flush() throws(FileWriteError) {
        guard fsync(descriptor) == 0 else { throw .lastError("flush", name ?? folder) }
    }

    // MARK: - Placing

    /// Gives the file its name at `path` and flushes the folder `path` is in: usually ``folder``, else another folder
    /// on the same file system (a store staging in one folder and naming files in subfolders by their hash).
    /// - Returns: `.alreadyThere` when placing create-only found a file at `path` (it is kept as it was).
    public func place(at path: String, _ placement: AtomicFileWriter.Placement) throws(FileWriteError) -> AtomicFileWriter.Outcome {
        switch placement {
        case .createOnly:
            let linked = linkName(to: path) == 0
            let failure = linked ? nil : (errno, FileWriteError.lastError("link", path))
            // The temporary name goes at once (the new one is enough), and is flushed with the folder below.
            if let name { unlink(name) }
            if let (code, error) = failure {
                if code == EEXIST { return .alreadyThere }
                throw error
            }
        case .replacing:
            let staged: String
            if let name {
                staged = name
            } else {
                staged = AtomicFileWriter.newTemporaryName(inFolder: folder)
                guard linkName(to: staged) == 0 else { throw .lastError("link", staged) }
            }
            guard rename(staged, path) == 0 else {
                let failure = FileWriteError.lastError("rename", path)
                unlink(staged)
                throw failure
            }
        }
        try AtomicFileWriter.syncFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path)
        return .placed
    }

    /// Links the file under a second name; fails with `EEXIST` when something is there.
    private func linkName(to path: String) -> Int32 {
        if let name { return link(name, path) }
        #if os(Linux)
        return linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, path, AT_SYMLINK_FOLLOW)
        #else
        errno = ENOTSUP
        return -1
        #endif
    }
}
