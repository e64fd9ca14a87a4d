import Data
import Domain
import Foundation
import Storage
import Testing
import TestSupport

/// The behaviour every `ReportRepository` backend shares.
@Suite("Report repository conformance", .ownThreads)
struct ReportRepositoryConformanceTests {
    static let awkwardText = "Crème brûlée 🚗💥 “quoted” 'single' \"double\" '); DROP TABLE reports;-- 100%_ \\ line two, 東京 end"

    /// A report using every field, with times that are not whole numbers of anything.
    static func fullReport(completed: Bool = false, for backend: RepositoryBackend = .inMemory) throws -> CrashReport {
        let created = Date(timeIntervalSinceReferenceDate: 815_000_000.123_456_789)
        let photos = [
            Photo(
                section: .licenceAndInsurance, contentHash: .stub("1"), mediaType: .jpeg, byteCount: 4_194_304,
                pixelSize: PixelSize(width: 4032, height: 3024), originalFileName: awkwardText + ".jpg",
                addedAt: created.addingTimeInterval(1.000_000_1),
                takenAt: Date(timeIntervalSinceReferenceDate: 814_999_000.987_654_321),
                takenWhere: try Coordinate(latitude: -33.856_784_123_456, longitude: 151.215_297_654_321),
                takenAltitude: -12.345_678_9,
                orientation: .rotatedClockwise, serverFileName: "server/'%_🚗.jpg"
            ),
            Photo(
                section: .licenceAndInsurance, contentHash: .stub("2"), mediaType: .png, byteCount: 1,
                pixelSize: PixelSize(width: 1, height: 1), originalFileName: "",
                addedAt: created.addingTimeInterval(2), orientation: .upsideDownMirrored
            ),
            Photo(
                section: .crashScene, contentHash: .stub("3"), mediaType: .jpeg, byteCount: 99,
                pixelSize: PixelSize(width: 10, height: 20), originalFileName: "scene.jpg",
                addedAt: Date(), takenAt: Date(), orientation: .rotatedCounterClockwiseMirrored
            ),
            Photo(
                section: .otherVehiclePlate, contentHash: .stub("4"), mediaType: .jpeg, byteCount: 5,
                pixelSize: PixelSize(width: 3, height: 4), originalFileName: "plate.jpg",
                addedAt: created, takenWhere: try Coordinate(latitude: 90, longitude: -180)
            ),
        ]
        return try CrashReport(
            id: ReportID(),
            crashID: .anyLocal(),
            status: completed ? .completed : .draft,
            createdAt: created,
            updatedAt: Date(),
            completedAt: completed ? Date() : nil,
            scene: try CrashScene(
                occurredAt: Date(timeIntervalSinceReferenceDate: 814_999_999.000_001),
                coordinate: try Coordinate(latitude: 47.497_912_345_678_9, longitude: 19.040_235_987_654_3),
                address: awkwardText
            ),
            injuries: InjurySelection([.myself, .otherDriversPassengers]),
            photos: photos,
            otherDriverNote: awkwardText + "\nline three",
            statement: try backend.fullStatement(),
            parties: try CrashParties.sample(),
            revision: 0
        )
    }

    /// A completed report whose photos are real bytes (the fixtures), as a store that checks them — the server —
    /// requires.
    static func completedReport(for backend: RepositoryBackend = .inMemory) throws -> CrashReport {
        let jpeg = try Fixtures.jpeg()
        let png = try Fixtures.png()
        let created = Date(timeIntervalSinceReferenceDate: 815_000_000.25)
        return try CrashReport(
            id: ReportID(), crashID: .anyLocal(), status: .completed, createdAt: created,
            updatedAt: created.addingTimeInterval(60), completedAt: created.addingTimeInterval(60),
            scene: try CrashScene(occurredAt: created, coordinate: try Coordinate(latitude: 47.5, longitude: 19.04), address: nil),
            injuries: InjurySelection([.unsure]),
            photos: [
                Photo(section: .licenceAndInsurance, contentHash: .sha256(of: jpeg), mediaType: .jpeg, byteCount: jpeg.count,
                      pixelSize: PixelSize(width: 64, height: 48), originalFileName: "licence.jpg", addedAt: created.addingTimeInterval(5)),
                Photo(section: .crashScene, contentHash: .sha256(of: png), mediaType: .png, byteCount: png.count,
                      pixelSize: PixelSize(width: 40, height: 30), originalFileName: "scene.png", addedAt: created.addingTimeInterval(9)),
            ],
            otherDriverNote: awkwardText,
            statement: try backend.fullStatement(),
            revision: 0
        )
    }

    // MARK: - Round trips

    @Test(arguments: RepositoryBackend.allCases)
    func everyFieldOfADraftReadsBackExactly(_ backend: RepositoryBackend) async throws {
        let subject = try backend.make()
        let report = try Self.fullReport(for: backend)
        let stored = try await subject.repository.save(report)
        let loaded = try #require(try await subject.repository.report(withID: report.id))
        #expect(loaded == stored)
        #expect(stored == (try backend.expected(report)).stored(atRevision: 1))
        #expect(loaded.otherDriverNote == Self.awkwardText + "\nline three")
        // The accident statement, every field of both columns, the witnesses and the police.
        #expect(loaded.statement == (try backend.fullStatement()))
        #expect(loaded.statement.filledParts == 12)
        // The other parties, each by its id and in its place.
        #expect(loaded.parties == (try CrashParties.sample()))
        #expect(loaded.scene.address == Self.awkwardText)
        #expect(loaded.allPhotos.map(\.orientation) == report.allPhotos.map(\.orientation))
        #expect(loaded.createdAt.timeIntervalSinceReferenceDate == (try backend.expected(report)).createdAt.timeIntervalSinceReferenceDate)
    }

    @Test(arguments: RepositoryBackend.allCases)
    func aCompletedReportKeepsItsStatusAndCompletionTime(_ backend: RepositoryBackend) async throws {
        let subject = try backend.make()
        let report = try Self.completedReport(for: backend)
        let stored = try await subject.repository.save(report)
        let loaded = try #require(try await subject.repository.report(withID: report.id))
        #expect(loaded.status == .completed)
        #expect(loaded.completedAt == report.completedAt)
        #expect(loaded == stored)
        #expect(try await subject.repository.summaries().first?.status == .completed)
    }

    @Test(arguments: RepositoryBackend.allCases)
    func aSceneWithOnlyAnAddressOrOnlyACoordinateReadsBackSo(_ backend: RepositoryBackend) async throws {
        let subject = try backend.make()
        var addressOnly = CrashReport.stub(crashID: .stub("CR-ADDR2345"))
        try addressOnly.setScene(try CrashScene(occurredAt: referenceDate, coordinate: nil, address: "Main St 1"))
        var coordinateOnly = CrashReport.stub(crashID: .stub("CR-CRDR2345"))
        try coordinateOnly.setScene(try CrashScene(
            occurredAt: referenceDate, coordinate: try Coordinate(latitude: 0, longitude: 0), address: nil
        ))
        let storedAddressOnly = try await subject.repository.save(addressOnly)
        let storedCoordinateOnly = try await subject.repository.save(coordinateOnly)
        #expect(try await subject.repository.report(withID: addressOnly.id) == storedAddressOnly)
        #expect(try await subject.repository.report(withID: coordinateOnly.id) == storedCoordinateOnly)
    }

    @Test(arguments: RepositoryBackend.allCases)
    func savingAgainReplacesTheEarlierVersion(_ backend: RepositoryBackend) async throws {
        let subject = try backend.make()
        var report = try await subject.repository.save(try Self.fullReport(for: backend))
        _ = try report.removePhoto(report.allPhotos[0].id)
        try report.setNote("")
        try report.toggleInjury(.noOne)
        let stored = try await subject.repository.save(report)
        #expect(stored.revision == 2)
        #expect(try await subject.repository.report(withID: report.id) == stored)
        #expect(try await subject.repository.summaries().count == 1)
        #expect(try await !subject.repository.isPhotoReferenced(.stub("1")))
    }

    @Test(arguments: RepositoryBackend.allCases)
    func aReportIsFoundByItsCrashID(_ backend: RepositoryBackend) async throws {
        let subject = try backend.make()
        let report = try await subject.repository.save(.stub(crashID: .stub("CR-FXND2345")))
        try await subject.repository.save(.stub(crashID: .stub("CR-QTHR2345")))
        #expect(try await subject.repository.report(withCrashID: .stub("CR-FXND2345")) == report)
        #expect(try await subject.repository.report(withCrashID: .stub("CR-NONE2345")) == nil)
    }

    @Test(arguments: RepositoryBackend.allCases)
    func anUnknownReportIsNil(_ backend: RepositoryBackend) async throws {
        let subject = try backend.make()
        #expect(try await subject.repository.report(withID: ReportID()) == nil)
    }

    // MARK: - Listing

    @Test(arguments: RepositoryBackend.allCases)
    func summariesAreNewestFirstWithTiesBrokenByID(_ backend: RepositoryBackend) async throws {
        let subject = try backend.make()
        var reports: [CrashReport] = []
        for index in 0..<30 {
            // Several reports share a creation time, so the tie-break matters.
            let created = referenceDate.addingTimeInterval(Double(index % 7) * 0.001)
            reports.append(.stub(createdAt: created, injuries: index % 2 == 0 ? [.myself] : [], note: index % 3 == 0 ? "n" : ""))
        }
        for report in reports.shuffled() { try await subject.repository.save(report) }
        let expected = try reports.map { try backend.expected($0).summary }.sorted(by: ReportSummary.newestFirst)
        #expect(try await subject.repository.summaries() == expected)
    }

    @Test(arguments: RepositoryBackend.allCases)
    func pagesAreConsecutiveSlicesOfTheList(_ backend: RepositoryBackend) async throws {
        let subject = try backend.make()
        for index in 0..<25 {
            try await subject.repository.save(.stub(createdAt: referenceDate.addingTimeInterval(Double(index))))
        }
        let all = try await subject.repository.summaries()
        let first = try await subject.repository.summaries(limit: 10, offset: 0)
        let second = try await subject.repository.summaries(limit: 10, offset: 10)
        let last = try await subject.repository.summaries(limit: 10, offset: 20)
        #expect(first + second + last == all)
        #expect(last.count == 5)
        #expect(try await subject.repository.summaries(limit: 10, offset: 25).isEmpty)
        #expect(try await subject.repository.summaries(limit: 0, offset: 0).isEmpty)
    }

    @Test(arguments: RepositoryBackend.allCases)
    func aSummaryCountsWhatItsReportHolds(_ backend: RepositoryBackend) async throws {
        let subject = try backend.make()
        let report = try await subject.repository.save(try Self.fullReport(for: backend))
        let row = try #require(try await subject.repository.summaries().first)
        #expect(row == report.summary)
        #expect(row.photoCount == 4)
        #expect(row.injuryCount == 2)
        #expect(row.hasNote)
    }

    @Test(arguments: RepositoryBackend.allCases)
    func aSummaryShowsTheSceneTheReportShowsTakenFromItsPhotos(_ backend: RepositoryBackend) async throws {
        let subject = try backend.make()
        let place = try Coordinate(latitude: 45.4642, longitude: 9.19)
        let scenePhoto = Photo(
            section: .crashScene, contentHash: .stub("5"), mediaType: .jpeg, byteCount: 10,
            pixelSize: PixelSize(width: 2, height: 2), originalFileName: "scene.jpg", addedAt: referenceDate,
            takenAt: referenceDate.addingTimeInterval(-900), takenWhere: place
        )
        let report = try await subject.repository.save(.stub(photos: [scenePhoto]))
        let row = try #require(try await subject.repository.summaries().first)
        #expect(row.scene == report.effectiveScene.scene)
        #expect(row.occurredAt == referenceDate.addingTimeInterval(-900))
        #expect(row.scene.coordinate == place)
    }

    // MARK: - Deleting and photo references

    @Test(arguments: RepositoryBackend.allCases)
    func deletingRemovesTheReportFromEveryQuery(_ backend: RepositoryBackend) async throws {
        let subject = try backend.make()
        let report = try Self.fullReport(for: backend)
        let kept = CrashReport.stub()
        try await subject.repository.save(report)
        try await subject.repository.save(kept)
        try await subject.repository.delete(report.id)
        #expect(try await subject.repository.report(withID: report.id) == nil)
        #expect(try await subject.repository.report(withCrashID: report.crashID) == nil)
        #expect(try await subject.repository.summaries().map(\.id) == [kept.id])
        #expect(try await !subject.repository.isPhotoReferenced(.stub("1")))
        try await subject.repository.delete(report.id)
    }

    @Test(arguments: RepositoryBackend.allCases)
    func aPhotoStaysReferencedWhileAnyReportHoldsIt(_ backend: RepositoryBackend) async throws {
        let subject = try backend.make()
        let first = CrashReport.stub(photos: [.stub(contentHash: .stub("c"))])
        let second = CrashReport.stub(photos: [.stub(section: .yourVehicleDamage, contentHash: .stub("c"))])
        try await subject.repository.save(first)
        try await subject.repository.save(second)
        #expect(try await subject.repository.isPhotoReferenced(.stub("c")))
        #expect(try await !subject.repository.isPhotoReferenced(.stub("d")))
        try await subject.repository.delete(first.id)
        #expect(try await subject.repository.isPhotoReferenced(.stub("c")))
        try await subject.repository.delete(second.id)
        #expect(try await !subject.repository.isPhotoReferenced(.stub("c")))
    }

    // MARK: - Revisions

    @Test(arguments: RepositoryBackend.allCases)
    func eachSaveGetsTheNextRevisionFromTheStore(_ backend: RepositoryBackend) async throws {
        let subject = try backend.make()
        var report = try await subject.repository.save(.stub())
        #expect(report.revision == 1)
        try report.toggleInjury(.myself)
        report = try await subject.repository.save(report)
        #expect(report.revision == 2)
        #expect(try await subject.repository.report(withID: report.id)?.revision == 2)
    }

    @Test(arguments: RepositoryBackend.allCases)
    func twoWritersFromOneReadLeaveTheFirstWriteAndRefuseTheSecond(_ backend: RepositoryBackend) async throws {
        let subject = try backend.make()
        let read = try await subject.repository.save(.stub())
        var first = read
        try first.toggleInjury(.myself)
        var second = read
        try second.setNote("written from an old copy")
        let stored = try await subject.repository.save(first)

        await #expect(throws: ReportError.conflict(read.id, current: stored)) {
            try await subject.repository.save(second)
        }
        let kept = try await subject.repository.report(withID: read.id)
        #expect(kept == stored)
        #expect(kept?.otherDriverNote == "")
        #expect(try await subject.repository.summaries().first?.hasNote == false)
    }

    @Test(arguments: RepositoryBackend.allCases)
    func aWriteAfterADeleteIsRefusedAndStoresNothing(_ backend: RepositoryBackend) async throws {
        let subject = try backend.make()
        var report = try await subject.repository.save(.stub(photos: [.stub(contentHash: .stub("e"))]))
        try await subject.repository.delete(report.id)
        try report.setNote("too late")

        await #expect(throws: ReportError.conflict(report.id, current: nil)) {
            try await subject.repository.save(report)
        }
        #expect(try await subject.repository.report(withID: report.id) == nil)
        #expect(try await subject.repository.summaries().isEmpty)
        #expect(try await !subject.repository.isPhotoReferenced(.stub("e")))
    }

    @Test(arguments: RepositoryBackend.allCases)
    func aNewReportWhoseIDIsTakenIsRefused(_ backend: RepositoryBackend) async throws {
        let subject = try backend.make()
        let stored = try await subject.repository.save(.stub(note: "first"))
        let twin = CrashReport.stub(id: stored.id, note: "second")
        await #expect(throws: ReportError.conflict(stored.id, current: stored)) {
            try await subject.repository.save(twin)
        }
        #expect(try await subject.repository.report(withID: stored.id)?.otherDriverNote == "first")
    }

    @Test(arguments: RepositoryBackend.allCases)
    func aSaveFromARevisionAheadOfTheStoreIsRefused(_ backend: RepositoryBackend) async throws {
        let subject = try backend.make()
        let stored = try await subject.repository.save(.stub())
        let ahead = stored.stored(atRevision: 5)
        await #expect(throws: ReportError.conflict(stored.id, current: stored)) {
            try await subject.repository.save(ahead)
        }
    }
}
