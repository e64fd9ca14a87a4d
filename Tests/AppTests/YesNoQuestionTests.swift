import Foundation
import Testing
import TestSupport

/// A yes/no question over a pipe: anything but yes or no is asked again and never run as a key of the screen.
@Suite("Yes/no questions", .ownThreads)
struct YesNoQuestionTests {
    @Test("maybe, x and an empty line at Create's question are asked again, run as nothing; then y creates the report")
    func createIsAskedAgain() throws {
        let folder = TemporaryDirectory("yes-no")
        let run = try AppProcess.run(
            ["1", "", "1", "1", "d", "c", "maybe", "x", "", "y", "b", "q"],
            arguments: ["--database", folder.file("reports.sqlite")], in: folder.url
        )
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("“maybe” is not an answer to the question: type y for yes or n for no."), "\(run.output)")
        #expect(run.output.contains("“x” is not an answer to the question"), "\(run.output)")
        #expect(run.output.contains("Type y for yes or n for no."), "\(run.output)")
        // x was not Close, and nothing was taken as no.
        #expect(!run.output.contains("Close crash report"), "\(run.output)")
        #expect(!run.output.contains("Not created"), "\(run.output)")
        #expect(run.output.contains("created."), "\(run.output)")
    }

    @Test("The app's language's own words answer: ja in German creates, nein keeps the draft")
    func theLanguagesWords() throws {
        let folder = TemporaryDirectory("yes-no-de")
        let database = ["--database", folder.file("reports.sqlite"), "--language", "de"]
        let kept = try AppProcess.run(["1", "", "1", "1", "d", "c", "nein", "x", "s", "q"], arguments: database, in: folder.url)
        #expect(kept.status == 0, "\(kept.errors)")
        #expect(!kept.output.contains("CR-") || !kept.output.contains("erstellt."), "\(kept.output)")
        let created = try AppProcess.run(["2", "1", "c", "Ja", "b", "q"], arguments: database, in: folder.url)
        #expect(created.status == 0, "\(created.errors)")
        let list = try AppProcess.run([], arguments: ["reports", "--database", folder.file("reports.sqlite")], in: folder.url)
        #expect(list.output.contains("completed") || list.output.contains("Completed"), "\(list.output)")
    }
}

/// Real photos of two places a day apart, added over a pipe: when and where come from the eight taken at the crash, the
/// one from the day before is named once, with the `w` that would take its time and place.
@Suite("A stray crash-scene photo, added from files", .ownThreads)
struct StrayPhotoEndToEndTests {
    @Test func eightBudapestPhotosDecideAndViennaIsNamedWithItsW() throws {
        let folder = TemporaryDirectory("stray-photo")
        let budapest = (1...8).map { "add 2 \(Fixtures.url("street-budapest-\($0)-48x36.jpg").path)" }
        let vienna = "add 2 \(Fixtures.url("street-vienna-48x36.jpg").path)"
        let run = try AppProcess.run(
            ["1", "", "3"] + budapest.prefix(2) + [vienna] + budapest.dropFirst(2) + ["d", "c", "n", "x", "s", "q"],
            arguments: ["--database", folder.file("reports.sqlite")], in: folder.url, environment: ["TZ": "Europe/Budapest"]
        )
        #expect(run.status == 0, "\(run.errors)")
        let output = run.output
        #expect(output.contains("when: 21 Nov 2026, 16:28 (UTC+01:00) (from photo street-budapest-1-48x36.jpg)"), "\(output)")
        #expect(output.contains("(from photo street-budapest-1-48x36.jpg)"), "\(output)")
        let warnings = output.split(separator: "\n").filter { $0.hasPrefix("  ! ") }
        #expect(warnings.allSatisfy { !$0.contains("street-budapest") }, "\(warnings)")
        let about = warnings.filter { $0.contains("street-vienna-48x36.jpg") }
        #expect(about.contains { $0.contains("before the crash time") }, "\(warnings)")
        #expect(about.contains { $0.contains("km from the crash scene") }, "\(warnings)")
        #expect(about.contains { $0.contains("type w 2026-11-20 15:10+01:00 48.20820,16.37380 to take its time and place instead.") }, "\(warnings)")
    }
}

/// A summer photo's time shown at the offset its clock had that day, though the report was started in winter.
@Suite("The scene's offset at the crash's instant", .ownThreads)
struct SceneOffsetEndToEndTests {
    @Test func aSummerPhotoReportedInWinterKeepsItsSummerOffset() throws {
        let folder = TemporaryDirectory("scene-offset")
        let run = try AppProcess.run(
            ["1", "", "3", "add 2 \(Fixtures.url("street-summer-no-zone-48x36.jpg").path)", "d", "x", "s", "q"],
            arguments: ["--database", folder.file("reports.sqlite")], in: folder.url, environment: ["TZ": "Europe/Rome"]
        )
        #expect(run.status == 0, "\(run.errors)")
        // The clock read 16:28, Rome's summer time (+02:00), whatever the offset when the report was started.
        #expect(run.output.contains("22 Oct 2008, 16:28 (UTC+02:00)"), "\(run.output)")
        #expect(!run.output.contains("22 Oct 2008, 15:28"), "\(run.output)")
        // The list says the same.
        let list = try AppProcess.run([], arguments: ["reports", "--database", folder.file("reports.sqlite")], in: folder.url, environment: ["TZ": "Europe/Rome"])
        #expect(list.output.contains("22 Oct 2008, 16:28 (UTC+02:00)"), "\(list.output)")
        let json = try AppProcess.run([], arguments: ["reports", "--json", "--database", folder.file("reports.sqlite")], in: folder.url)
        #expect(json.output.contains("\"utcOffsetMinutes\" : 120"), "\(json.output)")
    }
}
