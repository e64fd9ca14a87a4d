import Foundation
import Testing
import TestSupport

/// The whole path from a detected crash to the insurer's claim, with real parts on 127.0.0.1: the server, Kannel with
/// its fake SMS centre as the phone network, the app in a pipe, a webhook receiver checking signatures with the
/// Standard Webhooks library, and a claims handler in headless Chromium.
@Suite("From a detected crash to a claim", .serialized, .ownThreads)
struct CrashToClaimEndToEndTests {
    static let secret = "whsec_" + Data((0..<32).map { UInt8($0 * 11 % 251) }).base64EncodedString()

    @Test("Crash event → SMS at the SMS centre → the app opens its link → photo, create, sync → the claims system is told → the handler acknowledges on the page → the driver's sync shows the claim number → the handler records the claim's next steps: texted, told, synced")
    func fromCrashToClaim() throws {
        let directory = TemporaryDirectory("crash-to-claim")
        let gateway = try KannelGateway()
        defer { gateway.stop() }
        let receiver = try WebhookReceiver(secret: Self.secret, failFirst: 0)
        defer { receiver.stop() }
        let port = try LoopbackPort.free()
        let metricsPort = try LoopbackPort.free()
        let server = try ServerProcess(port: port, arguments: [
            "--sms-url", gateway.smsURL() + "&report-url=http://127.0.0.1:\(port)",
            "--webhook-url", receiver.url, "--webhook-secret", Self.secret, "--metrics-port", String(metricsPort),
        ])
        defer { _ = try? server.stop() }
        let ann = try server.addUser("ann")
        let detector = try server.addDetector("acme")
        let handler = try server.add("hana", kind: "handler")

        // The car detects the crash; the driver's phone gets one SMS with the link.
        let event = """
            {"user":"ann","eventId":"evt-claim","detectedAt":"\(ISO8601DateFormatter().string(from: Date().addingTimeInterval(-60)))",
             "position":{"latitude":47.4979,"longitude":19.0402,"accuracyMeters":8,"trusted":true},
             "speedKmh":48,"deltaVKmh":22,"airbagsDeployed":true,"rollover":false,"test":false}
            """
        _ = try Curl.run(["-s", "-X", "POST", "-H", "Authorization: Bearer \(detector)", "-H", "Content-Type: application/json",
                          "-H", "Idempotency-Key: evt-claim", "-d", event, "http://127.0.0.1:\(port)/v1/crash-events"])
        let messages = try gateway.waitForMessages(1)
        #expect(messages.count == 1)
        #expect(messages.first?.to == ServerProcess.testPhone)
        let text = try #require(messages.first?.text)
        let link = try #require(text.split(whereSeparator: \.isWhitespace).first { $0.contains("/c/CA-") }.map(String.init), "\(text)")
        let crashID = try #require(link.split(separator: "/").last.map(String.init))

        // The driver opens it, adds a photo of the other driver's licence, creates the report and syncs.
        let options = SyncEndToEndTests.serverOptions(port: port, token: ann, in: directory)
        let opened = try AppProcess.run([
            "", "2", "add 1 \(Fixtures.url("photo-64x48.jpg").path)", "note Red hatchback, driver apologised", "d", "c", "y", "b", "q",
        ], arguments: ["open", link] + options, in: directory.url)
        #expect(opened.status == 0, "\(opened.errors)")
        #expect(opened.output.contains("Collect Crash Info — crash ID \(crashID)"), "\(opened.output)")
        #expect(opened.output.contains("created"), "\(opened.output)")
        let sync = try AppProcess.run([], arguments: ["sync"] + options, in: directory.url)
        #expect(sync.status == 0, "\(sync.output) \(sync.errors)")

        // The claims system hears of it at once — the report went before its photo — and again, signed both times,
        // when the photo and the PDF are in, with each to download.
        let deliveries = try receiver.waitFor(2)
        #expect(deliveries.count == 2)
        #expect(deliveries.allSatisfy { $0["verified"] as? Bool == true })
        let first = try #require((deliveries.first?["body"] as? [String: Any])?["data"] as? [String: Any])
        #expect(first["crashId"] as? String == crashID)
        #expect((deliveries.first?["id"] as? String)?.hasPrefix("fnol_") == true)
        // Whatever had arrived when it went, the notice names the photo and the PDF, held or on their way.
        #expect(((first["documents"] as? [Any])?.count ?? 0) + ((first["pending"] as? [Any])?.count ?? 0) == 2)
        #expect((deliveries.last?["id"] as? String)?.hasPrefix("docs_") == true)
        let data = try #require((deliveries.last?["body"] as? [String: Any])?["data"] as? [String: Any])
        #expect((data["documents"] as? [[String: Any]])?.count == 2)
        let pdfURL = try #require((data["documents"] as? [[String: Any]])?.first { $0["kind"] as? String == "crash-report" }?["url"] as? String)
        let pdf = try Curl.run(["-s", "-o", "/dev/null", "-w", "%{http_code} %{content_type}", "-H", "Authorization: Bearer \(handler)", pdfURL])
        #expect(pdf == "200 application/pdf", "\(pdfURL)")

        // The handler acknowledges it on the page.
        let page = try BrowserScript.run("acknowledge.py", ["http://127.0.0.1:\(port)", handler, crashID, "2026-04417", "We will call you today."])
        #expect(page.status == 0, "\(page.output)")

        // The driver's next sync says the claim number.
        let next = try AppProcess.run([], arguments: ["sync"] + options, in: directory.url)
        #expect(next.status == 0, "\(next.errors)")
        #expect(next.output.contains("Your insurer received \(crashID) — claim 2026-04417."), "\(next.output)")

        // The handler records two steps on the page: the driver is texted of both, the claims system told of both
        // (signed, each valid against its schema), and the driver's next sync shows both.
        let smsBefore = try gateway.waitForMessages(1).count
        let steps = try BrowserScript.run("claim_status.py", ["http://127.0.0.1:\(port)", handler, crashID])
        #expect(steps.status == 0, "\(steps.output)")
        // (A text with letters beyond GSM's goes as UCS-2, 70 characters a part: the SMS centre sees each part.)
        var texted = ""
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, !(texted.contains("Éva Kiss handles your claim") && texted.contains("Fő utca 2, Győr.")) {
            texted = try gateway.waitForMessages(smsBefore).dropFirst(smsBefore).map(\.text).joined()
            Thread.sleep(forTimeInterval: 0.2)
        }
        #expect(texted.contains("Claim 2026-04417 (\(crashID)): Éva Kiss handles your claim; phone +36 1 234 5678."), "\(texted)")
        #expect(texted.contains("Claim 2026-04417 (\(crashID)): Your vehicle is at Autó Kft., Fő utca 2, Győr."), "\(texted)")
        #expect(try gateway.waitForMessages(smsBefore).dropFirst(smsBefore).allSatisfy { $0.to == ServerProcess.testPhone })
        let all = try receiver.waitFor(6)
        let told = all.filter { ($0["id"] as? String)?.hasPrefix("status_") == true }
        #expect(told.count == 2 && told.allSatisfy { $0["verified"] as? Bool == true && $0["tamperedVerified"] as? Bool == false })
        for event in told {
            let body = try #require(event["body"] as? [String: Any])
            #expect(body["type"] as? String == "claim.status_changed")
            let checked = try WireSchemaCheck.check(body, as: "ClaimStatusChanged")
            #expect(checked == "valid", "\(checked)")
        }
        let kinds = told.compactMap { (($0["body"] as? [String: Any])?["data"] as? [String: Any]).flatMap { ($0["step"] as? [String: Any])?["status"] as? String } }
        #expect(kinds == ["assigned", "vehicle-at"])
        let later = try AppProcess.run([], arguments: ["sync"] + options, in: directory.url)
        #expect(later.output.contains("Your claim for \(crashID): Assigned to Éva Kiss, phone +36 1 234 5678. Your insurer wrote: “Call me after 9.”"), "\(later.output)")
        #expect(later.output.contains("Your claim for \(crashID): Vehicle at Autó Kft., Fő utca 2, Győr."), "\(later.output)")
        let list = try AppProcess.run([], arguments: ["reports", "--database", directory.file("reports.sqlite")], in: directory.url)
        #expect(list.output.contains("claim 2026-04417"), "\(list.output)")

        // What an operator saw of it: the crash event, its SMS delivered, the PDFs drawn, the six events (the first
        // notice, every document in, the acknowledgement, the PDF's new version naming the claim number, two status steps) delivered at the first try,
        // nothing waiting — in an exposition Prometheus's linter passes.
        Thread.sleep(forTimeInterval: 1.2)
        let scrape = try MetricsScrape.take(port: metricsPort)
        #expect(scrape.value("crash_assistant_crash_events_total", ["outcome": "new"]) == 1)
        #expect(scrape.value("crash_assistant_sms_delivered_seconds_count") == 3)
        for type in ["claim.first_notice_of_loss", "claim.documents_complete", "claim.acknowledged", "claim.document_version_added"] {
            #expect(scrape.value("crash_assistant_webhook_deliveries_total", ["event": type, "outcome": "delivered"]) == 1, "\(type)")
        }
        #expect(scrape.value("crash_assistant_jobs_given_up_kept", ["kind": "webhook"]) == 0)
        #expect(scrape.value("crash_assistant_webhook_deliveries_total", ["event": "claim.status_changed", "outcome": "delivered"]) == 2)
        #expect(scrape.value("crash_assistant_webhook_delivery_duration_seconds_count") == 6)
        #expect(scrape.value("crash_assistant_job_attempts_total", ["kind": "webhook", "outcome": "done"]) == 6)
        #expect((scrape.value("crash_assistant_render_duration_seconds_count") ?? 0) >= 1)
        #expect(scrape.value("crash_assistant_jobs_waiting", ["kind": "webhook"]) == 0)
        #expect(scrape.value("crash_assistant_uploads_open") == 0)
        #expect(scrape.value("crash_assistant_ready") == 1)
        #expect(scrape.value("crash_assistant_health_check_passing", ["check": "claims-system"]) == 1)
        try scrape.checkWithPromtool()
    }
}
