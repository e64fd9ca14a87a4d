import Domain
import Foundation
import Testing
import TestSupport

@Suite("When and where: the driver's, else the crash-scene photos'")
struct EffectiveSceneTests {
    static let place = try? Coordinate(latitude: 47.498, longitude: 19.04)

    func photo(
        _ name: String, section: PhotoSection = .crashScene, digit: Character,
        takenAt: Date? = nil, takenWhere: Coordinate? = nil
    ) -> Photo {
        Photo(
            section: section, contentHash: .stub(digit), mediaType: .jpeg, byteCount: 100,
            pixelSize: PixelSize(width: 4, height: 3), originalFileName: name, addedAt: referenceDate,
            takenAt: takenAt, takenWhere: takenWhere
        )
    }

    @Test func sceneTheDriverSetWinsOverPhotos() throws {
        var report = CrashReport.stub(photos: [photo("a.jpg", digit: "a", takenAt: referenceDate, takenWhere: Self.place)])
        let set = try CrashScene(occurredAt: referenceDate.addingTimeInterval(-600), coordinate: nil, address: "Andrássy út 1")
        try report.setScene(set)

        #expect(report.isSceneSetByDriver)
        #expect(report.effectiveScene == EffectiveScene(scene: set, source: .driver))
        #expect(report.effectiveScene.sourceNote == nil)
    }

    @Test func earliestCrashScenePhotoGivesWhenAndWhere() throws {
        let later = photo("later.jpg", digit: "a", takenAt: referenceDate.addingTimeInterval(-60))
        let earlier = photo("earlier.jpg", digit: "b", takenAt: referenceDate.addingTimeInterval(-900), takenWhere: Self.place)
        let report = CrashReport.stub(photos: [later, earlier])

        let effective = report.effectiveScene
        #expect(!report.isSceneSetByDriver)
        #expect(effective.source == .photo(earlier))
        #expect(effective.scene.occurredAt == referenceDate.addingTimeInterval(-900))
        #expect(effective.scene.coordinate == Self.place)
        #expect(effective.sourceNote == "from photo earlier.jpg")
    }

    @Test func photosOutsideTheCrashSceneSectionAreNotUsed() {
        let report = CrashReport.stub(photos: [
            photo("damage.jpg", section: .yourVehicleDamage, digit: "a", takenAt: referenceDate, takenWhere: Self.place),
        ])
        #expect(report.effectiveScene.source == .notGiven)
        #expect(report.effectiveScene.scene == CrashScene(occurredAt: referenceDate))
    }

    @Test func withoutPhotoMetadataTheTimeIsWhenTheReportStarted() {
        let report = CrashReport.stub(photos: [photo("plain.jpg", digit: "a")])
        #expect(report.effectiveScene == EffectiveScene(scene: CrashScene(occurredAt: referenceDate), source: .notGiven))
        #expect(report.effectiveScene.sourceNote == "not given; the time the report was started")
    }

    @Test func photoWithOnlyAPlaceGivesThePlaceAndKeepsTheStartTime() {
        let placeOnly = photo("gps.jpg", digit: "a", takenWhere: Self.place)
        let report = CrashReport.stub(photos: [placeOnly])
        #expect(report.effectiveScene.source == .photo(placeOnly))
        #expect(report.effectiveScene.scene.occurredAt == referenceDate)
        #expect(report.effectiveScene.scene.coordinate == Self.place)
    }

    @Test func photoWithATimeCountsBeforeOneWithOnlyAPlace() {
        let placeOnly = photo("gps.jpg", digit: "a", takenWhere: Self.place)
        let timed = photo("timed.jpg", digit: "b", takenAt: referenceDate.addingTimeInterval(-30))
        let report = CrashReport.stub(photos: [placeOnly, timed])
        #expect(report.effectiveScene.source == .photo(timed))
    }
}
