import Domain
import Foundation
import NIOCore
import ServerBlobs
import ServerCore
import TestSupport
import ServerTestSupport

/// Every adapter of the blob port, for the tests about the port (`@Test(arguments: BlobStoreBackend.allCases)`).
enum BlobStoreBackend: String, CaseIterable, Sendable, CustomStringConvertible {
    case files = "data folder"
    case s3 = "S3 (moto)"
    case inMemory = "in memory"

    var description: String { rawValue }

    /// A new, empty store of this kind: a fresh data folder in `folder` (which the test keeps), or a fresh bucket in
    /// the local S3 stand-in.
    func make(in folder: TemporaryDirectory) async throws -> BlobStoreUnderTest {
        switch self {
        case .files:
            let data = folder.file("data")
            let store = try FileBlobStore(folder: data)
            return BlobStoreUnderTest(
                store: store,
                reopen: { try FileBlobStore(folder: data) },
                storedNames: { kind in try Self.files(under: "\(data)/blobs/\(kind.rawValue)") },
                uploadLeftovers: { try Self.files(under: "\(data)/uploads") },
                plant: { bytes, hash, kind in
                    try FileManager.default.createDirectory(atPath: store.fanOutFolder(of: hash, kind: kind), withIntermediateDirectories: true)
                    try bytes.write(to: URL(fileURLWithPath: store.path(of: hash, kind: kind)))
                }
            )
        case .inMemory:
            let store = InMemoryBlobStore()
            return BlobStoreUnderTest(
                store: store,
                reopen: { store },
                storedNames: { kind in await store.storedNames(kind) },
                uploadLeftovers: { await store.partialNames },
                plant: { bytes, hash, kind in await store.plant(bytes, as: hash, kind: kind) }
            )
        case .s3:
            let bucket = try await MotoServer.start().makeBucket()
            return BlobStoreUnderTest(
                store: S3BlobStore(client: bucket),
                reopen: { S3BlobStore(client: bucket) },
                storedNames: { kind in try await bucket.list(prefix: "\(kind.rawValue)/").map { String($0.key.dropFirst(kind.rawValue.count + 1)) } },
                uploadLeftovers: { try await bucket.list(prefix: "upload/").map(\.key) },
                plant: { bytes, hash, kind in
                    try await bucket.put(S3BlobStore.key(of: hash, kind: kind), .bytes(ByteBuffer(bytes: bytes)))
                }
            )
        }
    }

    /// The names of the regular files under the folder, however deep, sorted.
    private static func files(under folder: String) throws -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var names: [String] = []
        for case let path as String in walker {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: "\(folder)/\(path)", isDirectory: &isFolder), !isFolder.boolValue {
                names.append(URL(fileURLWithPath: path).lastPathComponent)
            }
        }
        return names.sorted()
    }
}
