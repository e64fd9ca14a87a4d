import Domain
import Foundation
import Storage
import Synchronization

/// Keeps photo bytes as files named by their SHA-256 in one folder (mode 0700, files 0600: they hold photos of
/// driving licences). A photo is written by `AtomicFileWriter`: to an unnamed file in the folder, flushed to disk,
/// linked under its name create-only, and the folder flushed too, so after a crash a photo is either wholly there
/// under its name or not at all. Several programs may use the folder at once: the same photo added by two is
/// stored once, and opening the store never touches a photo another program is writing.
public final class FilePhotoStore: PhotoStore {
    /// The folder holding the photos.
    public let directory: String

    /// Opens the folder, creating it (and its parents) when missing, and removes temporary files a crash (or an
    /// earlier version) left, but none a live program is writing.
    /// - Throws: `StorageError` naming the folder when it cannot be created or written.
    public init(directory: String) throws(StorageError) {
        self.directory = directory
        try LocalDirectory.create(directory, permissions: 0o700)
        chmod(directory, 0o700)
        AtomicFileWriter.removeLeftovers(in: directory)
    }

    // MARK: - PhotoStore

    public func put(_ bytes: Data) throws -> ContentHash {
        // A small photo is hashed first, so a photo already stored is never written again. A large one is
        // hashed while it is written and flushed: the two take about as long, and the name is only needed
        // to link the finished file into place.
        guard bytes.count >= Self.parallelHashingThreshold else {
            let contentHash = ContentHash.sha256(of: bytes)
            if contains(contentHash) { return contentHash }
            try place(stage(bytes), as: contentHash)
            return contentHash
        }
        let hashed = Mutex<ContentHash?>(nil)
        let staged = Mutex<Result<StagedFile, PhotoStoreError>?>(nil)
        DispatchQueue.concurrentPerform(iterations: 2) { part in
            if part == 0 {
                hashed.withLock { $0 = ContentHash.sha256(of: bytes) }
            } else {
                let result = Result { () throws(PhotoStoreError) -> StagedFile in try stage(bytes) }
                staged.withLock { $0 = result }
            }
        }
        guard let contentHash = hashed.withLock({ $0 }), let result = staged.withLock({ $0 }) else {
            throw PhotoStoreError(operation: "store", path: directory, reason: "the photo was not hashed and written")
        }
        let file = try result.get()
        if !contains(contentHash) { try place(file, as: contentHash) }
        return contentHash
    }

    /// From this size on, hashing runs beside writing (below it, starting a second thread costs more than it saves).
    public static let parallelHashingThreshold = 256 * 1_024

    /// Writes the bytes to a new unnamed file in the folder and flushes them to disk.
    private func stage(_ bytes: Data) throws(PhotoStoreError) -> StagedFile {
        do {
            return try AtomicFileWriter.stage(bytes, inFolder: directory)
        } catch {
            throw Self.photoStoreError(error)
        }
    }

    /// Links a flushed file under the photo's name and flushes the folder. A photo already there (added by another
    /// program meanwhile) has the same bytes, since the name is their hash: the new file is dropped.
    private func place(_ file: StagedFile, as contentHash: ContentHash) throws(PhotoStoreError) {
        do {
            _ = try file.place(at: path(of: contentHash), .createOnly)
        } catch {
            throw Self.photoStoreError(error)
        }
    }

    private static func photoStoreError(_ error: FileWriteError) -> PhotoStoreError {
        PhotoStoreError(operation: error.operation, path: error.path, reason: error.reason)
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

    public func byteCount(of contentHash: ContentHash) -> Int? {
        var info = stat()
        guard stat(path(of: contentHash), &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    public func remove(_ contentHash: ContentHash) throws {
        let file = path(of: contentHash)
        guard unlink(file) == 0 || errno == ENOENT else { throw failure("delete", file) }
        do {
            try AtomicFileWriter.syncFolder(directory)
        } catch {
            throw Self.photoStoreError(error)
        }
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

    private func failure(_ operation: String, _ path: String) -> PhotoStoreError {
        PhotoStoreError(operation: operation, path: path, reason: String(cString: strerror(errno)))
    }
}
