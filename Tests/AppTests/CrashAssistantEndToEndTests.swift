import Foundation
import Testing
import TestSupport

@Suite("The Crash Assistant driven through standard input", .ownThreads)
struct CrashAssistantEndToEndTests {
    // MARK: - The whole flow

    @Test func theWholeFlowFromInjuriesToASharedReport() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.fileURL("my photos"), withIntermediateDirectories: true)
        _ = try folder.write(try Fixtures.png(), to: "my photos/my plate.png")
        _ = try folder.write(try Fixtures.distinctJPEG(1), to: "damage.jpg")
        _ = try folder.write(try Fixtures.distinctJPEG(2), to: "scene.jpg")
        _ = try folder.write(try Fixtures.distinctJPEG(3), to: "other damage.jpg")
        let shared = folder.fileURL("shared report.pdf").path

        let run = try AppProcess.run([
            "1", "",
            "1", "1 3", "d",
            "2",
            "add 1 \(Fixtures.url("photo-64x48.jpg").path)",
            "add 2 \"\(folder.path)/my photos/my plate.png\"",
            "add 3 \(folder.path)/other\\ damage.jpg",
            "note Blue Golf, the driver was on the phone",
            "d",
            "3", "add 1 ~/damage.jpg", "add 2 scene.jpg", "d",
            "w 2026-11-21 17:42 47.4979,19.0402 Andrássy út 12, Budapest",
            "x", "s",
            "2", "1", "",
            "3", "x", "d",
            "c", "y", "v",
            "s", "\"\(shared)\"",
            "s", "\"\(shared)\"", "y",
            "b", "q",
        ], in: folder.url)

        #expect(run.status == 0)
        #expect(run.output.contains("[x] Myself"))
        #expect(run.output.contains("[x] Other driver"))
        #expect(run.output.contains("1. my plate.png — PNG, 129 bytes, 40 × 30 px"))
        #expect(run.output.contains("1. other damage.jpg — JPEG"))
        #expect(run.output.contains("[✓] Who was injured? — Myself, Other driver"))
        #expect(run.output.contains("[✓] Other driver's info — 3 photos, note (38 characters)"))
        #expect(run.output.contains("[✓] Collect your info — 2 photos"))
        #expect(run.output.contains("Where: Andrássy út 12, Budapest (47.49790, 19.04020)"))
        #expect(run.output.contains("Draft CR-"))
        #expect(run.output.contains("Draft      21 Nov 2026, 17:42 (UTC)  2 injury choices, 5 photos, note"))
        #expect(run.output.contains("The information on this page was discarded."))
        #expect(run.output.contains("Driver's own vehicle's damage: no photos"))
        #expect(run.output.contains("Blue Golf, the driver was on the phone"))
        #expect(run.output.contains("already exists. Replace it? (y/n)"))
        #expect(run.output.contains("Crash report written to \(shared)"))
        #expect(run.output.contains("Goodbye."))
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        #expect(try tools.checkStructure(shared).contains("No syntax or stream encoding errors"))
        let document = try tools.text(shared)
        #expect(document.contains("Crash ID: CR-"))
        #expect(document.contains("Status: Completed"))
        #expect(document.contains("Blue Golf, the driver was on the phone"))
        #expect(document.contains("Andrássy út 12, Budapest"))
        #expect(!document.contains("scene.jpg"))
        // The other driver's two JPEGs, embedded as they are, and the PNG; your info was discarded.
        let images = try tools.images(shared)
        #expect(images.filter { $0.encoding == "jpeg" }.map(\.width) == [64, 64])
        #expect(images.count == 3)

        // What the store holds afterwards: one completed report, your info's photos gone from disk.
        let list = try AppProcess.run([], arguments: ["reports", "--json"], in: folder.url)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows.first?["status"] as? String == "completed")
        #expect(rows.first?["injuryCount"] as? Int == 2)
        #expect(rows.first?["photoCount"] as? Int == 3)
        #expect(rows.first?["hasNote"] as? Bool == true)
        let photoFiles = try FileManager.default.contentsOfDirectory(atPath: folder.fileURL("data/crash-assistant/photos").path)
        #expect(photoFiles.filter { !$0.hasPrefix(".") }.count == 3)
    }

    @Test func shareWithEnterWritesTheDefaultFileInTheCurrentFolder() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let run = try AppProcess.run(["1", "", "1", "5", "d", "c", "y", "s", "", "b", "q"], in: folder.url)
        #expect(run.status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(names.contains { $0.hasPrefix("crash-report-CR-") && $0.hasSuffix(".pdf") })
    }

    @Test("A name without an extension is shared as a PDF, and the message and export say .pdf was added")
    func aNameWithoutAnExtensionGetsPDFAndSaysSo() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let run = try AppProcess.run(["1", "", "1", "5", "d", "c", "y", "s", "report one", "b", "q"], in: folder.url)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains(
            "Saved as report one.pdf: the name had no extension, so .pdf was added. Crash report written to \(folder.path)/report one.pdf"
        ), "\(run.output)")
        #expect(FileManager.default.fileExists(atPath: folder.fileURL("report one.pdf").path))
        #expect(!FileManager.default.fileExists(atPath: folder.fileURL("report one").path))

        let crashID = try #require(run.output.firstMatch(of: /Crash report (CR-[A-Z0-9]{8}) created/)?.1).description
        let export = try AppProcess.run([], arguments: ["export", crashID, "copy"], in: folder.url)
        #expect(export.status == 0, "\(export.errors)")
        #expect(export.output.contains(
            "Saved as copy.pdf: the name had no extension, so .pdf was added. Crash report \(crashID) written to \(folder.path)/copy.pdf"
        ), "\(export.output)")
        #expect(FileManager.default.fileExists(atPath: folder.fileURL("copy.pdf").path))
        #expect(!FileManager.default.fileExists(atPath: folder.fileURL("copy").path))
        // Named with its extension, nothing is added or said.
        let named = try AppProcess.run([], arguments: ["export", crashID, "named.pdf"], in: folder.url)
        #expect(named.output.contains("Crash report \(crashID) written to \(folder.path)/named.pdf"))
        #expect(!named.output.contains("Saved as"))
    }

    @Test func sharingToAFolderOrAPlaceThatCannotBeWrittenIsExplainedAndAsksAgain() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.fileURL("a folder"), withIntermediateDirectories: true)
        let run = try AppProcess.run([
            "1", "", "1", "5", "d", "c", "y",
            "s", "a folder",
            "s", "/proc/crash-report.pdf",
            "s", "a folder/report.pdf",
            "b", "q",
        ], in: folder.url)
        #expect(run.status == 0)
        #expect(run.output.contains("! \(folder.path)/a folder is a folder. Give a file name inside it"))
        #expect(run.output.contains("! Could not write /proc/crash-report.pdf"))
        #expect(run.output.contains("Crash report written to \(folder.path)/a folder/report.pdf"))
        #expect(FileManager.default.fileExists(atPath: folder.fileURL("a folder/report.pdf").path))
    }

    @Test("The small things a newcomer hits: 1,3 on the injuries page, an empty Enter, a long line echoed short, what x discards, a .txt name for a PDF, export onto a file")
    func theRoughEdgesANewcomerHit() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let long = String(repeating: "z", count: 4_096)
        let run = try AppProcess.run([
            "1", "", "1", "1,3", "", long, "d", "2", "note white van", "x", "k", "d", "c", "y",
            "s", "report.txt", "s", "report.pdf", "b", "q",
        ], in: folder.url)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("[x] Myself") && run.output.contains("[x] Other driver"), "\(run.output)")
        #expect(run.output.contains("! Type one of the keys above and press Enter (h lists them)."))
        #expect(run.output.contains("(4,096 characters) is not a key on this screen"))
        #expect(!run.output.contains(String(repeating: "z", count: 100)))
        #expect(run.output.contains("The note will be removed from the report (everything on “Other driver's info”)."), "\(run.output)")
        #expect(run.output.contains("report.txt would hold a PDF document under another format's name"))
        #expect(run.output.contains("Crash report written to \(folder.path)/report.pdf"))
        #expect(!FileManager.default.fileExists(atPath: folder.fileURL("report.txt").path))

        let crashID = try #require(run.output.firstMatch(of: /Crash report (CR-[A-Z0-9]{8}) created/)?.1).description
        let export = try AppProcess.run([], arguments: ["export", crashID, "report.pdf"], in: folder.url)
        #expect(export.status == 73)
        #expect(export.errors.contains("report.pdf already exists. Pass --force to replace it, or give another file name."), "\(export.errors)")
    }

    @Test("Leaving a draft on a page and resuming it opens that page, not the checklist")
    func aResumedDraftOpensWhereItWasLeft() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let first = try AppProcess.run(["1", "", "2", "note white van"], in: folder.url)
        #expect(first.output.contains("Input ended: draft"), "\(first.output)")
        let again = try AppProcess.run(["2", "1", "d", "x", "s", "q"], in: folder.url)
        let afterChoosing = again.output.components(separatedBy: "Reports 1–1, newest first").dropFirst().first ?? ""
        #expect(afterChoosing.contains("Other driver's info\n───"), "\(again.output)")
        #expect(!afterChoosing.contains("Press Enter to continue"))
        // A draft nothing was entered in is not kept.
        let empty = try AppProcess.run(["1", "", "x", "s", "q"], in: folder.url)
        #expect(empty.output.contains("Nothing was entered in this report, so no draft was kept."))
        let list = try AppProcess.run([], arguments: ["reports", "--json"], in: folder.url)
        #expect((try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [Any])?.count == 1, "\(list.output)")
    }

    @Test func newStartsStraightInTheCrashAssistantWithTheChecklist() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let run = try AppProcess.run(["", "x", "d", "q"], arguments: ["new"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.output.contains("Emergency checklist"))
        #expect(run.output.contains("112"))
        #expect(run.output.contains("The crash report was discarded."))
    }

    @Test func aDiscardedReportIsGoneFromViewCrashReports() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let run = try AppProcess.run(["1", "", "1", "6", "d", "x", "d", "2", "b", "q"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.output.contains("No crash reports yet."))
    }

    // MARK: - Bad input

    @Test func anUnknownKeyIsNamedAndTheSameScreenComesBack() throws {
        let run = try runOnOtherDriversPage(["zz"])
        #expect(run.output.contains("! “zz” is not a key on this screen. Type h for the keys."))
        #expect(lastScreen(of: run.output).contains("Other driver's info"))
    }

    @Test func aMissingPhotoFileIsNamed() throws {
        let run = try runOnOtherDriversPage(["add 1 nowhere/missing.jpg"])
        #expect(run.output.contains("There is no file “"))
        #expect(run.output.contains("nowhere/missing.jpg"))
        #expect(lastScreen(of: run.output).contains("no photos yet"))
    }

    @Test func aFolderIsRefusedAsAPhoto() throws {
        let run = try runOnOtherDriversPage(["add 1 ."])
        #expect(run.output.contains("is a folder, not a photo. Name a JPEG or PNG file inside it."))
    }

    @Test func aTextFileNamedJpgIsRefused() throws {
        let run = try runOnOtherDriversPage(["add 2 \(Fixtures.url("notes.jpg").path)"])
        #expect(run.output.contains("“notes.jpg” is a text file, not a JPEG or PNG photo."))
    }

    @Test func aPhotoOverTheSizeLimitIsRefusedWithoutLosingAnything() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let huge = folder.fileURL("huge.jpg")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: try Fixtures.jpeg()))
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 30 * 1024 * 1024)
        try handle.close()
        let run = try runOnOtherDriversPage(["add 1 \(Fixtures.url("photo-64x48.jpg").path)", "add 1 \(huge.path)"], in: folder)
        #expect(run.output.contains("“huge.jpg” is 30 MB; a photo may be at most 20 MB."))
        #expect(lastScreen(of: run.output).contains("1. photo-64x48.jpg"))
    }

    @Test func anEleventhPhotoInASectionIsRefused() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        var lines: [String] = []
        for index in 1...11 {
            let file = try folder.write(try Fixtures.distinctJPEG(index), to: "photo-\(index).jpg")
            lines.append("add 3 \(file.path)")
        }
        let run = try runOnOtherDriversPage(lines, in: folder)
        #expect(run.output.contains("“Vehicle's damages” already holds 10 photos, the most it can. Remove one before adding another."))
        #expect(lastScreen(of: run.output).contains("Vehicle's damages (10 of 10 photos)"))
    }

    @Test func aNoteOverTwoThousandCharactersIsRefusedAndTheOldNoteKept() throws {
        let run = try runOnOtherDriversPage(["note short note", "note " + String(repeating: "a", count: 2_001)])
        #expect(run.output.contains("The note has 2001 characters; at most 2000 fit."))
        #expect(lastScreen(of: run.output).contains("short note"))
    }

    @Test func creatingAnEmptyReportIsRefusedWithTheReason() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let run = try AppProcess.run(["1", "", "c", "x", "d", "q"], in: folder.url)
        #expect(run.output.contains("Create crash report — not available: Add at least one piece of information first"))
        #expect(run.output.contains("! Create crash report is not available yet."))
        #expect(!run.output.contains("created."))
    }

    @Test func aBadWhenIsExplainedWithTheSyntax() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let run = try AppProcess.run(["1", "", "w yesterday", "w now 95,19", "x", "d", "q"], in: folder.url)
        #expect(run.output.contains("“yesterday” is not a time. Type w <now | HH:MM | YYYY-MM-DD HH:MM>"))
        #expect(run.output.contains("latitude 95.0 is not between -90 and 90"))
    }

    @Test func pipedOutputHasNoEscapeCodes() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let run = try AppProcess.run(["1", "", "1", "1", "d", "x", "d", "q"], in: folder.url, noColour: false)
        #expect(run.output.contains("[✓] Who was injured? — Myself"))
        #expect(!run.output.contains("\u{1B}"))
    }

    // MARK: - Ending without quitting

    @Test func endOfInputKeepsTheOpenReportAsADraft() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let run = try AppProcess.run(["1", "", "1", "2"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.output.contains("Input ended: draft CR-"))
        #expect(run.output.contains("was saved in \(folder.path)/data/crash-assistant/reports.sqlite"))
        let list = try AppProcess.run([], arguments: ["reports"], in: folder.url)
        #expect(list.output.contains("Draft"))
        #expect(list.output.contains("1 injury choice"))
    }

    @Test(arguments: [(SIGTERM, Int32(143), "Asked to stop"), (SIGINT, Int32(130), "Interrupted"), (SIGHUP, Int32(129), "Hang-up received")])
    func aStopSignalKeepsTheOpenReportAsADraft(signal: Int32, status: Int32, reason: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let app = try AppProcess([], in: folder.url)
        app.send(["1", "", "1", "1 3"])
        #expect(app.waitForOutput(containing: "[x] Other driver"))
        kill(app.process.processIdentifier, signal)
        let run = app.finish()
        // Closed only now: an earlier end of input could win the race against the signal.
        app.closeInput()
        #expect(run.status == status)
        #expect(run.output.contains("\(reason): draft CR-"))
        let list = try AppProcess.run([], arguments: ["reports"], in: folder.url)
        #expect(list.output.contains("Draft"))
        #expect(list.output.contains("2 injury choices"))
    }

    @Test func endOfInputOnTheMenuEndsQuietly() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let run = try AppProcess.run([], in: folder.url)
        #expect(run.status == 0)
        #expect(!run.output.contains("draft"))
    }

    // MARK: - Helpers

    /// Opens Other driver's info on a new report, types `lines`, then discards the report and quits.
    private func runOnOtherDriversPage(_ lines: [String], in folder: TemporaryDirectory? = nil) throws -> AppProcess.Run {
        let own = folder == nil ? TemporaryDirectory() : nil
        defer { own?.remove() }
        let directory = folder ?? own
        guard let directory else { throw CocoaError(.fileNoSuchFile) }
        return try AppProcess.run(["1", "", "2"] + lines + ["?"], in: directory.url)
    }

    /// The output from the last screen title on.
    private func lastScreen(of output: String) -> String {
        let screens = output.components(separatedBy: "\n\n")
        return screens.suffix(4).joined(separator: "\n\n")
    }
}
