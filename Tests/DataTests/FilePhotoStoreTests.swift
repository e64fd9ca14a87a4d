import Data
import Domain
import Foundation
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
