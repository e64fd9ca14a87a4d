import Data
import Domain
import Foundation
import Storage
import Testing
import TestSupport

@Suite("In-memory adapters")
struct InMemoryAdapterTests {
    @Test func photoStoreNamesBytesByTheirSHA256() async throws {
        let store = InMemoryPhotoStore()
        let hash = await store.put(Data("abc".utf8))
        #expect(hash.hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(ContentHash.sha256(of: Data()).hex == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func photoStoreKeepsTheSameBytesOnce() async throws {
        let store = InMemoryPhotoStore()
        let first = await store.put(try Fixtures.jpeg())
        let second = await store.put(try Fixtures.jpeg())
        #expect(first == second)
        #expect(await store.storedHashes == [first])
        await store.remove(first)
        #expect(await !store.contains(first))
        await #expect(throws: PhotoError.bytesMissing(first)) { try await store.bytes(for: first) }
    }

    @Test func repositoryFindsReportsByIdAndCrashIDAndReplacesOnSave() async throws {
        let repository = InMemoryReportRepository()
        var report = try await repository.save(.stub(crashID: .stub("CR-FIND2345")))
        try report.setNote("changed")
        try await repository.save(report)
        #expect(await repository.report(withID: report.id)?.otherDriverNote == "changed")
        #expect(await repository.report(withCrashID: .stub("CR-FIND2345"))?.id == report.id)
        #expect(await repository.report(withCrashID: .stub("CR-NONE2345")) == nil)
        #expect(await repository.count == 1)
    }

    @Test func repositoryOrdersNewestFirstAndBreaksTiesStably() async throws {
        let same = referenceDate
        let reports = [CrashReport.stub(createdAt: same), .stub(createdAt: same), .stub(createdAt: same.addingTimeInterval(1))]
        let repository = InMemoryReportRepository(reports)
        let rows = await repository.summaries(limit: nil, offset: 0)
        #expect(rows.first?.id == reports[2].id)
        #expect(Array(rows.dropFirst().map(\.id)) == [reports[0].id, reports[1].id].sorted())
    }

    @Test func repositoryTellsWhetherAPhotoIsStillReferenced() async throws {
        let repository = InMemoryReportRepository([.stub(photos: [.stub(contentHash: .stub("1"))])])
        #expect(await repository.isPhotoReferenced(.stub("1")))
        #expect(await !repository.isPhotoReferenced(.stub("2")))
    }

    @Test func resavingAReportKeepsOneRowShowingItsLatestState() async throws {
        var report = CrashReport.stub()
        let other = CrashReport.stub(createdAt: referenceDate.addingTimeInterval(-60))
        let repository = InMemoryReportRepository([report, other])
        try report.toggleInjury(.myself)
        report = try await repository.save(report)
        try await repository.save(report)
        let rows = await repository.summaries(limit: nil, offset: 0)
        #expect(rows.map(\.id) == [report.id, other.id])
        #expect(rows.first?.injuryCount == 1)
        try await repository.delete(report.id)
        #expect(await repository.summaries(limit: nil, offset: 0).map(\.id) == [other.id])
    }

    @Test func photoStopsBeingReferencedWhenItsLastReportDropsIt() async throws {
        var first = CrashReport.stub(photos: [.stub(contentHash: .stub("1"))])
        let second = CrashReport.stub(photos: [.stub(contentHash: .stub("1"))])
        let repository = InMemoryReportRepository([first, second])
        _ = try first.removePhoto(first.allPhotos[0].id)
        try await repository.save(first)
        #expect(await repository.isPhotoReferenced(.stub("1")))
        try await repository.delete(second.id)
        #expect(await !repository.isPhotoReferenced(.stub("1")))
    }

    @Test func manualClockMovesOnlyWhenTold() {
        let clock = ManualClock(referenceDate)
        #expect(clock.now() == referenceDate)
        clock.advance(by: 90)
        #expect(clock.now() == referenceDate.addingTimeInterval(90))
    }

    @Test func randomIssuerGivesLocalCrashIDs() async throws {
        let issuer = RandomCrashIDIssuer()
        let ids = (0..<50).map { _ in issuer.issue() }
        #expect(ids.allSatisfy { $0.isLocal })
        #expect(Set(ids).count == 50)
    }
}
