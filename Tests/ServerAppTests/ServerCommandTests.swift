import Foundation
import Testing
import TestSupport
import ServerTestSupport

/// The administration commands of the real server binary: what they refuse, with which status, and what they leave on
/// disk.
@Suite("Server commands", .ownThreads)
struct ServerCommandTests {
    @Test("`sms list` over a data folder no server has run with ends 66 naming the folder, and creates nothing")
    func readingAMissingDataFolderCreatesNothing() throws {
        let scratch = TemporaryDirectory("server-commands")
        let missing = scratch.url.appendingPathComponent("never-served")
        let given = try ServerProcess.run(["sms", "list", "--data", missing.path])
        #expect(given.status == 66, "\(given.errors)")
        #expect(given.errors.contains(missing.path) && given.errors.contains("--data") && given.errors.contains("--database-url"), "\(given.errors)")
        #expect(given.output.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: missing.path))

        // The default folder, under XDG_DATA_HOME.
        let home = scratch.url.appendingPathComponent("xdg")
        let byDefault = try ServerProcess.run(["sms", "list", "--json"], environment: ["XDG_DATA_HOME": home.path])
        #expect(byDefault.status == 66, "\(byDefault.errors)")
        #expect(byDefault.errors.contains(home.path + "/crash-assistant-server"), "\(byDefault.errors)")
        #expect(!FileManager.default.fileExists(atPath: home.path))

        // A folder that is there but holds no database (only a signing key, say) is left as it was.
        let empty = scratch.url.appendingPathComponent("keys-only")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let bare = try ServerProcess.run(["sms", "list", "--crash", "CA-23456789AB", "--data", empty.path])
        #expect(bare.status == 66, "\(bare.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty.path).isEmpty)

        // A command that writes makes the folder; then the list reads it.
        #expect(try ServerProcess.run(["user", "add", "ann", "--data", missing.path]).status == 0)
        let listed = try ServerProcess.run(["sms", "list", "--data", missing.path])
        #expect(listed.status == 0, "\(listed.errors)")
        #expect(listed.errors == "No SMS yet.\n")
    }

    @Test("`sms list` with --database-url reads PostgreSQL and needs no data folder, nor makes one")
    func readingPostgreSQLCreatesNoDataFolder() async throws {
        let database = ServerPostgresLiveTests.url(try await PostgresProcess.shared().createDatabase())
        let scratch = TemporaryDirectory("server-commands")
        let missing = scratch.url.appendingPathComponent("never-served")
        let listed = try ServerProcess.run(["sms", "list", "--data", missing.path, "--database-url", database])
        #expect(listed.status == 0, "\(listed.errors)")
        // After the notice that a new database's layout was made.
        #expect(listed.errors.hasSuffix("No SMS yet.\n"), "\(listed.errors)")
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }

    @Test("Adding a user, detector or handler under a name that is taken ends 64 saying so", arguments: ["user", "detector", "handler"])
    func aTakenNameIsAUsageError(_ kind: String) throws {
        let scratch = TemporaryDirectory("server-commands")
        let folder = scratch.url.appendingPathComponent("data")
        #expect(try ServerProcess.run([kind, "add", "ann", "--data", folder.path]).status == 0)
        let again = try ServerProcess.run([kind, "add", "ann", "--data", folder.path])
        #expect(again.status == 64, "\(again.errors)")
        #expect(again.output.isEmpty)
        #expect(again.errors == "Error: A \(kind) named “ann” exists already. Choose another name.\n")
    }
}
