import Data
import Domain
import Foundation
import Testing
import TestSupport

@Suite("Adding photos reads their metadata and refuses what the PDF cannot embed")
struct PhotoMetadataUseCaseTests {
    @Test func addedPhotoCarriesWhenWhereAndOrientationFromItsEXIF() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()
        // The photo (taken 21 Nov) is added after it was taken.
        kit.clock.advance(by: PhotoMetadataReaderTests.exifFixtureTime.timeIntervalSince(referenceDate) + 600)

        let updated = try await kit.addImage.execute(
            reportID: report.id, section: .crashScene, bytes: Fixtures.bytes("photo-exif-120x90.jpg"), fileName: "scene.jpg")

        let photo = try #require(updated.photos(in: .crashScene).first)
        #expect(photo.orientation == .rotatedClockwise)
        // No zone in the file: the camera's time is read in the driver's zone (the kit's clock: UTC).
        #expect(photo.takenAt == PhotoMetadataReaderTests.exifFixtureTime)
        #expect(photo.takenWhere != nil)
        #expect(updated.effectiveScene.timeSource == .photo(photo))
        #expect(updated.effectiveScene.placeSource == .photo(photo))
    }

    @Test func photoWithDamagedEXIFIsAddedWithoutMetadata() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()

        let updated = try await kit.addImage.execute(
            reportID: report.id, section: .crashScene, bytes: Fixtures.bytes("photo-bad-exif-64x48.jpg"), fileName: "bad.jpg")

        let photo = try #require(updated.photos(in: .crashScene).first)
        #expect(photo.pixelSize == PixelSize(width: 64, height: 48))
        #expect(photo.orientation == .up)
        #expect(photo.takenAt == nil)
        #expect(photo.takenWhere == nil)
    }

    @Test func cmykJPEGIsRefusedOnAddSayingHowToConvertIt() async throws {
        let kit = UseCaseKit()
        let report = try await kit.startedReport()

        let error = await #expect(throws: PhotoError.self) {
            try await kit.addImage.execute(
                reportID: report.id, section: .otherVehicleDamage, bytes: Fixtures.bytes("photo-cmyk-40x40.jpg"), fileName: "print.jpg")
        }

        #expect(error == .unembeddableJPEG(fileName: "print.jpg", kind: .cmyk))
        #expect(await kit.photoStore.storedHashes.isEmpty)
        #expect(try await kit.repository.report(withID: report.id)?.photoCount == 0)
    }
}
