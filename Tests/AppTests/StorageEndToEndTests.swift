import Foundation
import Testing
import TestSupport

@Suite("What crash-assistant keeps between runs, and a store it cannot use", .ownThreads)
struct StorageEndToEndTests {
    @Test func aDraftSavedInOneRunIsResumedInTheNext() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let first = try AppProcess.run([
            "1", "",
            "1", "1 4", "d",
            "2", "add 2 \(Fixtures.url("photo-64x48.jpg").path)", "note Red van, Øresund plates", "d",
            "x", "s", "q",
        ], in: folder.url)
        #expect(first.status == 0)

        let second = try AppProcess.run(["2", "1", "", "2", "d", "x", "k", "x", "s", "q"], in: folder.url)

        #expect(second.status == 0)
        #expect(second.output.contains("[✓] Who was injured? — Myself, Other driver's passenger(s)"))
        #expect(second.output.contains("1. photo-64x48.jpg — JPEG, 1.3 KB, 64 × 48 px"))
        #expect(second.output.contains("Red van, Øresund plates"))
        let photos = try FileManager.default.contentsOfDirectory(atPath: folder.fileURL("data/crash-assistant/photos").path)
        #expect(photos.filter { !$0.hasPrefix(".") }.count == 1)
    }

    @Test func whenTheAppEndsTheDatabaseFileAloneHoldsEveryReport() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let database = folder.fileURL("reports.sqlite")
        _ = try AppProcess.run(["1", "", "1", "1 3", "d", "x", "s", "q"], arguments: ["--database", database.path], in: folder.url)
        // A copy of the file without the write-ahead log beside it, as a person backing it up might make.
        try FileManager.default.createDirectory(at: folder.fileURL("copy"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: database, to: folder.fileURL("copy/reports.sqlite"))

        let list = try AppProcess.run([], arguments: ["reports", "--database", folder.fileURL("copy/reports.sqlite").path], in: folder.url)

        #expect(list.status == 0)
        #expect(list.output.contains("2 injury choices"))
    }

    @Test func aCreatedReportIsExportedAsAPDFFromTheCommandLine() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let created = try AppProcess.run([
            "1", "", "1", "3", "d",
            "2", "add 1 \(Fixtures.url("photo-exif-120x90.jpg").path)", "note Dvořák drove a Karpács Ltd van", "d",
            "c", "y", "v", "b", "q",
        ], in: folder.url)
        #expect(created.status == 0)
        let documents = folder.fileURL("data/crash-assistant/documents")
        let kept = try FileManager.default.contentsOfDirectory(atPath: documents.path)
        let name = try #require(kept.first { $0.hasPrefix("crash-report-CR-") && $0.hasSuffix(".pdf") })
        let crashID = String(name.dropFirst("crash-report-".count).dropLast(".pdf".count))
        #expect(created.output.contains("Document: \(documents.path)/\(name)"))

        let export = try AppProcess.run([], arguments: ["export", crashID, "no such folder/exported.pdf"], in: folder.url)
        let retry = try AppProcess.run([], arguments: ["export", crashID, "exported.pdf"], in: folder.url)

        #expect(export.status == 73)
        #expect(export.errors.contains("no such folder"))
        #expect(retry.status == 0)
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let path = folder.fileURL("exported.pdf").path
        #expect(try tools.checkStructure(path).contains("No syntax or stream encoding errors"))
        let text = try tools.text(path)
        #expect(text.contains("Crash ID: \(crashID)"))
        #expect(text.contains("Other driver"))
        #expect(text.contains("Dvořák drove a Karpács Ltd van"))
        #expect(try tools.images(path).map { "\($0.encoding) \($0.width)x\($0.height)" } == ["jpeg 120x90"])

        let again = try AppProcess.run([], arguments: ["export", crashID, path], in: folder.url)
        #expect(again.status == 73)
        #expect(again.errors.contains("--force"))
    }

    @Test func exportingADraftIsRefusedAsBadData() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        _ = try AppProcess.run(["1", "", "1", "5", "d", "x", "s", "q"], in: folder.url)
        let list = try AppProcess.run([], arguments: ["reports", "--json"], in: folder.url)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [[String: Any]])
        let crashID = try #require(rows.first?["crashId"] as? String)

        let run = try AppProcess.run([], arguments: ["export", crashID, "draft.pdf"], in: folder.url)

        #expect(run.status == 65)
        #expect(!FileManager.default.fileExists(atPath: folder.fileURL("draft.pdf").path))
    }

    @Test(arguments: ["random bytes", "a cut-short database"])
    func aDamagedDatabaseIsRefusedByNameAndLeftUntouched(damage: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let database = folder.fileURL("reports.sqlite")
        if damage == "random bytes" {
            var generator = SystemRandomNumberGenerator()
            try Data((0..<8_192).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: database)
        } else {
            // A real database, copied without its write-ahead log and cut short on the way.
            let original = folder.fileURL("original.sqlite")
            _ = try AppProcess.run(["1", "", "1", "5", "d", "x", "s", "q"], arguments: ["--database", original.path], in: folder.url)
            let whole = try Data(contentsOf: original)
            try whole.prefix(whole.count / 2).write(to: database)
        }
        let before = try Data(contentsOf: database)

        let run = try AppProcess.run(["q"], arguments: ["--database", database.path], in: folder.url)

        #expect(run.status == 65)
        #expect(run.errors.contains(database.path))
        #expect(run.errors.contains("--database"))
        #expect(try Data(contentsOf: database) == before)
    }

    @Test func aDataFolderThatCannotBeMadeIsReported() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        _ = try folder.write(Data("not a folder".utf8), to: "blocker")

        let run = try AppProcess.run(["q"], in: folder.url, environment: ["CRASH_ASSISTANT_DATABASE": folder.fileURL("blocker/reports.sqlite").path])

        #expect(run.status == 73)
        #expect(run.errors.contains("blocker"))
        #expect(!run.errors.contains("Fatal error"))
    }
}
