import Data
import Domain
import Foundation
import Storage
import Testing
import TestSupport

@Suite("Photo files")
struct FilePhotoStoreTests {
    @Test func aPhotoIsOneFileNamedByItsSHA256ReadableByItsOwnerOnly() throws {
        let directory = TemporaryDirectory()
        let store = try FilePhotoStore(directory: directory.file("photos"))
        let bytes = try Fixtures.jpeg()
        let hash = try store.put(bytes)
        _ = try store.put(bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory) == [hash.hex])
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path(of: hash))) == bytes)
        let permissions = try FileManager.default.attributesOfItem(atPath: store.path(of: hash))[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: store.directory)[.posixPermissions] as? Int
        #expect(folder == 0o700)
    }

    @Test func aLargePhotoHashedWhileItIsWrittenIsStoredOnceUnderItsSHA256() throws {
        let directory = TemporaryDirectory()
        let store = try FilePhotoStore(directory: directory.file("photos"))
        var generator = SystemRandomNumberGenerator()
        let bytes = Data((0..<(FilePhotoStore.parallelHashingThreshold * 4)).map { _ in UInt8.random(in: 0...255, using: &generator) })

        let hash = try store.put(bytes)
        let again = try store.put(bytes)

        #expect(hash == ContentHash.sha256(of: bytes))
        #expect(again == hash)
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory) == [hash.hex])
        #expect(try store.bytes(for: hash) == bytes)
    }

    @Test func aTemporaryFileLeftByACrashIsRemovedAndNeverTakenForAPhoto() throws {
        let directory = TemporaryDirectory()
        let folder = directory.file("photos")
        let bytes = try Fixtures.jpeg()
        let hash = ContentHash.sha256(of: bytes)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let partial = "\(folder)/.incoming-\(hash.hex).leftover"
        try bytes.prefix(10).write(to: URL(fileURLWithPath: partial))

        let store = try FilePhotoStore(directory: folder)

        #expect(!FileManager.default.fileExists(atPath: partial))
        #expect(!store.contains(hash))
        #expect(try store.storedHashes().isEmpty)
        #expect(try store.put(bytes) == hash)
        #expect(try store.bytes(for: hash) == bytes)
    }

    @Test func aTemporaryFileAnotherProgramIsWritingIsKeptWhenTheStoreOpens() throws {
        let directory = TemporaryDirectory()
        let folder = directory.file("photos")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let partial = "\(folder)/.incoming-being-written"
        try Data("half a photo".utf8).write(to: URL(fileURLWithPath: partial))
        // Given a writer holding its lock, as a live program does until its photo is in place.
        let writer = open(partial, O_WRONLY | O_CLOEXEC)
        try #require(writer >= 0)
        try #require(flock(writer, LOCK_EX) == 0)

        _ = try FilePhotoStore(directory: folder)
        #expect(FileManager.default.fileExists(atPath: partial))

        // Once the writer is gone, the file is a leftover.
        close(writer)
        _ = try FilePhotoStore(directory: folder)
        #expect(!FileManager.default.fileExists(atPath: partial))
    }

    @Test func openingTheStoreAgainAndAgainWhileAnotherAddsPhotosNeverFailsAnAdd() async throws {
        let directory = TemporaryDirectory()
        let folder = directory.file("photos")
        let store = try FilePhotoStore(directory: folder)
        // Small photos and large ones (hashed while written), some added twice.
        let photos = (0..<60).map { index in
            let size = index.isMultiple(of: 2) ? 2_000 + index : FilePhotoStore.parallelHashingThreshold + 1_000 * index
            return Data(withUnsafeBytes(of: index) { Array($0) }) + Data(repeating: UInt8(index % 251), count: size)
        }

        let added = try await withThrowingTaskGroup(of: [ContentHash].self) { group in
            group.addTask {
                var hashes: [ContentHash] = []
                for (index, bytes) in photos.enumerated() {
                    hashes.append(try store.put(bytes))
                    if index.isMultiple(of: 5) { hashes.append(try store.put(photos[index / 2])) }
                }
                return hashes
            }
            group.addTask {
                for _ in 0..<400 { _ = try FilePhotoStore(directory: folder) }
                return []
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }

        #expect(Set(added) == Set(photos.map(ContentHash.sha256(of:))))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == Set(added).map(\.hex).sorted())
        for hash in try store.storedHashes() {
            #expect(ContentHash.sha256(of: try store.bytes(for: hash)) == hash)
        }
    }

    @Test func aPhotoFolderBehindARegularFileIsReported() throws {
        let directory = TemporaryDirectory()
        let blocker = directory.file("blocker")
        try Data().write(to: URL(fileURLWithPath: blocker))
        #expect {
            _ = try FilePhotoStore(directory: blocker + "/photos")
        } throws: { error in
            let kind = (error as? StorageError)?.storageFailure.kind
            return kind == .folderNotCreatable || kind == .folderNotWritable
        }
    }
}
