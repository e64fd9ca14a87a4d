import Data
import Domain
import Foundation
import NIOCore
import Testing
import TestSupport
@testable import Server

@Suite("Blobs kept as files in the server's data folder")
struct FileBlobStoreTests {
    let folder = TemporaryDirectory("file-blob-store-tests")

    func makeStore() throws -> FileBlobStore {
        try FileBlobStore(folder: folder.file("data"))
    }

    /// Bytes that are not all the same, so a chunk in the wrong place shows (`count` of them).
    func payload(_ count: Int, seed: UInt8 = 7) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed) &+ $0 / 251) })
    }

    func names(in path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
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

    @Test func theSameBytesStoredTwiceAreStoredOnceUnderTheirHash() async throws {
        let store = try makeStore()
        let photo = try Fixtures.jpeg()
        let source = try folder.write(photo, to: "upload.jpg").path

        let first = try await store.store(fileAt: source, kind: .photo)
        let second = try await store.store(fileAt: source, kind: .photo)

        #expect(first == ContentHash.sha256(of: photo))
        #expect(second == first)
        #expect(store.path(of: first, kind: .photo) == folder.file("data/blobs/photo/\(first.hex.prefix(2))/\(first.hex)"))
        #expect(try names(in: store.fanOutFolder(of: first, kind: .photo)) == [first.hex])
        #expect(try await store.bytes(of: first, kind: .photo) == photo)
        #expect(try await store.length(of: first, kind: .photo) == photo.count)
        #expect(FileManager.default.fileExists(atPath: source))
    }

    @Test func aBlobAlreadyStoredIsKeptAsItWas() async throws {
        let store = try makeStore()
        let photo = try Fixtures.jpeg()
        let hash = ContentHash.sha256(of: photo)
        try FileManager.default.createDirectory(atPath: store.fanOutFolder(of: hash, kind: .photo), withIntermediateDirectories: true)
        let kept = Data("the bytes stored first".utf8)
        try kept.write(to: URL(fileURLWithPath: store.path(of: hash, kind: .photo)))

        _ = try await store.store(fileAt: try folder.write(photo, to: "again.jpg").path, kind: .photo)
        let upload = UploadID()
        let writer = try await store.openPartial(upload, at: 0)
        try await append(photo, to: writer)
        _ = try await writer.finish()
        try await store.promotePartial(upload, as: hash)

        #expect(try await store.bytes(of: hash, kind: .photo) == kept)
        #expect(try names(in: folder.file("data/uploads")).isEmpty)
    }

    @Test func documentsAreStoredByHashApartFromPhotos() async throws {
        let store = try makeStore()
        let document = Data("%PDF-1.7 a rendered report".utf8) + payload(10_000)
        let source = try folder.write(document, to: "report.pdf").path

        let hash = try await store.store(fileAt: source, kind: .document)

        #expect(hash == ContentHash.sha256(of: document))
        #expect(store.path(of: hash, kind: .document) == folder.file("data/blobs/document/\(hash.hex.prefix(2))/\(hash.hex)"))
        #expect(try await store.bytes(of: hash, kind: .document) == document)
        #expect(try await store.length(of: hash, kind: .document) != nil)
        #expect(try await store.length(of: hash, kind: .photo) == nil)
    }

    @Test func aBlobNotStoredIsMissing() async throws {
        let store = try makeStore()
        let hash = ContentHash.stub("c")

        #expect(try await store.length(of: hash, kind: .photo) == nil)
        #expect(try await store.length(of: hash, kind: .photo) == nil)
        await #expect(throws: PhotoError.bytesMissing(hash)) { try await store.bytes(of: hash, kind: .photo) }
        await #expect(throws: PhotoError.bytesMissing(hash)) {
            try await store.read(hash, kind: .photo, chunkSize: 1_024) { _ in }
        }
    }

    @Test func aChunkedReadGivesTheFileInChunksNoLargerThanAsked() async throws {
        let store = try makeStore()
        let bytes = payload(1_000_000)
        let hash = try await store.store(fileAt: try folder.write(bytes, to: "big.bin").path, kind: .document)

        var chunks: [Int] = []
        var read = Data()
        try await store.read(hash, kind: .document, chunkSize: 64 * 1_024) { chunk in
            chunks.append(chunk.readableBytes)
            read.append(contentsOf: chunk.readableBytesView)
        }

        #expect(read == bytes)
        #expect(chunks.count == 16)
        #expect(chunks.allSatisfy { $0 <= 64 * 1_024 })
    }

    // MARK: - Uploads under way

    @Test func anUploadCutOffAndResumedIsStoredWholeAndItsPartFileGoes() async throws {
        let store = try makeStore()
        let bytes = payload(1_500_000, seed: 3)
        let hash = ContentHash.sha256(of: bytes)
        let cut = 900_001
        let upload = UploadID()

        let first = try await store.openPartial(upload, at: 0)
        try await append(bytes.prefix(cut), to: first)
        #expect(try await first.finish() == cut)
        #expect(FileManager.default.fileExists(atPath: store.partialPath(of: upload)))

        // A restart later: the store is opened again and the upload goes on from the confirmed offset.
        let reopened = try makeStore()
        var again = Data()
        try await reopened.readPartial(upload, length: cut) { again.append(contentsOf: $0.readableBytesView) }
        #expect(again == bytes.prefix(cut))
        let second = try await reopened.openPartial(upload, at: cut)
        try await append(bytes.dropFirst(cut), to: second)
        #expect(try await second.finish() == bytes.count)
        #expect(try await reopened.partialBytes(upload) == bytes)
        try await reopened.promotePartial(upload, as: hash)

        #expect(try await reopened.bytes(of: hash, kind: .photo) == bytes)
        #expect(!FileManager.default.fileExists(atPath: reopened.partialPath(of: upload)))
        #expect(try names(in: folder.file("data/uploads")).isEmpty)
    }

    @Test func bytesBeyondTheConfirmedOffsetAreDroppedWhenReopened() async throws {
        let store = try makeStore()
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

    @Test func anUploadCannotBeReopenedPastItsEndOrWhenItIsNotThere() async throws {
        let store = try makeStore()
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

    @Test func aDiscardedUploadLeavesNothingAndDiscardingTwiceIsNoError() async throws {
        let store = try makeStore()
        let upload = UploadID()
        let writer = try await store.openPartial(upload, at: 0)
        try await append(payload(300_000), to: writer)
        _ = try await writer.finish()

        try await store.discardPartial(upload)
        try await store.discardPartial(upload)

        #expect(try names(in: folder.file("data/uploads")).isEmpty)
        await #expect(throws: BlobStoreError.uploadMissing(upload)) { try await store.promotePartial(upload, as: .stub("b")) }
    }

    @Test func theRendererReadsPhotosFromTheBlobStore() async throws {
        let store = try makeStore()
        let photo = try Fixtures.jpeg()
        let hash = try await store.store(fileAt: try folder.write(photo, to: "photo.jpg").path, kind: .photo)

        #expect(try await BlobPhotoSource(blobs: store).bytes(for: hash) == photo)
        await #expect(throws: PhotoError.bytesMissing(.stub("f"))) {
            try await BlobPhotoSource(blobs: store).bytes(for: .stub("f"))
        }
    }
}
