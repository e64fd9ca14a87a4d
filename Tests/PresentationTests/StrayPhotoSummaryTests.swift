import Domain
import Foundation
import Presentation
import Testing
import TestSupport
import Wording

/// Create's question with eight crash-scene photos from Budapest and one taken the day before in Vienna: when and where
/// from the eight, the Vienna photo alone named, with the `w` that would take its time and place instead.
@Suite("A stray crash-scene photo at Create")
struct StrayPhotoSummaryTests {
    static let budapest = try? Coordinate(latitude: 47.4979, longitude: 19.0402)
    static let vienna = try? Coordinate(latitude: 48.2082, longitude: 16.3738)

    static func photo(_ name: String, _ digit: Character, takenAt: Date, at place: Coordinate?) -> Photo {
        Photo(
            section: .crashScene, contentHash: .stub(digit), mediaType: .jpeg, byteCount: 100,
            pixelSize: PixelSize(width: 4, height: 3), originalFileName: name, addedAt: referenceDate, takenAt: takenAt, takenWhere: place
        )
    }

    @Test func theStrayPhotoIsNamedOnceWithTheWToType() throws {
        let zone = try #require(TimeZone(identifier: "Europe/Budapest"))
        let crash = referenceDate.addingTimeInterval(-3_600)
        let good = Array("12345678").enumerated().map { index, digit in
            Self.photo("budapest-\(index + 1).jpg", digit, takenAt: crash.addingTimeInterval(Double(index) * 90), at: Self.budapest)
        }
        let stray = Self.photo("vienna.jpg", "9", takenAt: crash.addingTimeInterval(-25 * 3_600), at: Self.vienna)
        let report = CrashReport.stub(photos: [good[0], stray] + good[1...])
        let summary = CreateSummary(report, dates: DateText(timeZone: zone), words: .english)

        #expect(summary.text.contains("(from photo budapest-1.jpg)"), "\(summary.text)")
        #expect(!summary.text.contains("budapest-2.jpg"), "\(summary.text)")
        let strayLines = summary.warnings.filter { $0.contains("vienna.jpg") }
        #expect(strayLines.count == 3, "\(summary.warnings)")
        #expect(summary.warnings.filter { !$0.contains("vienna.jpg") }.allSatisfy { !$0.contains("budapest") })
        let hint = try #require(strayLines.last)
        let command = try #require(CrashSceneInput.command(from: stray, timeZone: zone))
        #expect(hint == "If photo vienna.jpg is the one that shows the crash, type \(command) to take its time and place instead.")
        // The w it names takes the Vienna photo's own time and place.
        let typed = try CrashSceneInput(timeZone: zone).parse(String(command.dropFirst(2)), current: report.scene, now: referenceDate)
        #expect(abs(typed.occurredAt.timeIntervalSince(try #require(stray.takenAt))) < 60)
        #expect(try #require(typed.coordinate).distance(to: try #require(Self.vienna)) < 5)
    }

    @Test func aPlaceLeftOutIsNamedOnTheScreenWithTheWThatUsesIt() throws {
        let zone = try #require(TimeZone(identifier: "Europe/Berlin"))
        // Two crash-scene photos a day apart: the first (the crash time) without a place, the second with one.
        let crash = referenceDate.addingTimeInterval(-3_600)
        let first = Self.photo("first.jpg", "1", takenAt: crash.addingTimeInterval(-30 * 3_600), at: nil)
        let second = Self.photo("second.jpg", "2", takenAt: crash, at: Self.vienna)
        let report = CrashReport.stub(photos: [first, second])
        let effective = report.effectiveScene
        #expect(effective.placeLeftOut == second)
        let screen = CollectCrashInfoUiModel(report, dates: DateText(timeZone: zone), words: .english)
        let command = try #require(CrashSceneInput.command(from: second, timeZone: zone))
        #expect(screen.place == "not given yet: photo second.jpg has a place, but it was taken apart from the photos the time comes from; \(command) uses its time and place", "\(screen.place)")
        // With no photo that has a place, nothing is named.
        let alone = CollectCrashInfoUiModel(CrashReport.stub(photos: [first]), dates: DateText(timeZone: zone), words: .english)
        #expect(alone.place == "not given yet")
    }
}
