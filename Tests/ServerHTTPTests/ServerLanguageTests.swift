import Domain
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import ServerCore
import Testing
import TestSupport
import WireAPI
import Wording
import ServerTestSupport

/// The driver's language on the server: the PDF of their report in the language it was started in, else their
/// account's; a detected crash texted in their account's language, counted in the alphabet it needs.
@Suite("The driver's language on the server", .ownThreads)
struct ServerLanguageTests {
    /// Submits a draft (with `language`, if given) and returns its PDF's text, white space folded.
    static func submittedPDFText(
        _ client: any TestClientProtocol, token: String, crashID: String, language: String?
    ) async throws -> String {
        var draft = try makeDraft(crashID: crashID)
        if let language {
            draft = CrashReport(crashID: draft.crashID, createdAt: draft.createdAt, language: try LanguageTag(parsing: language))
            try draft.toggleInjury(.myself)
        }
        let uri = "/v1/reports/\(draft.id)"
        let stored = try await client.execute(uri: uri, method: .put, headers: .json(token), body: try Wire.body(Components.Schemas.Report(draft)))
        #expect(stored.status == .ok || stored.status == .created)
        #expect(try Wire.report(stored.body).language?.rawValue == language)
        let submitted = try await client.execute(uri: uri + "/submit", method: .post, headers: .bearer(token))
        #expect(submitted.status == .ok)
        let pdf = try await client.execute(uri: uri + "/report.pdf", method: .get, headers: .bearer(token))
        #expect(pdf.status == .ok)
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        return try tools.text(try tools.write(Data(buffer: pdf.body))).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test("A report's PDF is in the language it was started in, else its owner's, else English")
    func documentLanguage() async throws {
        let harness = try ServerHarness()
        let greta = try await harness.add("greta")
        _ = try await harness.store.setLanguage(try LanguageTag(parsing: "de"), forUserNamed: "greta")
        let ann = try await harness.add("ann")
        let german = Languages.shipped.words("de"), polish = Languages.shipped.words("pl")
        try await harness.withClient { client in
            // No language on the report: the account's.
            let inGerman = try await Self.submittedPDFText(client, token: greta, crashID: "CR-23456782", language: nil)
            #expect(inGerman.contains(german("Crash report")), "\(inGerman)")
            #expect(inGerman.contains(StatementWords(german).injury(.myself)))
            #expect(!inGerman.contains("Who was injured"))
            // The report's own language wins.
            let inPolish = try await Self.submittedPDFText(client, token: greta, crashID: "CR-23456783", language: "pl")
            #expect(inPolish.contains(polish("Crash report")) && inPolish.contains(StatementWords(polish).injury(.myself)), "\(inPolish)")
            // A language the server has no catalog for, and no account language: English.
            let inEnglish = try await Self.submittedPDFText(client, token: ann, crashID: "CR-23456784", language: "sv")
            #expect(inEnglish.contains("Who was injured") && inEnglish.contains("Page 1 of"), "\(inEnglish)")
        }
    }

    @Test("A wire report with a language that is no language is refused, naming the field")
    func badLanguageRefused() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let draft = try makeDraft()
        var changed = Components.Schemas.Report(draft)
        changed.language = "deutsch"
        let wire = changed
        try await harness.withClient { client in
            let refused = try await client.execute(uri: "/v1/reports/\(draft.id)", method: .put, headers: .json(ann), body: try Wire.body(wire))
            #expect(refused.status == .badRequest || refused.status == .unprocessableContent)
            #expect(String(buffer: refused.body).contains("language"))
        }
    }

    @Test("A detected crash is texted in the user's language, in UCS-2 when its letters need it, and its draft records the language")
    func crashEventInTheUsersLanguage() async throws {
        let harness = try ServerHarness()
        let detector = try await harness.add("detector-1", kind: .detector)
        let user = try await harness.add("anna", phone: "+36 30 123 4567")
        _ = try await harness.store.setLanguage(try LanguageTag(parsing: "hu"), forUserNamed: "anna")
        let event = ServerRouterTests.event(user: "anna", eventID: "evt-hu")
        try await harness.withClient { client in
            var headers = HTTPFields.json(detector)
            headers[.idempotencyKey] = "evt-hu"
            let posted = try await client.execute(uri: "/v1/crash-events", method: .post, headers: headers, body: try Wire.body(event))
            #expect(posted.status == .created)
            let receipt = try Wire.decode(Components.Schemas.CrashEventReceipt.self, posted.body)
            await harness.doJobs()
            let text = try #require(await harness.sms.sent.first?.text)
            let hungarian = Languages.shipped.words("hu")
            let expected = hungarian("Crash detected {time} at {position} ({crashID}). Your claim: {link}", [
                "time": SMSText.time(event.detectedAt, offsetMinutes: 60, words: hungarian), "position": "47.4979,19.0402",
                "crashID": receipt.crashId, "link": receipt.webLink,
            ])
            #expect(text.hasPrefix(expected), "\(text)")
            #expect(!text.contains("Crash detected") && text.contains("nov."))
            #expect(SMSText.plan(for: text).coding == (text.unicodeScalars.allSatisfy { $0.isASCII } ? .gsm7 : SMSText.plan(for: text).coding))
            let list = try await client.execute(uri: "/v1/reports", method: .get, headers: .bearer(user))
            let report = try #require(try Wire.decode(Components.Schemas.ReportList.self, list.body).reports.first)
            #expect(report.language == "hu")
        }
    }

    @Test("A crash notice counts its parts in the alphabet its words need: German fits GSM 7-bit, Polish needs UCS-2")
    func noticeAlphabets() throws {
        let detection = try CrashDetection(
            detectedAt: Date(timeIntervalSince1970: 1_795_000_000), position: Coordinate(latitude: 47.4979, longitude: 19.0402),
            accuracyMeters: 8, positionTrusted: true, headingDegrees: nil, speedKmh: nil, deltaVKmh: nil,
            airbagsDeployed: false, rollover: false, isTest: false
        )
        func notice(_ code: String) -> String {
            SMSText.crashNotice(
                crashID: .stub("CA-ABCDEFGHJK"), detection: detection, utcOffsetMinutes: 60,
                webLink: "https://claims.example.com/c/CA-ABCDEFGHJK", appLink: "crashassistant://crash/CA-ABCDEFGHJK",
                words: Languages.shipped.words(code)
            )
        }
        let english = notice("en"), polish = notice("pl")
        #expect(english.hasPrefix("Crash detected 18 Nov 12:06 at 47.4979,19.0402 (CA-ABCDEFGHJK)."))
        #expect(SMSText.plan(for: english).coding == .gsm7 && SMSText.plan(for: english).parts == 1)
        #expect(!polish.contains("Crash detected") && polish.contains("CA-ABCDEFGHJK") && polish.contains("https://claims.example.com/c/CA-ABCDEFGHJK"))
        // Each language's notice is counted in its own alphabet; the app link goes only when it still fits one part.
        for code in Languages.shipped.codes {
            let text = notice(code)
            let plan = SMSText.plan(for: text)
            let needsUCS2 = text.unicodeScalars.contains { SMSText.plan(for: String($0)).coding == .ucs2 }
            #expect(plan.coding == (needsUCS2 ? .ucs2 : .gsm7), "\(code)")
            #expect(plan.units == (needsUCS2 ? text.utf16.count : plan.units), "\(code)")
            if text.contains("crashassistant://") { #expect(plan.parts == 1, "\(code): \(text)") }
            #expect(text.contains("https://claims.example.com/c/CA-ABCDEFGHJK") && plan.parts <= 3, "\(code): \(plan) \(text)")
        }
    }
}
