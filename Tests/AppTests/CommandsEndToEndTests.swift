import Foundation
import Testing
import TestSupport

@Suite("crash-assistant reports, export and store options", .ownThreads)
struct CommandsEndToEndTests {
    @Test func reportsAsJSONIsAnArray() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let run = try AppProcess.run([], arguments: ["reports", "--json"], in: folder.url)
        #expect(run.status == 0)
        let parsed = try JSONSerialization.jsonObject(with: Data(run.output.utf8))
        #expect((parsed as? [Any])?.isEmpty == true)
    }

    @Test func theStorageOptionsMayComeBeforeTheCommand() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let database = folder.fileURL("r.db").path
        for arguments in [["--database", database, "reports", "--json"], ["--database=\(database)", "--store", "sqlite", "reports", "--json"]] {
            let run = try AppProcess.run([], arguments: arguments, in: folder.url)
            #expect(run.status == 0, "\(arguments): \(run.errors)")
            #expect((try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [Any])?.isEmpty == true)
        }
        #expect(FileManager.default.fileExists(atPath: database))
        // A value that is a command's name stays a value; an unknown option is still named.
        let unknown = try AppProcess.run([], arguments: ["--colour", "reports"], in: folder.url)
        #expect(unknown.status == 64)
        #expect(unknown.errors.contains("--colour"))
    }

    @Test func reportsSaysWhenThereAreNone() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let run = try AppProcess.run([], arguments: ["reports"], in: folder.url)
        #expect(run.status == 0)
        #expect(run.output.contains("No crash reports yet."))
    }

    @Test func exportOfAnUnknownReportEndsWithNoInput() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let run = try AppProcess.run([], arguments: ["export", "CR-AAAA2222", folder.fileURL("out.txt").path], in: folder.url)
        #expect(run.status == 66)
        #expect(run.errors.contains("No crash report has the ID CR-AAAA2222"))
        #expect(!FileManager.default.fileExists(atPath: folder.fileURL("out.txt").path))
    }

    @Test func exportOfAnInvalidCrashIDIsAUsageError() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let run = try AppProcess.run([], arguments: ["export", "no spaces allowed", "out.txt"], in: folder.url)
        #expect(run.status == 64)
        #expect(run.errors.contains("is not a crash ID"))
    }

    @Test func exportWithoutAFileIsAUsageError() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let run = try AppProcess.run([], arguments: ["export", "CR-AAAA2222"], in: folder.url)
        #expect(run.status == 64)
        #expect(run.errors.contains("<file>"))
    }

    @Test func theMemoryStoreKeepsNothingAfterTheAppEnds() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        _ = try AppProcess.run(["1", "", "1", "5", "d", "x", "s", "q"], arguments: ["--store", "memory"], in: folder.url)
        let run = try AppProcess.run([], arguments: ["reports", "--store", "memory"], in: folder.url)
        #expect(run.output.contains("No crash reports yet."))
        #expect(!FileManager.default.fileExists(atPath: folder.fileURL("data").path))
    }

    @Test func anUnknownStoreInTheEnvironmentIsAConfigurationError() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let run = try AppProcess.run([], arguments: ["reports"], in: folder.url, environment: ["CRASH_ASSISTANT_STORE": "floppy"])
        #expect(run.status == 78)
        #expect(run.errors.contains("CRASH_ASSISTANT_STORE=floppy is not a store"))
    }

    @Test func anUnknownStoreOptionIsAUsageError() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let run = try AppProcess.run([], arguments: ["--store", "floppy"], in: folder.url)
        #expect(run.status == 64)
        #expect(run.errors.contains("floppy"))
    }
}
