import Foundation
import Testing
import TestSupport
import ServerTestSupport

/// The drivers' SMS replies through a real Kannel gateway: a phone (Kannel's fake SMS centre) answers a crash's SMS,
/// smsbox hands the reply to the server binary (an sms-service's get-url), and the server acts on it, answers by SMS,
/// shows it on the handlers' desk and tells a claims system that checks every signature.
@Suite("SMS replies through Kannel", .serialized, .ownThreads)
struct SMSRepliesLiveTests {
    static let key = "reply-key-" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
    static let phone = ServerProcess.testPhone

    /// The replies the claims system got so far, verified, as their `data`.
    static func replies(_ receiver: WebhookReceiver) -> [[String: Any]] {
        receiver.deliveries().filter { (($0["body"] as? [String: Any])?["type"] as? String) == "crash.reply" }
            .compactMap { ($0["body"] as? [String: Any])?["data"] as? [String: Any] }
    }

    static func waitForReplies(_ count: Int, _ receiver: WebhookReceiver) throws -> [[String: Any]] {
        for _ in 0..<300 {
            let found = replies(receiver)
            if found.count >= count { return found }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw ServerProcess.Failure(description: "the claims system got \(replies(receiver).count) replies, not \(count)")
    }

    @Test("HILFE makes the crash urgent on the desk and reaches the claims system; FALSE ALARM removes the untouched draft; STOP stops the next crash SMS until the number is set again")
    func repliesThroughKannel() throws {
        let receiver = try WebhookReceiver(secret: ServerWebhookLiveTests.secret, failFirst: 0)
        defer { receiver.stop() }
        let port = try LoopbackPort.free()
        let metricsPort = try LoopbackPort.free()
        let gateway = try KannelGateway(
            replyURL: "http://127.0.0.1:\(port)/v1/sms/replies?key=\(Self.key)&from=%p&text=%a&at=%T&id=%I&coding=%c&charset=%C"
        )
        defer { gateway.stop() }
        let server = try ServerProcess(port: port, arguments: [
            "--public-url", "https://claims.example.com", "--sms-url", gateway.smsURL() + "&report-url=http://127.0.0.1:\(port)",
            "--webhook-url", receiver.url, "--webhook-secret", ServerWebhookLiveTests.secret, "--metrics-port", String(metricsPort),
        ], environment: ["CRASH_ASSISTANT_SMS_REPLY_KEY": Self.key])
        defer { _ = try? server.stop() }
        #expect(server.output.contains("drivers' SMS replies are taken at /v1/sms/replies"))
        let annToken = try server.add("ann")
        #expect(try ServerProcess.run(["user", "set-language", "ann", "de", "--data", server.dataFolder.path]).status == 0)
        let handler = try server.add("hana", kind: "handler")
        let detector = try server.add("detector-1", kind: "detector")

        // A crash, its SMS, and the driver's call for help, in German from the same phone.
        let first = try ServerSMSGatewayLiveTests.postEvent(server, detector: detector, eventID: "evt-1").receipt
        #expect(try gateway.waitForMessages(1).last?.to == Self.phone)
        try gateway.sendFromPhone("HILFE, mein Bein tut weh", from: Self.phone)
        let help = try #require(try Self.waitForReplies(1, receiver).first)
        #expect(help["crashId"] as? String == first.crashId && help["keyword"] as? String == "help" && help["text"] as? String == "HILFE, mein Bein tut weh")
        #expect(help["from"] as? String == Self.phone && help["claim"] == nil && help["draftRemoved"] as? Bool == false)
        #expect(((help["policyholder"] as? [String: Any])?["account"] as? String) == "ann")
        #expect(help["sentAt"] is String && help["receivedAt"] is String, "the SMS centre's time is kept beside the server's")
        let helpDelivery = try #require(receiver.deliveries().last)
        #expect(helpDelivery["verified"] as? Bool == true && helpDelivery["tamperedVerified"] as? Bool == false)
        #expect(helpDelivery["id"] as? String == "reply_\(help["replyId"] as? String ?? "?")")
        #expect(try WireSchemaCheck.check(try #require(helpDelivery["body"]), as: "CrashReply") == "valid")
        let confirmation = try gateway.waitForMessages(2)[1]
        #expect(confirmation.to == Self.phone && confirmation.text.contains(first.crashId) && confirmation.text.contains("112"), "\(confirmation)")
        #expect(confirmation.text != SMSConfirmations.englishHelp(first.crashId), "answered in the driver's language: \(confirmation.text)")
        let shown = try BrowserScript.run("help_calls.py", [server.url, handler, first.crashId, "HILFE, mein Bein tut weh"])
        #expect(shown.status == 0, "\(shown.output)")

        // Sent again by the gateway (the same message id): kept once, answered once.
        let repeated = try LoopbackConnection.request(
            port: port, "GET", "/v1/sms/replies?key=\(Self.key)&from=%2B36301234567&text=HILFE&id=same-1"
        )
        #expect(repeated.status == 204)
        #expect(try LoopbackConnection.request(port: port, "GET", "/v1/sms/replies?key=\(Self.key)&from=%2B36301234567&text=HILFE&id=same-1").status == 204)

        // A second crash, never touched: FALSE ALARM removes its draft, says so, and the crash's page says so too.
        let second = try ServerSMSGatewayLiveTests.postEvent(server, detector: detector, eventID: "evt-2").receipt
        let beforeFalse = try gateway.waitForMessages(3).count
        try gateway.sendFromPhone("FALSE ALARM", from: Self.phone)
        let falseAlarm = try #require(try Self.waitForReplies(3, receiver).last)
        #expect(falseAlarm["crashId"] as? String == second.crashId && falseAlarm["keyword"] as? String == "false-alarm")
        #expect(falseAlarm["draftRemoved"] as? Bool == true && falseAlarm["falseAlarm"] as? Bool == true)
        let removedNotice = try gateway.waitForMessages(beforeFalse + 1)[beforeFalse]
        #expect(removedNotice.text.contains(second.crashId) && removedNotice.to == Self.phone, "\(removedNotice)")
        let landing = try LoopbackConnection.request(port: port, "GET", "/c/\(second.crashId)", headers: [("Accept-Language", "en")])
        #expect(String(decoding: landing.body, as: UTF8.self).contains("that this was a false alarm"), "\(String(decoding: landing.body, as: UTF8.self).prefix(2_000))")
        let drafts = try LoopbackConnection.request(port: port, "GET", "/v1/reports", token: annToken)
        let listed = String(decoding: drafts.body, as: UTF8.self)
        #expect(drafts.status == 200 && !listed.contains(second.crashId) && listed.contains(first.crashId), "\(listed.prefix(500))")
        // The driver's app learns why at its next sync: the removal is marked as a false alarm.
        let changes = try JSONSerialization.jsonObject(with: try LoopbackConnection.request(port: port, "GET", "/v1/changes", token: annToken).body) as? [String: Any]
        #expect(changes?["falseAlarms"] as? [String] == [second.reportId] && (changes?["deleted"] as? [String])?.contains(second.reportId) == true)

        // STOP: confirmed once, then the next crash's SMS is not sent; the number set again gets SMS again.
        try gateway.sendFromPhone("STOP", from: Self.phone)
        _ = try Self.waitForReplies(4, receiver)
        let stopped = try gateway.waitForMessages(beforeFalse + 2)
        #expect(stopped[beforeFalse + 1].text.contains("START"), "\(stopped[beforeFalse + 1])")
        let third = try ServerSMSGatewayLiveTests.postEvent(server, detector: detector, eventID: "evt-3").receipt
        try ServerSMSGatewayLiveTests.waitForState("failed", server, crashID: third.crashId)
        Thread.sleep(forTimeInterval: 2)
        #expect(gateway.received().count == beforeFalse + 2, "nothing more reached the phone: \(gateway.received().suffix(2))")
        let withheld = try ServerProcess.run(["sms", "list", "--crash", third.crashId, "--data", server.dataFolder.path])
        #expect(withheld.output.contains("replied STOP"), "\(withheld.output)")
        let setAgain = try ServerProcess.run(["user", "set-phone", "ann", Self.phone, "--data", server.dataFolder.path])
        #expect(setAgain.status == 0 && setAgain.errors.contains("gets SMS again"), "\(setAgain.errors)")
        let fourth = try ServerSMSGatewayLiveTests.postEvent(server, detector: detector, eventID: "evt-4").receipt
        let resumed = try gateway.waitForMessages(beforeFalse + 3)
        #expect(resumed.last?.text.contains(fourth.crashId) == true, "\(resumed.last.map { "\($0)" } ?? "none")")

        // Counted by keyword; a call for help is what the alert watches.
        let scrape = try MetricsScrape.take(port: metricsPort)
        #expect(scrape.value("crash_assistant_sms_replies_total", ["keyword": "help", "outcome": "kept"]) == 2)
        #expect(scrape.value("crash_assistant_sms_replies_total", ["keyword": "help", "outcome": "repeated"]) == 1)
        #expect(scrape.value("crash_assistant_sms_replies_total", ["keyword": "false-alarm", "outcome": "kept"]) == 1)
        #expect(scrape.value("crash_assistant_webhook_deliveries_total", ["event": "crash.reply", "outcome": "delivered"]) == 4)
    }
}

/// The English words of a confirmation, to tell a translated one from them.
enum SMSConfirmations {
    static func englishHelp(_ crashID: String) -> String {
        "Your call for help (\(crashID)) was passed to your insurer. If anyone is hurt or in danger, call 112 now."
    }
}
