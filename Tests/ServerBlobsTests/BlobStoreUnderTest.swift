import Domain
import Foundation
import ServerCore
import TestSupport

/// A blob store made for one test, with what the test needs to look behind it.
struct BlobStoreUnderTest: Sendable {
    let store: any BlobStore
    /// The same storage opened again, as after a restart or by another instance.
    let reopen: @Sendable () throws -> any BlobStore
    /// The hashes stored as whole blobs of the kind, by the names they are kept under.
    let storedNames: @Sendable (BlobKind) async throws -> [String]
    /// What is kept of uploads under way (part files, segment objects).
    let uploadLeftovers: @Sendable () async throws -> [String]
    /// Stores bytes under a hash directly, beside the store, as an earlier write would have.
    let plant: @Sendable (Data, ContentHash, BlobKind) async throws -> Void
}
