import Data
import Domain
import Foundation
import NIOCore
import ServerBlobs
import ServerCore
import Storage
import Testing
import TestSupport

/// The blob port's behaviours, over each adapter: the data folder and S3-compatible storage (moto).
@Suite("Blobs kept by each blob store", .ownThreads)
struct BlobStoreTests {
    let folder = TemporaryDirectory("blob-store-tests")

    /// Bytes that are not all the same, so a chunk in the wrong place shows (`count` of them).
    func payload(_ count: Int, seed: UInt8 = 7) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed) &+ $0 / 251) })
    }

    /// Appends the bytes in pieces of `piece` bytes, as a request body arrives.
    func append(_ bytes: Data, to writer: any PartialBlobWriter, piece: Int = 16 * 1_024) async throws {
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = min(start + piece, bytes.endIndex)
            try await writer.append(ByteBuffer(bytes: bytes[start..<end]))
            start = end
        }
    }

    // MARK: - Whole blobs

    @Test(arguments: BlobStoreBackend.allCases)
    func theSameBytesStoredTwiceAreStoredOnceUnderTheirHash(_ backend: BlobStoreBackend) async throws {
        let subject = try await backend.make(in: folder)
        let store = subject.store
        let photo = try Fixtures.jpeg()
        let source = try folder.write(photo, to: "upload.jpg").path

        let first = try await store.store(fileAt: source, kind: .photo)
        let second = try await store.store(fileAt: source, kind: .photo)

        #expect(first == ContentHash.sha256(of: photo))
        #expect(second == first)
        #expect(try await subject.storedNames(.photo) == [first.hex])
        #expect(try await store.bytes(of: first, kind: .photo) == photo)
        #expect(try await store.length(of: first, kind: .photo) == photo.count)
        #expect(FileManager.default.fileExists(atPath: source))
    }

    @Test func aFileBlobIsKeptInAFolderNamedAfterTheFirstDigitsOfItsHash() async throws {
        let store = try FileBlobStore(folder: folder.file("data"))
        let photo = try Fixtures.jpeg()

        let hash = try await store.store(fileAt: try folder.write(photo, to: "upload.jpg").path, kind: .photo)

        #expect(store.path(of: hash, kind: .photo) == folder.file("data/blobs/photo/\(hash.hex.prefix(2))/\(hash.hex)"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.fanOutFolder(of: hash, kind: .photo)) == [hash.hex])
    }

    @Test(arguments: BlobStoreBackend.allCases)
    func aBlobAlreadyStoredIsKeptAsItWas(_ backend: BlobStoreBackend) async throws {
        let subject = try await backend.make(in: folder)
        let store = subject.store
        let photo = try Fixtures.jpeg()
        let hash = ContentHash.sha256(of: photo)
        let kept = Data("the bytes stored first".utf8)
        try await subject.plant(kept, hash, .photo)

        _ = try await store.store(fileAt: try folder.write(photo, to: "again.jpg").path, kind: .photo)
        let upload = UploadID()
        let writer = try await store.openPartial(upload, at: 0)
        try await append(photo, to: writer)
        _ = try await writer.finish()
        try await store.promotePartial(upload, as: hash)

        #expect(try await store.bytes(of: hash, kind: .photo) == kept)
        #expect(try await subject.uploadLeftovers().isEmpty)
    }

    @Test(arguments: BlobStoreBackend.allCases)
    func documentsAreStoredByHashApartFromPhotos(_ backend: BlobStoreBackend) async throws {
        let subject = try await backend.make(in: folder)
        let store = subject.store
        let document = Data("%PDF-1.7 a rendered report".utf8) + payload(10_000)
        let source = try folder.write(document, to: "report.pdf").path

        let hash = try await store.store(fileAt: source, kind: .document)

        #expect(hash == ContentHash.sha256(of: document))
        #expect(try await subject.storedNames(.document) == [hash.hex])
        #expect(try await store.bytes(of: hash, kind: .document) == document)
        #expect(try await store.length(of: hash, kind: .document) == document.count)
        #expect(try await store.length(of: hash, kind: .photo) == nil)
    }

    @Test(arguments: BlobStoreBackend.allCases)
    func aBlobNotStoredIsMissing(_ backend: BlobStoreBackend) async throws {
        let store = try await backend.make(in: folder).store
        let hash = ContentHash.stub("c")

        #expect(try await store.length(of: hash, kind: .photo) == nil)
        await #expect(throws: PhotoError.bytesMissing(hash)) { try await store.bytes(of: hash, kind: .photo) }
        await #expect(throws: PhotoError.bytesMissing(hash)) {
            try await store.read(hash, kind: .photo, chunkSize: 1_024) { _ in }
        }
    }

    @Test(arguments: BlobStoreBackend.allCases)
    func aChunkedReadGivesTheBlobInChunksNoLargerThanAsked(_ backend: BlobStoreBackend) async throws {
        let subject = try await backend.make(in: folder)
        let bytes = payload(1_000_000)
        let hash = try await subject.store.store(fileAt: try folder.write(bytes, to: "big.bin").path, kind: .document)

        var chunks: [Int] = []
        var read = Data()
        try await subject.store.read(hash, kind: .document, chunkSize: 64 * 1_024) { chunk in
            chunks.append(chunk.readableBytes)
            read.append(contentsOf: chunk.readableBytesView)
        }

        #expect(read == bytes)
        #expect(chunks.count == 16)
        #expect(chunks.allSatisfy { $0 <= 64 * 1_024 })
    }

    // MARK: - Uploads under way

    @Test(arguments: BlobStoreBackend.allCases)
    func anUploadCutOffAndResumedAfterARestartIsStoredWholeAndNothingOfItIsLeft(_ backend: BlobStoreBackend) async throws {
        let subject = try await backend.make(in: folder)
        let bytes = payload(1_500_000, seed: 3)
        let hash = ContentHash.sha256(of: bytes)
        let cut = 900_001
        let upload = UploadID()

        let first = try await subject.store.openPartial(upload, at: 0)
        try await append(bytes.prefix(cut), to: first)
        #expect(try await first.finish() == cut)
        #expect(try await !subject.uploadLeftovers().isEmpty)

        // A restart later (or another instance): the store is opened again and the upload goes on from the
        // confirmed offset.
        let reopened = try subject.reopen()
        var again = Data()
        try await reopened.readPartial(upload, length: cut) { again.append(contentsOf: $0.readableBytesView) }
        #expect(again == bytes.prefix(cut))
        let second = try await reopened.openPartial(upload, at: cut)
        try await append(bytes.dropFirst(cut), to: second)
        #expect(try await second.finish() == bytes.count)
        #expect(try await reopened.partialBytes(upload) == bytes)
        try await reopened.promotePartial(upload, as: hash)

        #expect(try await reopened.bytes(of: hash, kind: .photo) == bytes)
        #expect(try await subject.storedNames(.photo) == [hash.hex])
        #expect(try await subject.uploadLeftovers().isEmpty)
    }

    @Test(arguments: BlobStoreBackend.allCases)
    func bytesBeyondTheConfirmedOffsetAreDroppedWhenReopened(_ backend: BlobStoreBackend) async throws {
        let store = try await backend.make(in: folder).store
        let upload = UploadID()
        let writer = try await store.openPartial(upload, at: 0)
        try await append(payload(100), to: writer)
        _ = try await writer.finish()

        let resumed = try await store.openPartial(upload, at: 60)
        try await append(Data("the rest".utf8), to: resumed)
        let length = try await resumed.finish()

        #expect(length == 68)
        #expect(try await store.partialBytes(upload) == payload(100).prefix(60) + Data("the rest".utf8))
    }

    @Test(arguments: BlobStoreBackend.allCases)
    func anUploadCannotBeReopenedPastItsEndOrWhenItIsNotThere(_ backend: BlobStoreBackend) async throws {
        let store = try await backend.make(in: folder).store
        let upload = UploadID()
        let writer = try await store.openPartial(upload, at: 0)
        try await append(payload(10), to: writer)
        _ = try await writer.finish()

        await #expect(throws: BlobStoreError.uploadShorter(upload, length: 10, offset: 11)) {
            try await store.openPartial(upload, at: 11)
        }
        let unknown = UploadID()
        await #expect(throws: BlobStoreError.uploadMissing(unknown)) { try await store.openPartial(unknown, at: 5) }
        await #expect(throws: BlobStoreError.uploadMissing(unknown)) { try await store.partialBytes(unknown) }
        #expect(try await store.partialBytes(upload) == payload(10))
    }

    @Test(arguments: BlobStoreBackend.allCases)
    func anUploadOpenedButNotWrittenToIsThereAndEmpty(_ backend: BlobStoreBackend) async throws {
        let store = try await backend.make(in: folder).store
        let upload = UploadID()

        _ = try await store.openPartial(upload, at: 0)

        #expect(try await store.partialBytes(upload).isEmpty)
        var handed = 0
        try await store.readPartial(upload, length: 0) { handed += $0.readableBytes }
        #expect(handed == 0)
    }

    @Test(arguments: BlobStoreBackend.allCases)
    func aNewUploadHoldsWhatWasAppendedOnceFinishedAndIsThereEvenEmpty(_ backend: BlobStoreBackend) async throws {
        let store = try await backend.make(in: folder).store
        let upload = UploadID()
        let writer = try await store.beginPartial(upload)
        try await append(payload(70_000), to: writer)
        #expect(try await writer.finish() == 70_000)
        #expect(try await store.partialBytes(upload) == payload(70_000))

        let empty = UploadID()
        #expect(try await store.beginPartial(empty).finish() == 0)
        #expect(try await store.partialBytes(empty).isEmpty)
        let resumed = try await store.openPartial(empty, at: 0)
        try await append(payload(10), to: resumed)
        #expect(try await resumed.finish() == 10)
        #expect(try await store.partialBytes(empty) == payload(10))
    }

    @Test(arguments: BlobStoreBackend.allCases)
    func aDiscardedUploadLeavesNothingAndDiscardingTwiceIsNoError(_ backend: BlobStoreBackend) async throws {
        let subject = try await backend.make(in: folder)
        let store = subject.store
        let upload = UploadID()
        let writer = try await store.openPartial(upload, at: 0)
        try await append(payload(300_000), to: writer)
        _ = try await writer.finish()

        try await store.discardPartial(upload)
        try await store.discardPartial(upload)

        #expect(try await subject.uploadLeftovers().isEmpty)
        await #expect(throws: BlobStoreError.uploadMissing(upload)) { try await store.promotePartial(upload, as: .stub("b")) }
    }

    @Test(arguments: BlobStoreBackend.allCases)
    func aRemovedBlobIsGoneAndRemovingTwiceIsNoError(_ backend: BlobStoreBackend) async throws {
        let subject = try await backend.make(in: folder)
        let photo = try Fixtures.jpeg()
        let hash = try await subject.store.store(fileAt: try folder.write(photo, to: "photo.jpg").path, kind: .photo)
        let other = try await subject.store.store(fileAt: try folder.write(Data("pdf".utf8), to: "doc.pdf").path, kind: .document)

        try await subject.store.remove(hash, kind: .photo)
        try await subject.store.remove(hash, kind: .photo)
        try await subject.store.remove(other, kind: .photo)

        #expect(try await subject.store.length(of: hash, kind: .photo) == nil)
        #expect(try await subject.storedNames(.photo).isEmpty)
        #expect(try await subject.store.length(of: other, kind: .document) == 3)
    }

    @Test(arguments: BlobStoreBackend.allCases)
    func theRendererReadsPhotosFromTheBlobStore(_ backend: BlobStoreBackend) async throws {
        let subject = try await backend.make(in: folder)
        let photo = try Fixtures.jpeg()
        let hash = try await subject.store.store(fileAt: try folder.write(photo, to: "photo.jpg").path, kind: .photo)

        #expect(try await BlobPhotoSource(blobs: subject.store).bytes(for: hash) == photo)
        await #expect(throws: PhotoError.bytesMissing(.stub("f"))) {
            try await BlobPhotoSource(blobs: subject.store).bytes(for: .stub("f"))
        }
    }
}
