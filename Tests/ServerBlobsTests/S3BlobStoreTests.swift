import Data
import Domain
import Foundation
import NIOCore
import ServerApp
import ServerBlobs
import ServerCore
import ServerHTTP
import Storage
import Testing
import TestSupport
import ServerTestSupport

/// What only the S3 adapter does: uploads kept as segment objects, whole blobs under `photo/` and `document/`, and
/// the facts it gives when the bucket or the endpoint is not there. Against a local moto.
@Suite("Blobs kept in S3-compatible storage", .ownThreads)
struct S3BlobStoreTests {
    func payload(_ count: Int, seed: UInt8 = 5) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ Int(seed) &+ $0 / 97) })
    }

    @Test func anUploadIsKeptAsSegmentsAndReopeningInsideOneKeepsItsFirstPart() async throws {
        let bucket = try await MotoServer.start().makeBucket()
        let store = S3BlobStore(client: bucket, segmentSize: 1_000)
        let upload = UploadID()
        let first = payload(3_500)

        let writer = try await store.openPartial(upload, at: 0)
        for start in stride(from: 0, to: first.count, by: 700) {
            try await writer.append(ByteBuffer(bytes: first[start..<min(start + 700, first.count)]))
        }
        #expect(try await writer.finish() == 3_500)
        let prefix = S3BlobStore.segmentPrefix(upload)
        #expect(try await bucket.list(prefix: prefix).map(\.size) == [1_400, 1_400, 700])

        // Only 1 500 bytes were confirmed: the segment across that offset is cut there, the one after it goes.
        let resumed = try await S3BlobStore(client: bucket, segmentSize: 1_000).openPartial(upload, at: 1_500)
        let rest = payload(2_000, seed: 9)
        try await resumed.append(ByteBuffer(bytes: rest))
        #expect(try await resumed.finish() == 3_500)

        #expect(try await bucket.list(prefix: prefix).map(\.key) == [0, 1_400, 1_500].map { S3BlobStore.segmentKey(upload, offset: $0) })
        #expect(try await store.partialBytes(upload) == first.prefix(1_500) + rest)
        var firstPart = Data()
        try await store.readPartial(upload, length: 1_450) { firstPart.append(contentsOf: $0.readableBytesView) }
        #expect(firstPart == first.prefix(1_450))

        let whole = first.prefix(1_500) + rest
        try await store.promotePartial(upload, as: ContentHash.sha256(of: whole))
        #expect(try await bucket.list(prefix: "").map(\.key) == ["photo/\(ContentHash.sha256(of: whole).hex)"])
        #expect(try await store.bytes(of: ContentHash.sha256(of: whole), kind: .photo) == whole)
    }

    @Test func anUploadSentWholeIsHeldForItsCheckAndStoredAsThePhotoWithNoSegment() async throws {
        let bucket = try await MotoServer.start().makeBucket()
        let store = S3BlobStore(client: bucket)
        let upload = UploadID()
        let bytes = payload(300_000)
        let writer = try await store.openPartial(upload, at: 0)
        for start in stride(from: 0, to: bytes.count, by: 65_536) {
            try await writer.append(ByteBuffer(bytes: bytes[start..<min(start + 65_536, bytes.count)]))
        }
        let held = try #require(await writer.heldWhole())
        #expect(Data(held.bytes.readableBytesView) == bytes)
        // Nothing but the empty placeholder of the upload was written.
        #expect(try await bucket.list(prefix: S3BlobStore.segmentPrefix(upload)).map(\.size) == [0])
        let hash = ContentHash.sha256(of: bytes)
        try await held.store(hash)
        #expect(await writer.heldWhole() == nil)
        try await store.discardPartial(upload)
        #expect(try await bucket.list(prefix: "").map(\.key) == ["photo/\(hash.hex)"])
        #expect(try await store.bytes(of: hash, kind: .photo) == bytes)

        // A writer resuming inside an upload does not hold what came before it.
        let cut = UploadID()
        let first = try await store.openPartial(cut, at: 0)
        try await first.append(ByteBuffer(bytes: bytes[..<100_000]))
        #expect(try await first.finish() == 100_000)
        let resumed = try await store.openPartial(cut, at: 100_000)
        try await resumed.append(ByteBuffer(bytes: bytes[100_000...]))
        #expect(await resumed.heldWhole() == nil)
        #expect(try await resumed.finish() == bytes.count)
    }

    @Test func aNewUploadSentWholeSendsTheStoreNothingButThePhoto() async throws {
        let bucket = try await MotoServer.start().makeBucket()
        let store = S3BlobStore(client: bucket)
        let upload = UploadID()
        let bytes = payload(300_000, seed: 3)
        let hash = ContentHash.sha256(of: bytes)

        let writer = try await store.beginPartial(upload)
        for start in stride(from: 0, to: bytes.count, by: 65_536) {
            try await writer.append(ByteBuffer(bytes: bytes[start..<min(start + 65_536, bytes.count)]))
        }
        // While held for its check, nothing of the upload is in the store: no placeholder, no segment.
        #expect(try await bucket.list(prefix: "").isEmpty)
        let held = try #require(await writer.heldWhole())
        try await held.store(hash)

        #expect(try await bucket.list(prefix: "").map(\.key) == ["photo/\(hash.hex)"])
        #expect(try await store.bytes(of: hash, kind: .photo) == bytes)
    }

    @Test func aNewUploadCutOffIsWrittenAsASegmentOnlyWhenItFinishes() async throws {
        let bucket = try await MotoServer.start().makeBucket()
        let store = S3BlobStore(client: bucket)
        let bytes = payload(50_000, seed: 4)

        // Cut off after some bytes: they become the first segment, which a PATCH continues from.
        let cut = UploadID()
        let writer = try await store.beginPartial(cut)
        try await writer.append(ByteBuffer(bytes: bytes[..<20_000]))
        #expect(try await bucket.list(prefix: "").isEmpty)
        #expect(try await writer.finish() == 20_000)
        #expect(try await bucket.list(prefix: S3BlobStore.segmentPrefix(cut)).map(\.size) == [20_000])
        let resumed = try await store.openPartial(cut, at: 20_000)
        try await resumed.append(ByteBuffer(bytes: bytes[20_000...]))
        #expect(try await resumed.finish() == bytes.count)
        #expect(try await store.partialBytes(cut) == bytes)

        // Cut off before its first byte: there, and empty; reading its first 0 bytes needs nothing.
        let empty = UploadID()
        #expect(try await store.beginPartial(empty).finish() == 0)
        #expect(try await bucket.list(prefix: S3BlobStore.segmentPrefix(empty)).map(\.size) == [0])
        #expect(try await store.partialBytes(empty).isEmpty)
        let never = UploadID()
        var handed = 0
        try await store.readPartial(never, length: 0) { handed += $0.readableBytes }
        #expect(handed == 0)
    }

    @Test func aStoreCheckingSignaturesTakesEveryKindOfRequestAndRefusesWrongKeys() async throws {
        let moto = try MotoServer.startCheckingSignatures()
        let bucket = try await moto.makeBucket()
        let store = S3BlobStore(client: bucket)
        let folder = TemporaryDirectory("s3-signatures")
        let photo = try LargePhotos.jpeg(bytes: 200_000, seed: 4)

        // HEAD, PUT streamed from a file and create-only, GET whole and ranged, PUT of bytes, copy, list, DELETE.
        // (Not a list whose prefix holds a slash, as the segments' does: moto checks such a query's signature
        // against the slash unencoded, and refuses boto3's signature for it as it refuses ours.)
        let hash = try await store.store(fileAt: try folder.write(photo, to: "photo.jpg").path, kind: .photo)
        #expect(try await store.bytes(of: hash, kind: .photo) == photo)
        #expect(try await bucket.put(S3BlobStore.key(of: hash, kind: .photo), .bytes(ByteBuffer(bytes: photo)), createOnly: true) == false)
        let head = try #require(try await bucket.get(S3BlobStore.key(of: hash, kind: .photo), range: 0..<1_000))
        #expect(Data(buffer: try await head.collect(upTo: 10_000)) == photo.prefix(1_000))
        try await bucket.put("scratch", .bytes(ByteBuffer(bytes: photo.prefix(5_000))))
        try await bucket.copy("scratch", to: "scratch-copy")
        #expect(try await bucket.list(prefix: "scratch").map(\.size) == [5_000, 5_000])
        try await bucket.delete("scratch")
        try await bucket.delete("scratch-copy")
        #expect(try await bucket.list(prefix: "").map(\.key) == [S3BlobStore.key(of: hash, kind: .photo)])

        let wrongSecret = S3Client(
            location: bucket.location, credentials: S3Credentials(accessKeyID: moto.credentials.accessKeyID, secretAccessKey: "not-the-secret")
        )
        await #expect(throws: BlobStoreError.accessRefused(bucket: bucket.location.bucket, code: "SignatureDoesNotMatch")) {
            try await wrongSecret.list(prefix: "")
        }
        let unknownKey = S3Client(location: bucket.location, credentials: S3Credentials(accessKeyID: "AKIAUNKNOWN", secretAccessKey: "secret"))
        await #expect(throws: BlobStoreError.accessRefused(bucket: bucket.location.bucket, code: "InvalidAccessKeyId")) {
            try await unknownKey.list(prefix: "")
        }
        await #expect(throws: BlobStoreError.self) { try await unknownKey.checkBucket() }
    }

    @Test func aBucketThatIsNotThereIsSaidToBeMissing() async throws {
        let moto = try MotoServer.start()
        let missing = S3Client(
            location: try S3Location(url: "s3://no-such-bucket-here?endpoint=\(moto.endpoint)"), credentials: moto.credentials
        )

        await #expect(throws: BlobStoreError.bucketMissing("no-such-bucket-here")) { try await missing.checkBucket() }
        await #expect(throws: BlobStoreError.bucketMissing("no-such-bucket-here")) {
            try await S3BlobStore(client: missing).bytes(of: .stub("a"), kind: .photo)
        }
        #expect(BlobStorageText.sentence(for: BlobStoreError.bucketMissing("no-such-bucket-here")).contains("does not exist"))
    }

    @Test func anEndpointNobodyListensOnIsUnreachableAndARequestIsAnswered503() async throws {
        let unreachable = S3Client(
            location: try S3Location(url: "s3://crash-photos?endpoint=http://127.0.0.1:9"),
            credentials: S3Credentials(accessKeyID: "key", secretAccessKey: "secret")
        )

        let error = await #expect(throws: BlobStoreError.self) { try await unreachable.checkBucket() }
        guard case let .unreachable(endpoint, _)? = error else {
            Issue.record("expected the endpoint to be unreachable, got \(String(describing: error))")
            return
        }
        #expect(endpoint == "http://127.0.0.1:9")
        let problem = ProblemMiddleware<ServerRequestContext>.problem(for: BlobStoreError.unreachable(endpoint: endpoint, reason: "refused"))
        #expect(problem.status.code == 503)
        #expect(problem.detail == "The server cannot reach its storage now. Try again later.")
    }
}
