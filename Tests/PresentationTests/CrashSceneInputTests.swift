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

    @Test("A coordinate with a space after its comma is read as one; decimal commas and a lone number are explained")
    func coordinatesAsPeopleTypeThem() throws {
        let spaced = try input.parse("10:42 47.4979, 19.0402 Andrássy út", current: current, now: referenceDate)
        #expect(spaced.coordinate == (try Coordinate(latitude: 47.4979, longitude: 19.0402)))
        #expect(spaced.address == "Andrássy út")
        let commas = #expect(throws: CrashSceneInput.Failure.self) { try input.parse("10:42 47,4979,19,0402", current: current, now: referenceDate) }
        #expect(commas?.description.contains("decimal commas") == true)
        let lone = #expect(throws: CrashSceneInput.Failure.self) { try input.parse("10:42 47.4979 19.0402", current: current, now: referenceDate) }
        #expect(lone?.description.contains("is not a coordinate") == true)
        // A minus sign says south or west.
        #expect(try input.parse("now -33.8688,-70.6693", current: current, now: referenceDate).coordinate?.longitude == -70.6693)
    }

    @Test("A time of today still to come suggests yesterday's date; the scene keeps the zone's offset at that moment")
    func aTimeStillToComeSuggestsTheDate() throws {
        let budapest = CrashSceneInput(timeZone: TimeZone(identifier: "Europe/Budapest") ?? .current)
        // 18 Nov 2026, 00:06 in Budapest.
        let justAfterMidnight = referenceDate.addingTimeInterval(-11 * 3_600)
        let failure = #expect(throws: CrashSceneInput.Failure.self) { try budapest.parse("23:59", current: current, now: justAfterMidnight) }
        #expect(failure?.description.contains("w 2026-11-17 23:59") == true, "\(String(describing: failure))")
        let summer = try budapest.parse("2026-07-01 12:00", current: current, now: referenceDate)
        #expect(summer.utcOffsetMinutes == 120)
        let winter = try budapest.parse("2026-11-17 12:00", current: current, now: referenceDate)
        #expect(winter.utcOffsetMinutes == 60)
        #expect(try budapest.parse("2026-10-25 02:30+02:00", current: current, now: referenceDate).utcOffsetMinutes == 120)
    }

    @Test func anAddressStartingWithANumberIsNotTakenForACoordinate() throws {
        let scene = try input.parse("now 12, Main St", current: current, now: referenceDate)
        #expect(scene.coordinate == nil)
        #expect(scene.address == "12, Main St")
    }

    // MARK: - Clock changes and signs

    let budapest = CrashSceneInput(timeZone: TimeZone(identifier: "Europe/Budapest") ?? .current)

    func failure(_ text: String, with input: CrashSceneInput) -> String? {
        do {
            _ = try input.parse(text, current: current, now: referenceDate)
            return nil
        } catch {
            return (error as? CrashSceneInput.Failure)?.description
        }
    }

    @Test func aTimeTheClocksSkippedIsRefusedSayingSo() {
        #expect(failure("2026-03-29 02:30", with: budapest)
            == "2026-03-29 02:30 did not happen in Europe/Budapest: the clocks went forward that night and skipped it. "
            + "Give the time the clock showed, e.g. 03:30")
    }

    @Test func aTimeTheClocksShowedTwiceAsksWhichWithItsOffset() {
        #expect(failure("2026-10-25 02:30", with: budapest)
            == "2026-10-25 02:30 happened twice in Europe/Budapest: the clocks went back that night. Say which with its "
            + "offset: 02:30+02:00 (the first) or 02:30+01:00 (the second), e.g. w 2026-10-25 02:30+02:00")
    }

    @Test func anOffsetSaysWhichOfTheTwoTimesItIs() throws {
        let first = try budapest.parse("2026-10-25 02:30+02:00", current: current, now: referenceDate)
        let second = try budapest.parse("2026-10-25 02:30+01:00", current: current, now: referenceDate)
        #expect(first.occurredAt == Date(timeIntervalSince1970: 1_792_888_200))
        #expect(second.occurredAt.timeIntervalSince(first.occurredAt) == 3_600)
    }

    @Test func summerAndWinterTimesAreReadInTheirOwnOffset() throws {
        let summer = try budapest.parse("2026-07-01 12:00", current: current, now: referenceDate)
        let winter = try budapest.parse("2026-01-15 12:00", current: current, now: referenceDate)
        #expect(utc.dateTime(summer.occurredAt) == "1 Jul 2026, 10:00 (UTC)")
        #expect(utc.dateTime(winter.occurredAt) == "15 Jan 2026, 11:00 (UTC)")
    }

    @Test(arguments: ["+1:+5", "1:+5", "+9:05", "2026-+1-05 10:00", "2026-01--5 10:00", "-1:05"])
    func numbersWithASignAreRefused(text: String) {
        #expect(throws: CrashSceneInput.Failure.self) { try input.parse(text, current: current, now: referenceDate) }
    }
}
