import Foundation
import Testing
import TestSupport

/// When and where taken from a crash-scene photo, as the driver sees them in Rome and Budapest.
@Suite("Photo times in the driver's time zone, the same on every output", .ownThreads)
struct PhotoTimeEndToEndTests {
    @Test func inRomeAPhotoWithoutAZoneShowsTheCameraClockEverywhere() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let rome = ["TZ": "Europe/Rome"]
        let photo = Fixtures.url("scene-no-zone-48x36.jpg").path
        let run = try AppProcess.run(["1", "", "3", "add 2 \(photo)", "d", "c", "y", "b", "q"], in: folder.url, environment: rome)
        #expect(run.status == 0)
        // The camera's clock read 16:28; Rome is at UTC+01:00 in November.
        let when = "21 Nov 2026, 16:28 (UTC+01:00) (from photo scene-no-zone-48x36.jpg"
        #expect(run.output.contains("When:  \(when)"))

        let list = try AppProcess.run([], arguments: ["reports", "--json"], in: folder.url, environment: rome)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [[String: Any]])
        let row = try #require(rows.first)
        #expect(row["occurredAt"] as? String == "2026-11-21T15:28:00Z")
        let crashID = try #require(row["crashId"] as? String)

        let export = try AppProcess.run([], arguments: ["export", crashID, "report.pdf"], in: folder.url, environment: rome)
        #expect(export.status == 0)
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let text = try tools.text(folder.fileURL("report.pdf").path)
        #expect(text.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("When \(when)")
            || text.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("When: \(when)"))
    }

    @Test func aPlaceFromOnePhotoAndATimeFromAnotherAreShownAndListedAlike() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let timeOnly = Fixtures.url("scene-no-zone-48x36.jpg").path
        let placeAndTime = Fixtures.url("scene-srational-be-48x36.jpg").path
        let run = try AppProcess.run(
            ["1", "", "3", "add 2 \(timeOnly)", "add 2 \(placeAndTime)", "d", "x", "s", "q"], in: folder.url
        )
        #expect(run.status == 0)
        // Read in UTC, the zone-less photo says 16:28 UTC; the other, at UTC+01:00, 15:28 UTC: the earlier wins, shown at
        // the offset its clock had.
        #expect(run.output.contains("When:  21 Nov 2026, 16:28 (UTC+01:00) (from photo scene-srational-be-48x36.jpg)"), "\(run.output)")
        #expect(run.output.contains("Where: 47.49800, 19.04000 (from photo scene-srational-be-48x36.jpg)"))

        let list = try AppProcess.run([], arguments: ["reports", "--json"], in: folder.url)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [[String: Any]])
        let place = try #require(rows.first?["place"] as? [String: Any])
        let latitude = try #require(place["latitude"] as? Double)
        #expect(abs(latitude - (47 + 29.0 / 60 + 52.8 / 3_600)) < 1e-9)
        #expect(rows.first?["occurredAt"] as? String == "2026-11-21T15:28:00Z")
    }

    @Test func aPhotoTimeInTheFutureIsPassedOverAndThePageSaysWhy() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let run = try AppProcess.run(
            ["1", "", "3", "add 2 \(Fixtures.url("scene-future-48x36.jpg").path)", "d", "x", "s", "q"], in: folder.url
        )
        #expect(run.output.contains("is later than now (the camera's clock is wrong), so it is not used as the crash time"))
        #expect(run.output.contains("(not given; the time the report was started, as the time of photo "
            + "scene-future-48x36.jpg is later than it was added)"))
    }

    @Test func inBudapestATimeTheClocksSkippedIsRefusedSayingSo() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let run = try AppProcess.run(
            ["1", "", "w 2026-03-29 02:30", "w 2026-03-29 03:30", "x", "s", "q"], in: folder.url,
            environment: ["TZ": "Europe/Budapest"]
        )
        #expect(run.output.contains("2026-03-29 02:30 did not happen in Europe/Budapest: the clocks went forward"))
        #expect(run.output.contains("When:  29 Mar 2026, 03:30 (UTC+02:00)"))
        #expect(!run.output.contains("is not a date"))
    }
}
