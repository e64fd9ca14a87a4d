import CSQLite
import Data
import Domain
import Foundation
import Storage
import Testing
import TestSupport

/// The outbox the local SQLite store keeps when a server is configured.
@Suite("SQLite outbox")
struct SQLiteOutboxTests {
    /// A store recording its changes, and its outbox.
    struct Subject {
        let directory = TemporaryDirectory("outbox")
        let repository: SQLiteReportRepository
        /// The repository is its own outbox.
        var outbox: SQLiteReportRepository { repository }

        init(recordsChanges: Bool = true) throws {
            repository = try SQLiteReportRepository(path: directory.file("reports.sqlite"), recordsChanges: recordsChanges)
        }

        /// The pending records in a form easy to compare.
        func items() throws -> [OutboxRecord.Item] {
            try outbox.pending(limit: 100).map(\.item)
        }
    }

    static func photo(_ digit: Character, in section: PhotoSection = .crashScene) -> Photo {
        .stub(section: section, contentHash: .stub(digit))
    }

    @Test func withoutAServerNothingIsRecorded() throws {
        let subject = try Subject(recordsChanges: false)
        let stored = try subject.repository.save(.stub(photos: [Self.photo("a")]))
        try subject.repository.delete(stored.id)
        #expect(try subject.outbox.pendingCount() == 0)
    }

    @Test func aSaveRecordsThePhotosItAddsThenTheReportAtItsNewRevision() throws {
        let subject = try Subject()
        let stored = try subject.repository.save(.stub(photos: [Self.photo("a"), Self.photo("b", in: .yourVehicleDamage)]))
        #expect(try subject.items() == [.photo(.stub("b")), .photo(.stub("a")), .report(stored)])
        let sequences = try subject.outbox.pending(limit: 10).map(\.sequence)
        #expect(sequences == sequences.sorted())
        #expect(Set(sequences).count == 3)
    }

    @Test func aNewerVersionReplacesTheUnsentOneAndOnlyNewPhotosAreAdded() throws {
        let subject = try Subject()
        var report = try subject.repository.save(.stub(photos: [Self.photo("a")]))
        try report.addPhoto(Self.photo("c"))
        try report.setNote("second version")
        let second = try subject.repository.save(report)
        #expect(try subject.items() == [.photo(.stub("a")), .photo(.stub("c")), .report(second)])
    }

    @Test func aDeletionReplacesTheUnsentReport() throws {
        let subject = try Subject()
        let stored = try subject.repository.save(.stub(photos: [Self.photo("a")]))
        try subject.repository.delete(stored.id)
        #expect(try subject.items() == [.photo(.stub("a")), .deletion(stored.id)])
        // Deleting what is not there records nothing.
        try subject.repository.delete(ReportID())
        #expect(try subject.outbox.pendingCount() == 2)
    }

    @Test func aRefusedSaveRecordsNothing() throws {
        let subject = try Subject()
        let read = try subject.repository.save(.stub())
        var first = read
        try first.setNote("first")
        try subject.repository.save(first)
        let before = try subject.items()
        var stale = read
        try stale.addPhoto(Self.photo("f"))
        #expect(throws: ReportError.self) { try subject.repository.save(stale) }
        #expect(try subject.items() == before)
    }

    @Test func acknowledgedRecordsAreForgottenAndNumbersAreNeverReused() throws {
        let subject = try Subject()
        var report = try subject.repository.save(.stub(photos: [Self.photo("a")]))
        let first = try subject.outbox.pending(limit: 10)
        try subject.outbox.acknowledge(through: try #require(first.last).sequence)
        // The report is forgotten; its photo, sent after it, waits until it is acknowledged itself.
        #expect(try subject.outbox.pending(limit: 10).map(\.item) == [.photo(.stub("a"))])
        let photo = try #require(try subject.outbox.pendingPhotos(limit: 10).first)
        try subject.outbox.acknowledgePhoto(photo.sequence)
        #expect(try subject.outbox.pendingCount() == 0)

        try report.toggleInjury(.myself)
        report = try subject.repository.save(report)
        let next = try subject.outbox.pending(limit: 10)
        #expect(next.map(\.item) == [.report(report)])
        #expect(try #require(next.first).sequence > (try #require(first.last)).sequence)
    }

    @Test func readingIsOldestFirstAndLimited() throws {
        let subject = try Subject()
        let reports = try (0..<5).map { _ in try subject.repository.save(.stub()) }
        #expect(try subject.items() == reports.map { .report($0) })
        #expect(try subject.outbox.pending(limit: 2).map(\.item) == reports.prefix(2).map { .report($0) })
    }

    @Test func aPhotoWaitingForUploadStaysReferencedUntilItIsSent() throws {
        let subject = try Subject()
        var report = try subject.repository.save(.stub(photos: [Self.photo("a")]))
        _ = try report.removePhoto(report.allPhotos[0].id)
        try subject.repository.save(report)
        #expect(try subject.repository.isPhotoReferenced(.stub("a")))

        let photoRecord = try #require(try subject.outbox.pending(limit: 1).first)
        #expect(photoRecord.item == .photo(.stub("a")))
        try subject.outbox.acknowledgePhoto(photoRecord.sequence)
        #expect(try !subject.repository.isPhotoReferenced(.stub("a")))
    }

    @Test func reportsAndDeletionsAreReadApartFromThePhotos() throws {
        let subject = try Subject()
        let first = try subject.repository.save(.stub(photos: [Self.photo("a"), Self.photo("b")]))
        let second = try subject.repository.save(.stub())
        #expect(try subject.outbox.pendingChanges(limit: 10).map(\.item) == [.report(first), .report(second)])
        #expect(try subject.outbox.pendingPhotos(limit: 10).map(\.item) == [.photo(.stub("a")), .photo(.stub("b"))])
        // Acknowledging a photo forgets that record alone.
        let photos = try subject.outbox.pendingPhotos(limit: 10)
        try subject.outbox.acknowledgePhoto(try #require(photos.last).sequence)
        #expect(try subject.outbox.pending(limit: 10).map(\.item) == [.photo(.stub("a")), .report(first), .report(second)])
    }

    @Test func discardingADraftKeepsTheBytesOfPhotosStillToBeSent() async throws {
        let subject = try Subject()
        let photoStore = InMemoryPhotoStore()
        let clock = ManualClock(referenceDate)
        let started = try await StartReport(repository: subject.repository, issuer: RandomCrashIDIssuer(), clock: clock).execute()
        let added = try await AddImage(repository: subject.repository, photoStore: photoStore, clock: clock)
            .execute(reportID: started.id, section: .crashScene, bytes: try Fixtures.distinctJPEG(1), fileName: "scene.jpg")
        let hash = try #require(added.allPhotos.first).contentHash

        try await DiscardReport(repository: subject.repository, photoStore: photoStore).execute(reportID: started.id)

        #expect(await photoStore.contains(hash))
        #expect(try subject.items() == [.photo(hash), .deletion(started.id)])
    }

    @Test func theDeviceKeepsItsIDAndEveryRecordCarriesIt() throws {
        let subject = try Subject()
        try subject.repository.save(.stub())
        let device = try subject.outbox.device()
        let reopened = SQLiteReportRepository(database: try SQLiteDatabase(
            path: subject.directory.file("reports.sqlite"), migrations: SQLiteReportRepository.migrations
        ))
        #expect(try reopened.device() == device)
        #expect(try subject.outbox.pending(limit: 10).allSatisfy { $0.device == device })
        let other = try Subject()
        #expect(try other.outbox.device() != device)
    }
}
