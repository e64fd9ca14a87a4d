import Foundation
import Testing
import TestSupport

/// Two windows of the app on one database, each in a real terminal (a tmux server of its own): what one stores, the
/// other shows at its next key — a note is never replaced unasked, and a draft discarded in one closes in the other.
@Suite("Two windows on one database (tmux)", .serialized, .ownThreads)
struct TwoWindowsTerminalTests {
    static let tmuxPath = Tmux.path

    /// Starts the app on `database` in a terminal of its own.
    private static func window(_ name: String, database: String, folder: TemporaryDirectory) throws -> Tmux {
        let tmux = Tmux(socket: "\(name)-\(UUID().uuidString.prefix(8))")
        let command = "cd '\(folder.path)' && LANG=C.UTF-8 TZ=Europe/Budapest '\(AppProcess.binary.path)' --database '\(database)'; echo \"exit status $?\"; sleep 30"
        try tmux.run(["new-session", "-d", "-x", "150", "-y", "50", "-s", "app", command])
        _ = try tmux.wait(for: "Quit")
        return tmux
    }

    @Test(.enabled(if: tmuxPath != nil, "tmux is not installed (make deps installs it)"))
    func aNoteIsNeverReplacedUnaskedAndADiscardClosesTheOtherWindow() throws {
        let folder = TemporaryDirectory("two-windows")
        let database = folder.file("reports.sqlite")
        let one = try Self.window("one", database: database, folder: folder)
        defer { _ = try? one.run(["kill-server"]) }

        // Window 1 starts a report and enters something, so it is stored; then opens the other driver's page.
        try one.type("1")
        _ = try one.wait(for: "Press Enter to continue.")
        try one.type("")
        _ = try one.wait(for: "Who was injured")
        try one.type("1")
        try one.type("1")
        _ = try one.wait(for: "[x]")
        try one.type("d")
        _ = try one.wait(for: "[✓]")
        try one.type("2")
        _ = try one.wait(for: "note <text>")

        // Window 2 opens the same draft from the list and sets the note.
        let two = try Self.window("two", database: database, folder: folder)
        defer { _ = try? two.run(["kill-server"]) }
        try two.type("2")
        _ = try two.wait(for: "1. CR-")
        // The draft reopens where it was left: the other driver's page, where window 1 is.
        try two.type("1")
        _ = try two.wait(for: "note <text>")
        try two.type("note Window TWO note")
        _ = try two.wait(for: "Note saved.")

        // Window 1, still showing no note, types its own: it is shown the other window's and asked.
        try one.type("note Window ONE note")
        let asked = try one.wait(for: "Replace the note")
        #expect(asked.contains("This report was changed in another window"), "\(asked)")
        #expect(asked.contains("Replace the note “Window TWO note” with “Window ONE note”?"), "\(asked)")
        // Something that is not an answer is asked again, and run as nothing.
        try one.type("maybe")
        _ = try one.wait(for: "“maybe” is not an answer to the question")
        try one.type("y")
        _ = try one.wait(for: "Note saved.")
        // Window 2 shows window 1's note at its next key.
        try two.type("")
        _ = try two.wait(for: "Window ONE note")

        // Window 2 discards the draft; window 1, on the other driver's page, is brought back to the list at its next
        // key, told why — not trapped on a report that is gone.
        try two.type("d")
        _ = try two.wait(for: "Create crash report")
        try two.type("x")
        _ = try two.wait(for: "Discard")
        try two.type("d")
        _ = try two.wait(for: "The crash report was discarded.")
        try one.type("d")
        let back = try one.wait(for: "was discarded in another window, so it is closed here.")
        #expect(back.contains("No crash reports") || back.contains("View crash reports") || back.contains("b  "), "\(back)")
        try one.type("b")
        _ = try one.wait(for: "Quit")
        try one.type("q")
        _ = try one.wait(for: "exit status 0")
    }

    @Test("A sync in another terminal brings the insurer's claim number: the open Crash report screen shows it at its next key", .enabled(if: tmuxPath != nil, "tmux is not installed (make deps installs it)"))
    func aClaimNumberSyncedElsewhereShowsAtTheNextKey() throws {
        let folder = TemporaryDirectory("two-windows-claim")
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let ann = try server.addUser("ann")
        let handler = try server.add("hana", kind: "handler")
        let options = SyncEndToEndTests.serverOptions(port: server.port, token: ann, in: folder)
        // A report created and sent to the server.
        let created = try AppProcess.run(["1", "", "1", "1", "d", "c", "y", "b", "q"], arguments: options, in: folder.url)
        #expect(created.status == 0, "\(created.errors)")
        #expect(try AppProcess.run([], arguments: ["sync"] + options, in: folder.url).status == 0)
        let claims = try Curl.run(["-s", "-H", "Authorization: Bearer \(handler)", "http://127.0.0.1:\(server.port)/v1/claims"])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(claims.utf8)) as? [String: Any], "\(claims)")
        let claimID = try #require((list["claims"] as? [[String: Any]])?.first?["id"] as? String, "\(claims)")

        // Window 1 shows the report's Crash report screen.
        let window = Tmux(socket: "claim-\(UUID().uuidString.prefix(8))")
        let command = "cd '\(folder.path)' && LANG=C.UTF-8 '\(AppProcess.binary.path)' " + options.map { "'\($0)'" }.joined(separator: " ")
            + "; echo \"exit status $?\"; sleep 30"
        try window.run(["new-session", "-d", "-x", "150", "-y", "50", "-s", "app", command])
        defer { _ = try? window.run(["kill-server"]) }
        _ = try window.wait(for: "Quit")
        try window.type("2")
        _ = try window.wait(for: "1. CA-")
        try window.type("1")
        _ = try window.wait(for: "Share crash report")

        // The insurer acknowledges; a sync in another terminal brings the claim number into the same database.
        let acknowledged = try Curl.run([
            "-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "PUT", "-H", "Authorization: Bearer \(handler)",
            "-H", "Content-Type: application/json", "-d", #"{"claimNumber":"2026-55555","message":""}"#,
            "http://127.0.0.1:\(server.port)/v1/claims/\(claimID)/acknowledgement",
        ])
        #expect(acknowledged == "200")
        let synced = try AppProcess.run([], arguments: ["sync"] + options, in: folder.url)
        #expect(synced.output.contains("claim 2026-55555") || synced.status == 0, "\(synced.output)")

        // Window 1's next key shows it.
        try window.type("h")
        _ = try window.wait(for: "2026-55555")
    }
}
