import Data
import Domain
import Foundation
import Storage
import Testing
import TestSupport

/// The behaviour every `PhotoStore` backend shares.
@Suite("Photo store conformance", .ownThreads)
struct PhotoStoreConformanceTests {
    @Test(arguments: PhotoStoreBackend.allCases)
    func storedBytesReadBackUnderTheirSHA256(_ backend: PhotoStoreBackend) async throws {
        let subject = try backend.make()
        let bytes = try Fixtures.jpeg()
        let hash = try await subject.store.put(bytes)
        #expect(hash == ContentHash.sha256(of: bytes))
        #expect(try await subject.store.bytes(for: hash) == bytes)
        #expect(try await subject.store.contains(hash))
    }

    @Test(arguments: PhotoStoreBackend.allCases)
    func theSameBytesAreStoredOnce(_ backend: PhotoStoreBackend) async throws {
        let subject = try backend.make()
        let first = try await subject.store.put(try Fixtures.jpeg())
        let second = try await subject.store.put(try Fixtures.jpeg())
        #expect(first == second)
        try await subject.store.remove(first)
        #expect(try await !subject.store.contains(first))
    }

    @Test(arguments: PhotoStoreBackend.allCases)
    func readingRemovedBytesSaysTheyAreMissing(_ backend: PhotoStoreBackend) async throws {
        let subject = try backend.make()
        let hash = try await subject.store.put(try Fixtures.png())
        try await subject.store.remove(hash)
        await #expect(throws: PhotoError.bytesMissing(hash)) { try await subject.store.bytes(for: hash) }
    }

    @Test(arguments: PhotoStoreBackend.allCases)
    func removingBytesThatAreNotThereIsNotAnError(_ backend: PhotoStoreBackend) async throws {
        let subject = try backend.make()
        try await subject.store.remove(.stub("9"))
        #expect(try await !subject.store.contains(.stub("9")))
    }

    @Test(arguments: PhotoStoreBackend.allCases)
    func emptyBytesAreStoredToo(_ backend: PhotoStoreBackend) async throws {
        let subject = try backend.make()
        let hash = try await subject.store.put(Data())
        #expect(try await subject.store.bytes(for: hash) == Data())
    }
}
