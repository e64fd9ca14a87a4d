import Domain
import Foundation
import Synchronization

/// Keeps photo bytes as files named by their SHA-256 in one folder (mode 0700, files 0600: they hold photos of
/// driving licences). A photo is written to a temporary file in the same folder, flushed to disk and renamed,
/// and the folder is flushed too, so after a crash a photo is either wholly there under its name or not at all.
/// Temporary files start with `.` and are never taken for a photo; those a crash left behind are removed on open.
public final class FilePhotoStore: PhotoStore {
    /// The folder holding the photos.
    public let directory: String

    static let temporaryPrefix = ".incoming-"

    /// Opens the folder, creating it (and its parents) when missing, and removes temporary files a crash left.
    /// - Throws: `StorageError` naming the folder when it cannot be created or written.
    public init(directory: String) throws(StorageError) {
        self.directory = directory
        try LocalDirectory.create(directory, permissions: 0o700)
        chmod(directory, 0o700)
        removeLeftovers()
    }

    // MARK: - PhotoStore

    public func put(_ bytes: Data) throws -> ContentHash {
        // A small photo is hashed first, so a photo already stored is never written again. A large one is
        // hashed while it is written and flushed under a temporary name: the two take about as long, and
        // the name is only needed for the rename.
        guard bytes.count >= Self.parallelHashingThreshold else {
            let contentHash = ContentHash.sha256(of: bytes)
            if contains(contentHash) { return contentHash }
            try place(writeTemporary(bytes), as: contentHash)
            return contentHash
        }
        let hashed = Mutex<ContentHash?>(nil)
        let written = Mutex<Result<String, any Error>?>(nil)
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0 {
                hashed.withLock { $0 = ContentHash.sha256(of: bytes) }
            } else {
                let result = Result { () throws -> String in try writeTemporary(bytes) }
                written.withLock { $0 = result }
            }
        }
        guard let contentHash = hashed.withLock({ $0 }), let result = written.withLock({ $0 }) else {
            throw PhotoStoreError(operation: "store", path: directory, reason: "the photo was not hashed and written")
        }
        let temporary = try result.get()
        if contains(contentHash) {
            unlink(temporary)
            return contentHash
        }
        try place(temporary, as: contentHash)
        return contentHash
    }

    /// From this size on, hashing runs beside writing (below it, starting a second thread costs more than it saves).
    public static let parallelHashingThreshold = 256 * 1_024

    /// Writes the bytes to a new temporary file in the folder and flushes them to disk; returns its path.
    private func writeTemporary(_ bytes: Data) throws -> String {
        let temporary = "\(directory)/\(Self.temporaryPrefix)\(UUID().uuidString)"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("create", temporary) }
        do {
            try Self.writeAll(bytes, to: descriptor, path: temporary)
            guard fsync(descriptor) == 0 else { throw failure("flush", temporary) }
            guard close(descriptor) == 0 else {
                unlink(temporary)
                throw failure("close", temporary)
            }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        return temporary
    }

    /// Renames a flushed temporary file to the photo's name and flushes the folder.
    private func place(_ temporary: String, as contentHash: ContentHash) throws {
        guard rename(temporary, path(of: contentHash)) == 0 else {
            let error = failure("rename", temporary)
            unlink(temporary)
            throw error
        }
        try syncDirectory()
    }

    public func bytes(for contentHash: ContentHash) throws -> Data {
        let file = path(of: contentHash)
        guard let handle = FileHandle(forReadingAtPath: file) else {
            if access(file, F_OK) != 0 { throw PhotoError.bytesMissing(contentHash) }
            throw failure("open", file)
        }
        defer { try? handle.close() }
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw PhotoStoreError(operation: "read", path: file, reason: error.localizedDescription)
        }
    }

    public func contains(_ contentHash: ContentHash) -> Bool {
        access(path(of: contentHash), F_OK) == 0
    }

    public func remove(_ contentHash: ContentHash) throws {
        let file = path(of: contentHash)
        guard unlink(file) == 0 || errno == ENOENT else { throw failure("delete", file) }
        try syncDirectory()
    }

    // MARK: - Files

    /// The file holding the bytes with this hash.
    public func path(of contentHash: ContentHash) -> String {
        "\(directory)/\(contentHash.hex)"
    }

    /// The hashes of every stored photo, sorted (files not named by a hash are ignored).
    public func storedHashes() throws -> [ContentHash] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap { name in (try? ContentHash(hex: name)).flatMap { $0.hex == name ? $0 : nil } }.sorted()
    }

    private func removeLeftovers() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names where name.hasPrefix(Self.temporaryPrefix) {
            unlink("\(directory)/\(name)")
        }
    }

    private func syncDirectory() throws {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure("open", directory) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw failure("flush", directory) }
    }

    private static func writeAll(_ bytes: Data, to descriptor: Int32, path: String) throws {
        let failed: Int32? = bytes.withUnsafeBytes { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
        if let failed {
            throw PhotoStoreError(operation: "write", path: path, reason: String(cString: strerror(failed)))
        }
    }

    private func failure(_ operation: String, _ path: String) -> PhotoStoreError {
        PhotoStoreError(operation: operation, path: path, reason: String(cString: strerror(errno)))
    }
}
