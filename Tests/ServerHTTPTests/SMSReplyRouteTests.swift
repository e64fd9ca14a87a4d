import Domain
import Foundation
import Hummingbird
import HummingbirdTesting
import ServerCore
import ServerPages
import ServerTestSupport
import Testing
import TestSupport
import WireAPI

@Suite("SMS replies from the gateway")
struct SMSReplyRouteTests {
    static let key = "test-reply-key-0123456789abcdef"
    static let phone = "+36301234567"

    /// A crash event for ann, sent by the detector; its receipt.
    static func crash(_ client: any TestClientProtocol, detector: String, eventID: String) async throws -> Components.Schemas.CrashEventReceipt {
        var headers = HTTPFields.json(detector)
        headers[.idempotencyKey] = eventID
        let answer = try await client.execute(
            uri: "/v1/crash-events", method: .post, headers: headers, body: try Wire.body(ServerRouterTests.event(user: "ann", eventID: eventID))
        )
        #expect(answer.status == .created)
        return try Wire.decode(Components.Schemas.CrashEventReceipt.self, answer.body)
    }

    /// `GET /v1/sms/replies` with these query fields, percent-encoded.
    static func reply(_ client: any TestClientProtocol, _ fields: [(String, String)]) async throws -> TestResponse {
        let query = fields.map { name, value in
            name + "=" + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        }.joined(separator: "&")
        return try await client.execute(uri: "/v1/sms/replies?" + query, method: .get)
    }

    @Test("Without a key configured, or with a wrong one, replies are refused 401 and nothing is read; bad fields are named")
    func refused() async throws {
        let off = try ServerHarness()
        try await off.withClient { client in
            let answer = try await Self.reply(client, [("key", Self.key), ("from", Self.phone), ("text", "HELP")])
            #expect(answer.status == .unauthorized)
            #expect(try Wire.problem(answer.body).detail.contains("--sms-reply-key"))
        }
        let harness = try ServerHarness(smsReplyKey: Self.key)
        try await harness.withClient { client in
            let wrong = try await Self.reply(client, [("key", Self.key + "x"), ("from", Self.phone), ("text", "HELP")])
            #expect(wrong.status == .unauthorized)
            #expect(try Wire.problem(wrong.body).detail.contains("not this server's SMS reply key"))
            let none = try await Self.reply(client, [("from", Self.phone), ("text", "HELP")])
            #expect(none.status == .badRequest && String(buffer: none.body).contains("key"))
            let noSender = try await Self.reply(client, [("key", Self.key), ("text", "HELP")])
            #expect(noSender.status == .badRequest && String(buffer: noSender.body).contains("from"))
            let badSender = try await Self.reply(client, [("key", Self.key), ("from", "CrashAsst"), ("text", "HELP")])
            #expect(badSender.status == .badRequest && String(buffer: badSender.body).contains("not a phone number"))
            let noText = try await Self.reply(client, [("key", Self.key), ("from", Self.phone)])
            #expect(noText.status == .badRequest && String(buffer: noText.body).contains("text"))
            let twice = try await client.execute(uri: "/v1/sms/replies?key=\(Self.key)&from=%2B36301234567&text=a&text=b", method: .get)
            #expect(twice.status == .badRequest && String(buffer: twice.body).contains("given twice"))
            let broken = try await client.execute(uri: "/v1/sms/replies?key=\(Self.key)&from=%2B36301234567&text=%G1", method: .get)
            #expect(broken.status == .badRequest && String(buffer: broken.body).contains("%-escape"))
            let notUTF8 = try await client.execute(uri: "/v1/sms/replies?key=\(Self.key)&from=%2B36301234567&text=%FF%FE", method: .get)
            #expect(notUTF8.status == .badRequest && String(buffer: notUTF8.body).contains("coding=%c"))
            let odd = try await client.execute(uri: "/v1/sms/replies?key=\(Self.key)&from=%2B36301234567&text=%00H%00&coding=2&charset=UTF-16BE", method: .get)
            #expect(odd.status == .badRequest && String(buffer: odd.body).contains("odd number"))
            let future = try await Self.reply(client, [("key", Self.key), ("from", Self.phone), ("text", "OK"), ("at", String(Int(Date().timeIntervalSince1970) + 3_600))])
            #expect(future.status == .badRequest && String(buffer: future.body).contains("at, when the SMS centre"))
            let notTime = try await Self.reply(client, [("key", Self.key), ("from", Self.phone), ("text", "OK"), ("at", "2026-11-29 14:00")])
            #expect(notTime.status == .badRequest && String(buffer: notTime.body).contains("at, when the SMS centre"))
            let huge = try await Self.reply(client, [("key", Self.key), ("from", Self.phone), ("text", String(repeating: "€", count: 6_000))])
            #expect(huge.status == .badRequest)
            let long = try await Self.reply(client, [("key", Self.key), ("from", Self.phone), ("text", String(repeating: "a", count: 1_601))])
            #expect(long.status == .badRequest && String(buffer: long.body).contains("longer than 1600 characters"))
            let longest = try await Self.reply(client, [("key", Self.key), ("from", "4915112345678"), ("text", String(repeating: "a", count: 1_600))])
            #expect(longest.status == .noContent)
            // A number no crash SMS went to: answered, not kept.
            let stranger = try await Self.reply(client, [("key", Self.key), ("from", "4915112345678"), ("text", "HELP")])
            #expect(stranger.status == .noContent)
            #expect(try await harness.store.recentReplies(.help, since: .distantPast, limit: 10).isEmpty)
        }
    }

    @Test("A reply in UCS-2 is read, tied to the driver's newest crash, cleaned of hidden characters, answered in the driver's language and listed first on the desk")
    func keptAnsweredAndShown() async throws {
        let harness = try ServerHarness(smsReplyKey: Self.key)
        let detector = try await harness.add("car-maker", kind: .detector)
        _ = try await harness.add("ann", phone: Self.phone)
        _ = try await harness.store.setLanguage(try LanguageTag(parsing: "pl"), forUserNamed: "ann")
        let handler = try await harness.add("hana", kind: .handler)
        try await harness.withClient { client in
            _ = try await Self.crash(client, detector: detector, eventID: "e-1")
            let receipt = try await Self.crash(client, detector: detector, eventID: "e-2")
            await harness.doJobs()
            // "Pomocy, złamana noga" with a right-to-left override hidden in it, as UTF-16BE bytes from Kannel.
            let words = "Pomocy,\u{202E} złamana noga"
            let bytes = words.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xff)] }.map { String(format: "%%%02X", $0) }.joined()
            let answer = try await client.execute(
                uri: "/v1/sms/replies?key=\(Self.key)&from=%2B36301234567&text=\(bytes)&id=gw-1&at=1795000000&coding=2&charset=UTF-16BE", method: .get
            )
            #expect(answer.status == .noContent)
            let kept = try #require(try await harness.store.recentReplies(.help, since: .distantPast, limit: 10).first)
            #expect(kept.text == "Pomocy, złamana noga" && kept.crash.crashID.rawValue == receipt.crashId && kept.gatewayID == "gw-1")
            #expect(kept.sentAt == Date(timeIntervalSince1970: 1_795_000_000))
            await harness.doJobs()
            let confirmation = try #require(await harness.sms.sent.last)
            #expect(confirmation.recipient.e164 == Self.phone && confirmation.text.contains(receipt.crashId) && confirmation.text.contains("112"))
            #expect(confirmation.text.contains("ubezpieczyciel"), "in Polish: \(confirmation.text)")

            // Hostile words are shown as text.
            let hostile = try await Self.reply(client, [("key", Self.key), ("from", Self.phone), ("text", "HELP <script>alert(1)</script>"), ("id", "gw-2")])
            #expect(hostile.status == .noContent)
            let (session, _) = try await HandlerPagesRouteTests.signIn(client, token: handler)
            var headers = HTTPFields()
            headers[.cookie] = "\(HandlerPages.sessionCookie)=\(try #require(session))"
            let list = String(buffer: try await client.execute(uri: "/handler/claims", method: .get, headers: headers).body)
            #expect(list.contains("Drivers who asked for help by SMS") && list.contains(receipt.crashId) && list.contains("Pomocy, złamana noga"))
            #expect(list.contains("tel:+36301234567") && list.contains("No report submitted yet"))
            #expect(!list.contains("\u{202E}"))
            #expect(!list.contains("<script>alert") && list.contains("HELP &lt;script&gt;alert(1)&lt;/script&gt;"), "escaped")
            #expect(list.contains("No submitted reports here yet."), "an empty list says so")
        }
    }

    @Test("STOP stops the next crash's SMS, and the STOP's own confirmation still goes; START lets them go again")
    func stopAndStart() async throws {
        let harness = try ServerHarness(smsReplyKey: Self.key)
        let detector = try await harness.add("car-maker", kind: .detector)
        _ = try await harness.add("ann", phone: Self.phone)
        try await harness.withClient { client in
            _ = try await Self.crash(client, detector: detector, eventID: "e-1")
            await harness.doJobs()
            #expect(try await Self.reply(client, [("key", Self.key), ("from", Self.phone), ("text", "Stop")]).status == .noContent)
            await harness.doJobs()
            #expect(await harness.sms.sent.count == 2)
            #expect(await harness.sms.sent.last?.text.contains("no more SMS") == true)
            let stopped = try await Self.crash(client, detector: detector, eventID: "e-2")
            await harness.doJobs()
            #expect(await harness.sms.sent.count == 2)
            let withheld = try await harness.store.smsMessages(crashID: try CrashID(validating: stopped.crashId))
            #expect(withheld.map(\.state) == [.failed] && withheld.first?.detail?.contains("replied STOP") == true)
            // The STOP came from the first crash's SMS; START answers the newest crash, whose SMS was withheld.
            #expect(try await Self.reply(client, [("key", Self.key), ("from", Self.phone), ("text", "START")]).status == .noContent)
            await harness.doJobs()
            #expect(await harness.sms.sent.last?.text.contains("again") == true)
            let again = try await Self.crash(client, detector: detector, eventID: "e-3")
            await harness.doJobs()
            #expect(await harness.sms.sent.last?.text.contains(again.crashId) == true)
        }
    }
}
