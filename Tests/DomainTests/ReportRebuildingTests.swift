import Domain
import Foundation
import Testing
import TestSupport

/// Rebuilding a report from stored or received data refuses data that breaks a rule, naming the field.
@Suite("Rebuilding a report")
struct ReportRebuildingTests {
    static func rebuild(
        status: ReportStatus = .draft,
        completedAt: Date? = nil,
        photos: [Photo] = [],
        note: String = "",
        revision: Int = 3
    ) throws(InvalidReportData) -> CrashReport {
        try CrashReport(
            id: ReportID(), crashID: .stub(), status: status, createdAt: referenceDate, updatedAt: referenceDate,
            completedAt: completedAt, scene: CrashScene(occurredAt: referenceDate), injuries: InjurySelection([.myself]),
            photos: photos, otherDriverNote: note, revision: revision
        )
    }

    static func photo(_ index: Int, in section: PhotoSection = .crashScene, byteCount: Int = 10, size: PixelSize = PixelSize(width: 4, height: 3)) -> Photo {
        let hex = String(format: "%064x", index)
        return Photo(
            section: section, contentHash: (try? ContentHash(hex: hex)) ?? .stub(), mediaType: .jpeg, byteCount: byteCount,
            pixelSize: size, originalFileName: "p\(index).jpg", addedAt: referenceDate
        )
    }

    @Test func aReportKeepingEveryRuleIsRebuiltAsGiven() throws {
        let photos = (0..<10).map { Self.photo($0) } + [Self.photo(0, in: .otherVehicleDamage)]
        let report = try Self.rebuild(status: .completed, completedAt: referenceDate, photos: photos,
                                      note: String(repeating: "é", count: 2_000), revision: 9)
        #expect(report.photos(in: .crashScene).count == 10)
        #expect(report.revision == 9)
        #expect(report.isCompleted)
    }

    @Test func moreThanTenPhotosInASectionAreRefused() {
        #expect(throws: InvalidReportData(field: "photos.crash-scene", problem: .tooMany(count: 11, limit: 10))) {
            try Self.rebuild(photos: (0..<11).map { Self.photo($0) })
        }
    }

    @Test func theSamePhotoTwiceInASectionIsRefused() {
        let twice = [Self.photo(7), Self.photo(7)]
        #expect(throws: InvalidReportData(field: "photos[1].contentHash", problem: .duplicate(twice[0].contentHash.hex))) {
            try Self.rebuild(photos: twice)
        }
    }

    @Test func twoPhotosWithOneIDAreRefused() {
        let first = Self.photo(1)
        let second = Photo(
            id: first.id, section: .yourVehicleDamage, contentHash: Self.photo(2).contentHash, mediaType: .png,
            byteCount: 5, pixelSize: PixelSize(width: 1, height: 1), originalFileName: "x.png", addedAt: referenceDate
        )
        #expect(throws: InvalidReportData(field: "photos[1].id", problem: .duplicate(first.id.description))) {
            try Self.rebuild(photos: [first, second])
        }
    }

    @Test func aPhotoOfNoBytesOrTooManyBytesIsRefused() {
        let allowed = 1...ReportLimits.maximumPhotoBytes
        #expect(throws: InvalidReportData(field: "photos[0].byteCount", problem: .outOfRange(value: 0, allowed: allowed))) {
            try Self.rebuild(photos: [Self.photo(1, byteCount: 0)])
        }
        let huge = ReportLimits.maximumPhotoBytes + 1
        #expect(throws: InvalidReportData(field: "photos[0].byteCount", problem: .outOfRange(value: huge, allowed: allowed))) {
            try Self.rebuild(photos: [Self.photo(1, byteCount: huge)])
        }
    }

    @Test func aPhotoWithoutPixelsOrWithTooManyIsRefused() {
        #expect(throws: InvalidReportData(field: "photos[0].pixelSize", problem: .invalid("0×3"))) {
            try Self.rebuild(photos: [Self.photo(1, size: PixelSize(width: 0, height: 3))])
        }
        #expect(throws: InvalidReportData.self) {
            try Self.rebuild(photos: [Self.photo(1, size: PixelSize(width: Int.max, height: 2))])
        }
    }

    @Test func aNoteOverTheLimitIsRefused() {
        #expect(throws: InvalidReportData(field: "otherDriverNote", problem: .tooLong(count: 2_001, limit: 2_000))) {
            try Self.rebuild(note: String(repeating: "a", count: 2_001))
        }
    }

    @Test func aNegativeRevisionIsRefused() {
        #expect(throws: InvalidReportData(field: "revision", problem: .negative(-1))) {
            try Self.rebuild(revision: -1)
        }
    }

    @Test func completionTimeMustMatchTheStatus() {
        #expect(throws: InvalidReportData(field: "completedAt", problem: .unexpected)) {
            try Self.rebuild(status: .draft, completedAt: referenceDate)
        }
        #expect(throws: InvalidReportData(field: "completedAt", problem: .missing)) {
            try Self.rebuild(status: .completed, completedAt: nil)
        }
    }
}
