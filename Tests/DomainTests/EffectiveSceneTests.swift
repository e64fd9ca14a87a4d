import Domain
import Wording
import Foundation
import Testing
import TestSupport

@Suite("When and where: the driver's, else chosen separately from the crash-scene photos")
struct EffectiveSceneTests {
    static let place = try? Coordinate(latitude: 47.498, longitude: 19.04)
    static let otherPlace = try? Coordinate(latitude: -33.8568, longitude: 151.2153)

    func photo(
        _ name: String, section: PhotoSection = .crashScene, digit: Character,
        takenAt: Date? = nil, takenWhere: Coordinate? = nil, addedAt: Date = referenceDate
    ) -> Photo {
        Photo(
            section: section, contentHash: .stub(digit), mediaType: .jpeg, byteCount: 100,
            pixelSize: PixelSize(width: 4, height: 3), originalFileName: name, addedAt: addedAt,
            takenAt: takenAt, takenWhere: takenWhere
        )
    }

    @Test func sceneTheDriverSetWinsOverPhotos() throws {
        var report = CrashReport.stub(photos: [photo("a.jpg", digit: "a", takenAt: referenceDate, takenWhere: Self.place)])
        let set = try CrashScene(occurredAt: referenceDate.addingTimeInterval(-600), coordinate: nil, address: "Andrássy út 1")
        try report.setScene(set)

        #expect(report.isSceneSetByDriver)
        #expect(report.effectiveScene == EffectiveScene(scene: set, timeSource: .driver, placeSource: .driver))
        #expect(FactText.english.timeNote(report.effectiveScene) == nil)
        #expect(FactText.english.placeNote(report.effectiveScene) == nil)
    }

    @Test func aTimeTheDriverSetWithoutAPlaceTakesThePlaceFromThePhotoClosestToIt() throws {
        let early = photo("early.jpg", digit: "a", takenAt: referenceDate.addingTimeInterval(-3_600), takenWhere: Self.otherPlace)
        let near = photo("near.jpg", digit: "b", takenAt: referenceDate.addingTimeInterval(-660), takenWhere: Self.place)
        var report = CrashReport.stub(photos: [early, near])
        try report.setScene(CrashScene(occurredAt: referenceDate.addingTimeInterval(-600)))

        let effective = report.effectiveScene
        #expect(effective.timeSource == .driver)
        #expect(effective.placeSource == .photo(near))
        #expect(effective.scene.coordinate == Self.place)
        #expect(FactText.english.place(effective) == "\(try #require(Self.place)) (from photo near.jpg)")
    }

    @Test func timeAndPlaceComeFromDifferentPhotosWhenTheEarliestHasNoPosition() throws {
        let earliest = photo("earliest.jpg", digit: "a", takenAt: referenceDate.addingTimeInterval(-900))
        let close = photo("close.jpg", digit: "b", takenAt: referenceDate.addingTimeInterval(-840), takenWhere: Self.place)
        let far = photo("far.jpg", digit: "c", takenAt: referenceDate.addingTimeInterval(-60), takenWhere: Self.otherPlace)
        let report = CrashReport.stub(photos: [far, close, earliest])

        let effective = report.effectiveScene
        #expect(effective.timeSource == .photo(earliest))
        #expect(effective.placeSource == .photo(close))
        #expect(effective.scene.occurredAt == referenceDate.addingTimeInterval(-900))
        #expect(effective.scene.coordinate == Self.place)
        #expect(FactText.english.timeNote(effective) == "from photo earliest.jpg")
        #expect(FactText.english.placeNote(effective) == "from photo close.jpg")
    }

    @Test func aPositionWithoutATimeIsUsedWhenNoPhotoWithBothExists() {
        let timed = photo("timed.jpg", digit: "a", takenAt: referenceDate.addingTimeInterval(-300))
        let positioned = photo("gps.jpg", digit: "b", takenWhere: Self.place)
        let report = CrashReport.stub(photos: [timed, positioned])
        #expect(report.effectiveScene.timeSource == .photo(timed))
        #expect(report.effectiveScene.placeSource == .photo(positioned))
    }

    @Test("One stray photo — taken the day before in Vienna — decides neither when nor where; it alone is remarked on")
    func aStrayPhotoDoesNotDecide() throws {
        let budapest = try Coordinate(latitude: 47.4979, longitude: 19.0402)
        let vienna = try Coordinate(latitude: 48.2082, longitude: 16.3738)
        let digits: [Character] = ["1", "2", "3", "4", "5", "6", "7", "8"]
        let good = digits.enumerated().map { index, digit in
            photo("budapest-\(index + 1).jpg", digit: digit, takenAt: referenceDate.addingTimeInterval(-3_600 + Double(index) * 120),
                  takenWhere: try? Coordinate(latitude: budapest.latitude + Double(index) * 0.0001, longitude: budapest.longitude))
        }
        let stray = photo("vienna.jpg", digit: "9", takenAt: referenceDate.addingTimeInterval(-3_600 - 25 * 3_600), takenWhere: vienna)
        let report = CrashReport.stub(photos: [good[0], good[1], stray] + good[2...])

        let effective = report.effectiveScene
        #expect(effective.timeSource == .photo(good[0]))
        #expect(effective.scene.occurredAt == referenceDate.addingTimeInterval(-3_600))
        #expect(effective.placeSource == .photo(good[0]))
        let remarks = report.photoRemarks
        #expect(Set(remarks.keys) == [stray.id], "\(remarks)")
        #expect(remarks[stray.id]?.contains { if case .takenBefore = $0 { true } else { false } } == true)
        #expect(remarks[stray.id]?.contains { if case .takenAway = $0 { true } else { false } } == true)
        #expect(SceneGroup.largest(in: report.photos(in: .crashScene), reportStartedAt: report.createdAt).count == 8)
    }

    @Test("A photo's time is shown at the offset its clock had, not the one the report was started at")
    func aPhotosTimeKeepsItsOwnOffset() throws {
        let summer = Photo(
            section: .crashScene, contentHash: .stub("c"), mediaType: .jpeg, byteCount: 100, pixelSize: PixelSize(width: 4, height: 3),
            originalFileName: "summer.jpg", addedAt: referenceDate, takenAt: referenceDate.addingTimeInterval(-3_600), takenUTCOffsetMinutes: 120
        )
        var report = CrashReport.stub(photos: [summer])
        report.takeUTCOffsetIfUnknown(60)
        #expect(report.scene.utcOffsetMinutes == 60)
        #expect(report.effectiveScene.scene.utcOffsetMinutes == 120)
        // Read in a zone, the offset is that zone's at the photo's instant.
        let rome = try #require(TimeZone(identifier: "Europe/Rome"))
        let july = Date(timeIntervalSince1970: 1_782_900_000)
        #expect(PhotoMetadata(takenAt: july, timeZoneSource: .assumedLocal(rome.identifier)).takenUTCOffsetSeconds == 7_200)
        #expect(PhotoMetadata(takenAt: july, timeZoneSource: .exifOffset(-10_800)).takenUTCOffsetSeconds == -10_800)
    }

    @Test func photosOutsideTheCrashSceneSectionAreNotUsed() {
        let report = CrashReport.stub(photos: [
            photo("damage.jpg", section: .yourVehicleDamage, digit: "a", takenAt: referenceDate, takenWhere: Self.place),
        ])
        #expect(report.effectiveScene.timeSource == .notGiven)
        #expect(report.effectiveScene.placeSource == .notGiven)
        #expect(report.effectiveScene.scene == CrashScene(occurredAt: referenceDate))
    }

    @Test func withoutPhotoMetadataTheTimeIsWhenTheReportStartedAndSaysSo() {
        let report = CrashReport.stub(photos: [photo("plain.jpg", digit: "a")])
        #expect(report.effectiveScene == EffectiveScene(
            scene: CrashScene(occurredAt: referenceDate), timeSource: .notGiven, placeSource: .notGiven
        ))
        #expect(FactText.english.timeNote(report.effectiveScene) == "not given; the time the report was started")
        #expect(FactText.english.place(report.effectiveScene) == nil)
    }

    @Test func aPhotoWithOnlyAPositionGivesThePlaceButNeverClaimsTheTime() {
        let placeOnly = photo("gps.jpg", digit: "a", takenWhere: Self.place)
        let report = CrashReport.stub(photos: [placeOnly])
        let effective = report.effectiveScene
        #expect(effective.timeSource == .notGiven)
        #expect(effective.placeSource == .photo(placeOnly))
        #expect(effective.scene.occurredAt == referenceDate)
        #expect(FactText.english.timeNote(effective) == "not given; the time the report was started")
        #expect(FactText.english.placeNote(effective) == "from photo gps.jpg")
    }

    @Test func aPhotoTimeInTheFutureIsPassedOverForTheNextUsableOne() {
        let future = photo("wrong-clock.jpg", digit: "a", takenAt: referenceDate.addingTimeInterval(3 * 86_400))
        let usable = photo("scene.jpg", digit: "b", takenAt: referenceDate.addingTimeInterval(-120))
        let report = CrashReport.stub(photos: [future, usable])
        #expect(future.timeCheck(reportStartedAt: referenceDate) == .inFuture)
        #expect(report.effectiveScene.timeSource == .photo(usable))
    }

    @Test func onlyAPhotoTimeInTheFutureLeavesTheStartTime() {
        let future = photo("wrong-clock.jpg", digit: "a", takenAt: referenceDate.addingTimeInterval(3 * 86_400), takenWhere: Self.place)
        let report = CrashReport.stub(photos: [future])
        #expect(report.effectiveScene.timeSource == .notGiven)
        #expect(report.effectiveScene.scene.occurredAt == referenceDate)
        #expect(FactText.english.timeNote(report.effectiveScene) == "not given; the time the report was started, as the time of photo "
            + "wrong-clock.jpg is later than it was added")
        // Its position is still the best known place.
        #expect(report.effectiveScene.placeSource == .photo(future))
    }

    @Test func aPhotoTimeAFewMinutesAheadOfTheClockIsUsed() {
        let slightlyAhead = photo("ahead.jpg", digit: "a", takenAt: referenceDate.addingTimeInterval(120))
        #expect(slightlyAhead.timeCheck(reportStartedAt: referenceDate) == .plausible)
        #expect(CrashReport.stub(photos: [slightlyAhead]).effectiveScene.timeSource == .photo(slightlyAhead))
    }

    @Test func aPhotoTimeLongBeforeTheReportIsUsedButFlagged() {
        let old = photo("unset-clock.jpg", digit: "a", takenAt: referenceDate.addingTimeInterval(-40 * 86_400 - 60))
        let report = CrashReport.stub(photos: [old])
        let effective = report.effectiveScene
        #expect(effective.timeSource == .photo(old))
        #expect(effective.timeCheck == .longBeforeReport(days: 40))
        #expect(effective.isTimeFlagged)
        #expect(FactText.english.timeNote(effective) == "from photo unset-clock.jpg, taken 40 days before the report was started; "
            + "the camera's clock may have been wrong")
    }

    @Test func aPhotoTimeThirtyDaysBeforeIsNotFlagged() {
        let recent = photo("recent.jpg", digit: "a", takenAt: referenceDate.addingTimeInterval(-30 * 86_400))
        #expect(recent.timeCheck(reportStartedAt: referenceDate) == .plausible)
    }
}
