import Domain
import Foundation
import Presentation
import Testing
import TestSupport

@Suite("Typing when and where")
struct CrashSceneInputTests {
    let input = CrashSceneInput(timeZone: TimeZone(identifier: "UTC") ?? .current)
    let current = CrashScene(occurredAt: referenceDate)

    @Test func nowWithACoordinate() throws {
        let scene = try input.parse("now 47.4979,19.0402", current: current, now: referenceDate)
        #expect(scene.occurredAt == referenceDate)
        #expect(scene.coordinate == (try Coordinate(latitude: 47.4979, longitude: 19.0402)))
        #expect(scene.address == nil)
    }

    @Test func aDateAndTimeWithAnAddress() throws {
        let scene = try input.parse("2026-11-17 17:42 Andrássy út 12, Budapest", current: current, now: referenceDate)
        #expect(utc.dateTime(scene.occurredAt) == "17 Nov 2026, 17:42 (UTC)")
        #expect(scene.address == "Andrássy út 12, Budapest")
        #expect(scene.coordinate == nil)
    }

    @Test func aTimeOfTodayKeepsTheKnownPlace() throws {
        let known = try CrashScene(occurredAt: referenceDate, coordinate: nil, address: "Main St 1")
        let scene = try input.parse("9:05", current: known, now: referenceDate)
        #expect(utc.dateTime(scene.occurredAt) == "18 Nov 2026, 09:05 (UTC)")
        #expect(scene.address == "Main St 1")
    }

    @Test func aCoordinateFollowedByAnAddressKeepsBoth() throws {
        let scene = try input.parse("now -33.8568,151.2153 Sydney Opera House", current: current, now: referenceDate)
        #expect(scene.coordinate?.latitude == -33.8568)
        #expect(scene.address == "Sydney Opera House")
    }

    @Test func aLatitudeOutOfRangeIsRefusedByTheDomain() {
        #expect(throws: InputError.self) { try input.parse("now 95,19", current: current, now: referenceDate) }
    }

    @Test func aWordThatIsNotATimeIsRefusedWithTheSyntax() {
        #expect(throws: CrashSceneInput.Failure.self) { try input.parse("yesterday", current: current, now: referenceDate) }
    }

    @Test func aDateWithoutATimeIsRefused() {
        #expect(throws: CrashSceneInput.Failure.self) { try input.parse("2026-11-17 Main St", current: current, now: referenceDate) }
    }

    @Test func anImpossibleDateIsRefused() {
        #expect(throws: CrashSceneInput.Failure.self) { try input.parse("2026-02-30 10:00", current: current, now: referenceDate) }
    }

    @Test func anAddressStartingWithANumberIsNotTakenForACoordinate() throws {
        let scene = try input.parse("now 12, Main St", current: current, now: referenceDate)
        #expect(scene.coordinate == nil)
        #expect(scene.address == "12, Main St")
    }
}
