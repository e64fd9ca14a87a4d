import Foundation
#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// Puts a file in place whole or not at all, for photos and documents alike.
///
/// The bytes go to a new owner-only (0600) file in the destination's folder that has no name (`O_TMPFILE`) and
/// are flushed to disk; only then does the file get its name: linked there create-only, or linked under a
/// temporary name and renamed over the destination when replacing is allowed. The folder is flushed last, so
/// the name survives a crash. A file with no name vanishes with its process, so a crash leaves nothing behind.
///
/// Where the file system refuses unnamed files, a named temporary file (`.incoming-…`) takes its place. Every
/// temporary file is locked (`flock`) by its writer until it is placed or removed, so ``removeLeftovers(in:)``
/// removes only files no live program is writing — a crash's leftovers, never another program's photo.
///
/// Outside this module (the server's blob store) a file is written in pieces with ``stageEmpty(inFolder:)``,
/// ``StagedFile/append(_:)`` and ``StagedFile/flush()``, then placed; an existing, flushed file is
/// named create-only with ``linkCreateOnly(_:at:)``.
public enum AtomicFileWriter {
    /// How a finished file takes its name.
    public enum Placement: Sendable {
        /// Only where nothing is: a file already there is kept and the new one dropped.
        case createOnly
        /// Over whatever is there, in one step.
        case replacing
    }

    /// What became of the bytes.
    public enum Outcome: Sendable, Equatable {
        /// The file is in place with these bytes.
        case placed
        /// Placing create-only found a file there already; it is kept as it was.
        case alreadyThere
    }

    /// How every named temporary file's name starts (they are hidden, and never taken for a finished file).
    static let temporaryPrefix = ".incoming-"

    // MARK: - Writing

    /// Writes the bytes to `path` whole or not at all (``stage(_:inFolder:unnamed:)`` then ``StagedFile/place(at:_:)``).
    package static func write(_ bytes: Data, to path: String, _ placement: Placement) throws(FileWriteError) -> Outcome {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return try stage(bytes, inFolder: folder).place(at: path, placement)
    }

    /// Writes the bytes to a new temporary file in the folder and flushes them to disk, leaving the name for later
    /// (e.g. once the bytes' hash is known). Dropping the returned file without placing it removes it.
    /// - Parameter unnamed: whether to try an unnamed file first (tests turn it off to exercise the named fallback).
    package static func stage(
        _ bytes: Data, inFolder folder: String, unnamed: Bool = unnamedFilesWork
    ) throws(FileWriteError) -> StagedFile {
        let file = try createTemporary(inFolder: folder, unnamed: unnamed)
        try file.append(bytes)
        try file.flush()
        return file
    }

    /// A new, empty temporary file in the folder, to be written in pieces (``StagedFile/append(_:)``), flushed
    /// (``StagedFile/flush()``) and then placed (``StagedFile/place(at:_:)``). Dropping it without placing it removes it.
    public static func stageEmpty(inFolder folder: String) throws(FileWriteError) -> StagedFile {
        try createTemporary(inFolder: folder, unnamed: unnamedFilesWork)
    }

    /// Names an existing file, already flushed, at `path` too (a hard link, create-only) and flushes the folder of
    /// `path`; the file keeps its own name. Both must be on one file system.
    /// - Returns: `.alreadyThere` when a file is at `path` already (it is kept as it was).
    public static func linkCreateOnly(_ existing: String, at path: String) throws(FileWriteError) -> Outcome {
        guard link(existing, path) == 0 else {
            guard errno == EEXIST else { throw .lastError("link", path) }
            return .alreadyThere
        }
        try syncFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path)
        return .placed
    }

    /// Whether this system can give an unnamed file a name later (through `/proc/self/fd`).
    static let unnamedFilesWork: Bool = {
        #if os(Linux)
        access("/proc/self/fd", X_OK) == 0
        #else
        false
        #endif
    }()

    private static func createTemporary(inFolder folder: String, unnamed: Bool) throws(FileWriteError) -> StagedFile {
        #if os(Linux)
        if unnamed {
            let descriptor = open(folder, __O_TMPFILE | O_WRONLY | O_CLOEXEC, 0o600)
            if descriptor >= 0 {
                lock(descriptor)
                return StagedFile(descriptor: descriptor, name: nil, folder: folder)
            }
            // Kernels and file systems without unnamed files answer with one of these; anything else is real.
            guard [EOPNOTSUPP, EISDIR, EINVAL].contains(errno) else { throw .lastError("create", folder) }
        }
        #endif
        while true {
            let name = newTemporaryName(inFolder: folder)
            let descriptor = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { throw .lastError("create", name) }
            lock(descriptor)
            // A program cleaning leftovers may have removed the file between its creation and the lock: start again.
            var status = stat()
            if fstat(descriptor, &status) != 0 || status.st_nlink > 0 {
                return StagedFile(descriptor: descriptor, name: name, folder: folder)
            }
            close(descriptor)
        }
    }

    /// A new name for a temporary file in the folder.
    static func newTemporaryName(inFolder folder: String) -> String {
        "\(folder)/\(temporaryPrefix)\(UUID().uuidString)"
    }

    /// Holds an exclusive lock on the file for as long as the descriptor is open (best effort: where locks are not
    /// supported, ``removeLeftovers(in:)`` cannot lock either and so removes nothing).
    private static func lock(_ descriptor: Int32) {
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
    }

    /// Writes all the bytes to the open file at its current offset, retrying interrupted and short writes.
    /// - Parameter path: the file's name, for the error.
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(FileWriteError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw .lastError("write", path)
            }
            offset += written
        }
    }

    /// Flushes the folder's entries, so a new or removed name survives a crash (file systems that cannot flush a
    /// folder answer `EINVAL`; that is no failure).
    public static func syncFolder(_ folder: String) throws(FileWriteError) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .lastError("open", folder) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 || errno == EINVAL else { throw .lastError("flush", folder) }
    }

    // MARK: - Leftovers

    /// Removes the named temporary files in the folder that no live program is writing (their writer's lock is
    /// gone with it): what a crash, or an earlier version of the program, left behind.
    public static func removeLeftovers(in folder: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names where name.hasPrefix(temporaryPrefix) {
            let path = "\(folder)/\(name)"
            let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
            // Unlink only the file that was locked, not one that took its name meanwhile.
            var locked = stat()
            var named = stat()
            guard fstat(descriptor, &locked) == 0, lstat(path, &named) == 0,
                  locked.st_dev == named.st_dev, locked.st_ino == named.st_ino else { continue }
            unlink(path)
        }
    }
}
