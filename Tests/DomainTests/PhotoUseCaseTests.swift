import Data
import Domain
import Foundation
import Storage
import Testing
import TestSupport

@Suite("Adding, removing and discarding photos")
struct PhotoUseCaseTests {
    @Test func addedPhotoIsCheckedStoredOnceAndListedInItsSection() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        let bytes = try Fixtures.png()

        let updated = try await kit.addImage.execute(
            reportID: report.id, section: .licenceAndInsurance, bytes: bytes, fileName: "~/Pictures/licence card.png")

        let photo = try #require(updated.photos(in: .licenceAndInsurance).first)
        #expect(photo.originalFileName == "licence card.png")
        #expect(photo.mediaType == .png)
        #expect(photo.pixelSize == PixelSize(width: 40, height: 30))
        #expect(photo.byteCount == bytes.count)
        #expect(photo.addedAt == referenceDate)
        #expect(photo.contentHash == ContentHash.sha256(of: bytes))
        #expect(try await kit.photoStore.bytes(for: photo.contentHash) == bytes)
        #expect(try await kit.repository.report(withID: report.id)?.photos(in: .licenceAndInsurance) == [photo])
    }

    @Test func samePhotoInTwoSectionsIsStoredOnce() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        _ = try await kit.addImage.execute(reportID: report.id, section: .otherVehicleDamage, bytes: Fixtures.jpeg(), fileName: "a.jpg")
        let updated = try await kit.addImage.execute(reportID: report.id, section: .crashScene, bytes: Fixtures.jpeg(), fileName: "b.jpg")
        #expect(updated.photoCount == 2)
        #expect(await kit.photoStore.storedHashes.count == 1)
    }

    @Test func samePhotoTwiceInOneSectionIsRefusedWithItsName() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        _ = try await kit.addImage.execute(reportID: report.id, section: .crashScene, bytes: Fixtures.jpeg(), fileName: "scene.jpg")
        let error = await #expect(throws: PhotoError.self) {
            try await kit.addImage.execute(reportID: report.id, section: .crashScene, bytes: Fixtures.jpeg(), fileName: "scene-again.jpg")
        }
        #expect(error == .duplicate(fileName: "scene-again.jpg", section: .crashScene))
        #expect(try await kit.repository.report(withID: report.id)?.photoCount == 1)
        #expect(await kit.photoStore.storedHashes.count == 1)
    }

    @Test func photoOverTwentyMebibytesIsRefusedBeforeAnythingIsStored() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        var bytes = try Fixtures.jpeg()
        bytes.append(Data(count: ReportLimits.maximumPhotoBytes + 1 - bytes.count))
        let error = await #expect(throws: PhotoError.self) {
            try await kit.addImage.execute(reportID: report.id, section: .crashScene, bytes: bytes, fileName: "big.jpg")
        }
        #expect(error == .tooLarge(fileName: "big.jpg", byteCount: ReportLimits.maximumPhotoBytes + 1,
                                   limit: ReportLimits.maximumPhotoBytes))
        #expect(await kit.photoStore.storedHashes.isEmpty)
    }

    @Test func photoOfExactlyTwentyMebibytesIsAccepted() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        var bytes = try Fixtures.jpeg()
        bytes.append(Data(count: ReportLimits.maximumPhotoBytes - bytes.count))
        let updated = try await kit.addImage.execute(reportID: report.id, section: .crashScene, bytes: bytes, fileName: "max.jpg")
        #expect(updated.photos(in: .crashScene).first?.byteCount == ReportLimits.maximumPhotoBytes)
    }

    @Test func textFileNamedJPGIsRefusedAndNothingStored() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        await #expect(throws: PhotoError.unsupportedFormat(fileName: "notes.jpg", detected: .text)) {
            try await kit.addImage.execute(reportID: report.id, section: .crashScene,
                                           bytes: Fixtures.bytes("notes.jpg"), fileName: "notes.jpg")
        }
        #expect(await kit.photoStore.storedHashes.isEmpty)
        #expect(try await kit.repository.report(withID: report.id)?.photoCount == 0)
    }

    @Test func eleventhPhotoInASectionIsRefused() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        for index in 0..<10 {
            _ = try await kit.addImage.execute(reportID: report.id, section: .yourVehicleDamage,
                                               bytes: Fixtures.distinctJPEG(index), fileName: "damage\(index).jpg")
        }
        await #expect(throws: PhotoError.sectionFull(.yourVehicleDamage, limit: 10)) {
            try await kit.addImage.execute(reportID: report.id, section: .yourVehicleDamage,
                                           bytes: Fixtures.distinctJPEG(10), fileName: "damage10.jpg")
        }
        #expect(await kit.photoStore.storedHashes.count == 10)
    }

    @Test func addingToACompletedReportIsRefused() async throws {
        let done = CrashReport.stub(injuries: [.myself], completedAt: referenceDate)
        let kit = UseCaseKit(reports: [done])
        await #expect(throws: ReportError.readOnly(done.crashID)) {
            try await kit.addImage.execute(reportID: done.id, section: .crashScene, bytes: Fixtures.jpeg(), fileName: "late.jpg")
        }
        #expect(await kit.photoStore.storedHashes.isEmpty)
    }

    @Test func bytesAreRemovedAgainWhenTheReportCannotBeStored() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        await kit.repository.failSaves(with: FakeFailure("disk full"))
        await #expect(throws: FakeFailure("disk full")) {
            try await kit.addImage.execute(reportID: report.id, section: .crashScene, bytes: Fixtures.jpeg(), fileName: "a.jpg")
        }
        #expect(await kit.photoStore.storedHashes.isEmpty)
    }

    @Test func removingAPhotoDeletesBytesNothingElseUses() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        let added = try await kit.addImage.execute(reportID: report.id, section: .crashScene, bytes: Fixtures.jpeg(), fileName: "a.jpg")
        let photo = try #require(added.photos(in: .crashScene).first)
        let updated = try await kit.removeImage.execute(reportID: report.id, photoID: photo.id)
        #expect(updated.photoCount == 0)
        #expect(await !kit.photoStore.contains(photo.contentHash))
    }

    @Test func removingAPhotoKeepsBytesAnotherReportUses() async throws {
        let kit = UseCaseKit()
        let first = try await kit.startedReport()
        let second = try await kit.startedReport()
        let added = try await kit.addImage.execute(reportID: first.id, section: .crashScene, bytes: Fixtures.jpeg(), fileName: "a.jpg")
        _ = try await kit.addImage.execute(reportID: second.id, section: .crashScene, bytes: Fixtures.jpeg(), fileName: "a.jpg")
        let photo = try #require(added.photos(in: .crashScene).first)
        _ = try await kit.removeImage.execute(reportID: first.id, photoID: photo.id)
        #expect(await kit.photoStore.contains(photo.contentHash))
    }

    @Test func removingAnUnknownPhotoIsRefusedAndNothingChanges() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        let unknown = PhotoID()
        await #expect(throws: PhotoError.notFound(unknown)) {
            try await kit.removeImage.execute(reportID: report.id, photoID: unknown)
        }
        #expect(try await kit.repository.report(withID: report.id) == report)
    }

    @Test func discardingYourInfoPageEmptiesItAndDeletesItsPhotos() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        _ = try await kit.addImage.execute(reportID: report.id, section: .yourVehicleDamage, bytes: Fixtures.jpeg(), fileName: "mine.jpg")
        _ = try await kit.addImage.execute(reportID: report.id, section: .crashScene, bytes: Fixtures.png(), fileName: "scene.png")
        _ = try await kit.addImage.execute(reportID: report.id, section: .otherVehiclePlate, bytes: Fixtures.png(), fileName: "plate.png")
        _ = try await kit.toggleInjury.execute(reportID: report.id, injury: .unsure)

        let updated = try await kit.discardSection.execute(reportID: report.id, category: .yourInfo)

        #expect(!updated.hasInformation(in: .yourInfo))
        #expect(updated.photos(in: .otherVehiclePlate).count == 1)
        #expect(updated.injuries.selected == [.unsure])
        // The PNG is still used by the plate photo; the JPEG is gone.
        #expect(await kit.photoStore.storedHashes == [ContentHash.sha256(of: try Fixtures.png())])
    }

    @Test func discardingTheInjuriesPageClearsTheChoices() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        _ = try await kit.toggleInjury.execute(reportID: report.id, injury: .myself)
        let updated = try await kit.discardSection.execute(reportID: report.id, category: .injuries)
        #expect(updated.injuries.isEmpty)
    }

    @Test func discardingAPageOfACompletedReportIsRefused() async throws {
        let done = CrashReport.stub(photos: [.stub()], completedAt: referenceDate)
        let kit = UseCaseKit(reports: [done])
        await #expect(throws: ReportError.readOnly(done.crashID)) {
            try await kit.discardSection.execute(reportID: done.id, category: .yourInfo)
        }
        #expect(try await kit.repository.report(withID: done.id)?.photoCount == 1)
    }
}
