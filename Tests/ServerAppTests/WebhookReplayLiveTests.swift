import Domain
import Foundation
import Testing
import TestSupport
import ServerTestSupport

/// The claims system down past the time a notice is tried: its deliveries are listed given up, shown on the claim's
/// page, and sent again once each with `webhook replay --since`, to a receiver that checks every signature.
@Suite("Webhook deliveries replayed", .serialized, .ownThreads)
struct WebhookReplayLiveTests {
    /// Runs `webhook …` against the server's data folder.
    static func webhook(_ arguments: [String], _ server: ServerProcess) throws -> (output: String, errors: String, status: Int32) {
        try ServerProcess.run(["webhook"] + arguments + ["--data", server.dataFolder.path])
    }

    static func rows(_ output: String) -> [[String: Any]] {
        output.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test("A receiver down for a while: webhook list shows the notices given up, the desk says so, and webhook replay --since delivers each once, signed, with its id")
    func downThenReplayed() throws {
        let receiver = try WebhookReceiver(secret: ServerWebhookLiveTests.secret, failFirst: 0)
        defer { receiver.stop() }
        try receiver.setDown(true)
        let metricsPort = try LoopbackPort.free()
        let server = try ServerProcess(arguments: [
            "--webhook-url", receiver.url, "--webhook-secret", ServerWebhookLiveTests.secret, "--give-up-after", "5", "--longest-retry-pause", "1",
            "--metrics-port", String(metricsPort),
        ])
        defer { _ = try? server.stop() }
        let ann = try server.add("ann")
        let handler = try server.add("hana", kind: "handler")
        let first = try ServerWebhookLiveTests.submitReport(server, token: ann, note: "first")
        let second = try ServerWebhookLiveTests.submitReport(server, token: ann, note: "second")

        // Each report's notice and documents event fail for 5 s and are given up.
        var given: [[String: Any]] = []
        let deadline = Date().addingTimeInterval(40)
        while Date() < deadline {
            given = Self.rows(try Self.webhook(["list", "--failed", "--json"], server).output).filter { $0["state"] as? String == "given-up" }
            if given.count == 4 { break }
            Thread.sleep(forTimeInterval: 0.5)
        }
        #expect(given.count == 4, "\(given)")
        #expect(Set(given.compactMap { $0["type"] as? String }) == ["claim.first_notice_of_loss", "claim.documents_complete"])
        #expect(given.allSatisfy { ($0["lastError"] as? String)?.contains("503") == true && ($0["attempts"] as? Int ?? 0) >= 1 })
        let ids = Set(given.compactMap { $0["webhookId"] as? String })
        #expect(ids.count == 4 && ids.allSatisfy { $0.hasPrefix("fnol_") || $0.hasPrefix("docs_") })
        let refused = receiver.deliveries()
        #expect(!refused.isEmpty && refused.allSatisfy { $0["status"] as? Int == 503 })
        #expect(Set(refused.compactMap { $0["id"] as? String }) == ids)
        let downScrape = try MetricsScrape.take(port: metricsPort)
        #expect(downScrape.value("crash_assistant_jobs_given_up_kept", ["kind": "webhook"]) == 4)
        #expect((downScrape.value("crash_assistant_webhook_deliveries_total", ["event": "claim.documents_complete", "outcome": "failed"]) ?? 0) >= 2)
        let plain = try Self.webhook(["list"], server)
        #expect(plain.status == 0 && plain.output.components(separatedBy: "given-up").count == 5, "\(plain.output)")

        // The handler's page says both of the first report's events were given up, and how to send them again.
        let page = try BrowserScript.run("deliveries.py", [server.url, handler, first.crashID.rawValue, "given-up", "2"])
        #expect(page.status == 0, "\(page.output)")
        #expect(page.output.contains("ok: each says the command that sends it again"), "\(page.output)")

        // Nothing is sent again before an operator asks; then each once, in each report's order.
        Thread.sleep(forTimeInterval: 2)
        #expect(receiver.deliveries().count == refused.count)
        try receiver.setDown(false)
        let replayed = try Self.webhook(["replay", "--since", "10m"], server)
        #expect(replayed.status == 0, "\(replayed.errors)")
        #expect(replayed.errors.contains("Queued again: 4."), "\(replayed.errors)")
        let all = try receiver.waitFor(refused.count + 4)
        Thread.sleep(forTimeInterval: 2.5)
        let taken = Array(receiver.deliveries().dropFirst(refused.count))
        #expect(taken.count == 4)
        #expect(taken.allSatisfy { $0["status"] as? Int == 200 && $0["verified"] as? Bool == true && $0["tamperedVerified"] as? Bool == false })
        #expect(Set(taken.compactMap { $0["id"] as? String }) == ids && all.count >= refused.count + 4)
        for report in [first, second] {
            let order = taken.filter { (($0["body"] as? [String: Any])?["data"] as? [String: Any])?["reportId"] as? String == report.id.description }
                .compactMap { ($0["body"] as? [String: Any])?["type"] as? String }
            #expect(order == ["claim.first_notice_of_loss", "claim.documents_complete"], "report \(report.id): \(order)")
        }

        // Replayed again: nothing given up is left, nothing is sent.
        let again = try Self.webhook(["replay", "--since", "10m"], server)
        #expect(again.status == 0 && again.errors.contains("nothing to send again"), "\(again.errors)")
        let delivered = Self.rows(try Self.webhook(["list", "--json"], server).output)
        #expect(delivered.count == 4 && delivered.allSatisfy { $0["state"] as? String == "delivered" && $0["replayedAt"] is String })
        #expect(Self.rows(try Self.webhook(["list", "--failed", "--json"], server).output).isEmpty)
        let upScrape = try MetricsScrape.take(port: metricsPort)
        #expect(upScrape.value("crash_assistant_jobs_given_up_kept", ["kind": "webhook"]) == 0)
        #expect(upScrape.value("crash_assistant_webhook_deliveries_total", ["event": "claim.first_notice_of_loss", "outcome": "delivered"]) == 2)
        let shown = try BrowserScript.run("deliveries.py", [server.url, handler, second.crashID.rawValue, "delivered", "2"])
        #expect(shown.status == 0, "\(shown.output)")

        // One delivered notice sent again by its number: once more, with the same id.
        let notice = try #require(delivered.first { $0["type"] as? String == "claim.first_notice_of_loss" })
        let number = try #require(notice["id"] as? Int)
        let one = try Self.webhook(["replay", String(number)], server)
        #expect(one.status == 0 && one.errors.contains("Queued again: \(notice["webhookId"] as? String ?? "?")"), "\(one.errors)")
        let last = try #require(try receiver.waitFor(refused.count + 5).last)
        #expect(last["id"] as? String == notice["webhookId"] as? String && last["status"] as? Int == 200)
        Thread.sleep(forTimeInterval: 1.5)
        #expect(receiver.deliveries().count == refused.count + 5)

    }

    @Test("webhook list and replay read and write PostgreSQL with --database-url, and make no data folder")
    func postgreSQL() async throws {
        let database = ServerPostgresLiveTests.url(try await PostgresProcess.shared().createDatabase())
        let scratch = TemporaryDirectory("webhook-commands")
        let missing = scratch.url.appendingPathComponent("never-served")
        let listed = try ServerProcess.run(["webhook", "list", "--since", "1d", "--data", missing.path, "--database-url", database])
        #expect(listed.status == 0 && listed.errors.hasSuffix("No deliveries since 1d to the claims system are kept.\n"), "\(listed.errors)")
        let replayed = try ServerProcess.run(["webhook", "replay", "--since", "2026-11-01T00:00:00Z", "--data", missing.path, "--database-url", database])
        #expect(replayed.status == 0 && replayed.errors.contains("nothing to send again"), "\(replayed.errors)")
        let one = try ServerProcess.run(["webhook", "replay", "7", "--data", missing.path, "--database-url", database])
        #expect(one.status == 66 && one.errors.contains("No delivery numbered 7"), "\(one.errors)")
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }

    @Test("webhook list and replay refuse what they cannot take, naming it")
    func badInput() throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let none = try Self.webhook(["replay"], server)
        #expect(none.status == 64 && none.errors.contains("Give a delivery's number"), "\(none.errors)")
        let both = try Self.webhook(["replay", "3", "--since", "1h"], server)
        #expect(both.status == 64 && both.errors.contains("not both"), "\(both.errors)")
        let badTime = try Self.webhook(["list", "--since", "yesterday"], server)
        #expect(badTime.status == 64 && badTime.errors.contains("“yesterday” is not a time"), "\(badTime.errors)")
        let missing = try Self.webhook(["replay", "99999"], server)
        #expect(missing.status == 66 && missing.errors.contains("No delivery numbered 99999"), "\(missing.errors)")
        let empty = try Self.webhook(["list", "--failed"], server)
        #expect(empty.status == 0 && empty.errors.contains("No failed deliveries"), "\(empty.errors)")
        let limit = try Self.webhook(["list", "--limit", "0"], server)
        #expect(limit.status == 64 && limit.errors.contains("--limit must be from 1"), "\(limit.errors)")
    }
}
