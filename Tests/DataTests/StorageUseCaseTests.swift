import Data
import Domain
import Foundation
import Storage
import Testing
import TestSupport

/// Real use cases over the real local storage (cached repository over SQLite, photo files).
@Suite("Use cases over local storage")
struct StorageUseCaseTests {
    struct Kit {
        let directory = TemporaryDirectory()
        let storage: LocalStorage
        let repository: CachedReportRepository
        let clock = ManualClock(referenceDate)

        init() throws {
            storage = try LocalStorage.open(at: DatabaseLocation(databaseFile: directory.file("data/reports.sqlite")))
            repository = CachedReportRepository(local: storage.repository)
        }

        var start: StartReport { StartReport(repository: repository, issuer: RandomCrashIDIssuer(), clock: clock) }
        var addImage: AddImage { AddImage(repository: repository, photoStore: storage.photoStore, clock: clock) }
        var discard: DiscardReport { DiscardReport(repository: repository, photoStore: storage.photoStore) }

        func onDisk(_ hash: ContentHash) -> Bool {
            FileManager.default.fileExists(atPath: storage.photoStore.path(of: hash))
        }
    }

    @Test func discardingADraftDeletesItsOwnPhotoFilesAndKeepsSharedOnes() async throws {
        let kit = try Kit()
        let first = try await kit.start.execute()
        let second = try await kit.start.execute()
        let shared = try Fixtures.jpeg()
        let own = try Fixtures.distinctJPEG(1)
        _ = try await kit.addImage.execute(reportID: first.id, section: .crashScene, bytes: shared, fileName: "a.jpg")
        _ = try await kit.addImage.execute(reportID: first.id, section: .crashScene, bytes: own, fileName: "b.jpg")
        _ = try await kit.addImage.execute(reportID: second.id, section: .yourVehicleDamage, bytes: shared, fileName: "a.jpg")

        try await kit.discard.execute(reportID: first.id)

        #expect(kit.onDisk(ContentHash.sha256(of: shared)))
        #expect(!kit.onDisk(ContentHash.sha256(of: own)))
        #expect(try kit.storage.repository.report(withID: first.id) == nil)
    }

    @Test func discardingTheLastDraftUsingAPhotoDeletesItsFile() async throws {
        let kit = try Kit()
        let report = try await kit.start.execute()
        let bytes = try Fixtures.png()
        _ = try await kit.addImage.execute(reportID: report.id, section: .crashScene, bytes: bytes, fileName: "a.png")
        #expect(kit.onDisk(ContentHash.sha256(of: bytes)))

        try await kit.discard.execute(reportID: report.id)

        #expect(!kit.onDisk(ContentHash.sha256(of: bytes)))
        #expect(try kit.storage.photoStore.storedHashes().isEmpty)
    }

    @Test func anAddedPhotoIsInTheDatabaseAndOnDiskWhenAddImageReturns() async throws {
        let kit = try Kit()
        let report = try await kit.start.execute()
        let bytes = try Fixtures.jpeg()
        let stored = try await kit.addImage.execute(reportID: report.id, section: .licenceAndInsurance, bytes: bytes, fileName: "l.jpg")
        let reopened = try SQLiteReportRepository(path: kit.storage.location.databaseFile)
        #expect(try reopened.report(withID: report.id) == stored)
        #expect(try kit.storage.photoStore.bytes(for: ContentHash.sha256(of: bytes)) == bytes)
    }
}
