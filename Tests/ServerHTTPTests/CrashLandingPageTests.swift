import Domain
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ServerCore
import ServerTestSupport
import Testing
import TestSupport
import WireAPI

/// The page a crash SMS's web link opens: what was detected, 112 first, the app link or how far the report has come;
/// in the reader's language, with the pages' headers, answering HEAD; never a token, never the claim's number.
@Suite("The crash page")
struct CrashLandingPageTests {
    @Test("A detected crash's page: when and roughly where, 112 first, the app link, and the report's progress as it goes")
    func aDetectedCrash() async throws {
        let harness = try ServerHarness()
        let detector = try await harness.add("detector-1", kind: .detector)
        let ann = try await harness.add("ann", phone: "+36 30 123 4567")
        let handler = try await harness.add("hana", kind: .handler)
        try await harness.withClient { client in
            let posted = try await ServerRouterTests.postEvent(client, detector: detector, user: "ann", eventID: "evt-1")
            let crashID = try Wire.decode(Components.Schemas.CrashEventReceipt.self, posted.body).crashId
            let uri = "/c/\(crashID)"
            func page(_ language: String = "en") async throws -> (TestResponse, String) {
                let response = try await client.execute(uri: uri, method: .get, headers: [.acceptLanguage: language])
                return (response, String(buffer: response.body))
            }

            let (response, html) = try await page()
            #expect(response.status == .ok)
            #expect(response.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true)
            #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
            #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer")
            #expect(response.headers[.cacheControl] == "no-store")
            // The event's time at its offset (UTC+01:00), the place to two decimals: 47.4979, 19.0402 is 47.50, 19.04.
            #expect(html.contains("Your vehicle detected a crash on 18 Nov 2026, 12:06 (UTC+01:00), near 47.50, 19.04."), "\(html)")
            #expect(!html.contains("47.4979"))
            #expect(html.contains("href=\"tel:112\"") && html.contains("Call the emergency number 112 first."))
            #expect(html.contains("href=\"crashassistant://crash/\(crashID)\""))
            #expect(html.contains("A draft report of this crash is waiting in the Crash Assistant"))
            #expect(!html.contains("--token") && !html.contains("crash-assistant open") && !html.contains("ann"))
            #expect(html.contains("/s/style.css"))

            // HEAD: the same head, no body.
            let head = try await client.execute(uri: uri, method: .head)
            #expect(head.status == .ok && head.body.readableBytes == 0)
            #expect(head.headers[.contentLength] == String(response.body.readableBytes))
            #expect(head.headers[.contentSecurityPolicy] == response.headers[.contentSecurityPolicy])

            // In the reader's language: German from the browser, Polish picked on the page and remembered.
            let (german, germanHTML) = try await page("de-DE,de")
            #expect(german.headers[.contentLanguage] == "de" && germanHTML.contains("<html lang=\"de\""))
            #expect(germanHTML.contains("112"))
            let polish = try await client.execute(uri: uri + "?lang=pl", method: .get, headers: [.acceptLanguage: "de"])
            #expect(polish.headers[.contentLanguage] == "pl")
            #expect(polish.headers[.setCookie]?.contains("Path=\(uri)") == true)

            // Created and submitted: it says the insurer has it; acknowledged: a handler gave it a number, never which.
            let list = try await client.execute(uri: "/v1/reports", method: .get, headers: .bearer(ann))
            var report = try #require(try Wire.decode(Components.Schemas.ReportList.self, list.body).reports.map { try CrashReport(wire: $0) }.first)
            try report.setNote("Rear-ended at the lights")
            try report.complete(at: Date())
            let put = try await client.execute(uri: "/v1/reports/\(report.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(report)))
            #expect(put.status == .ok, "\(String(buffer: put.body))")
            #expect(try await client.execute(uri: "/v1/reports/\(report.id)/submit", method: .post, headers: .bearer(ann)).status == .ok)
            let (_, submitted) = try await page()
            #expect(submitted.contains("Your crash report reached the insurer on"), "\(submitted)")
            let claims = try await client.execute(uri: "/v1/claims", method: .get, headers: .bearer(handler))
            let claim = try #require(try Wire.decode(Components.Schemas.ClaimList.self, claims.body).claims.first)
            let hana = try #require(try await harness.store.account(for: TokenDigest(token: handler)))
            _ = try await harness.services.claims.acknowledge(try #require(ClaimID(text: claim.id)), claimNumber: "2026-04417", message: "", by: hana)
            let (_, acknowledged) = try await page()
            #expect(acknowledged.contains("a claims handler has given it a claim number"), "\(acknowledged)")
            #expect(!acknowledged.contains("2026-04417") && !acknowledged.contains("Rear-ended"))
        }
    }

    @Test("A crash ID the server never issued is 404, a malformed one 400: each a page saying what to do, never a stack or JSON")
    func unknownAndMalformed() async throws {
        let harness = try ServerHarness()
        try await harness.withClient { client in
            for (uri, status) in [("/c/CA-23456789AB", HTTPResponse.Status.notFound), ("/c/not-a-crash", .notFound), ("/c/CA-2345%3Cb%3E", .badRequest), ("/c/" + String(repeating: "A", count: 300), .badRequest)] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == status, "\(uri)")
                #expect(response.headers[.contentType] == "text/html; charset=utf-8", "\(uri)")
                let html = String(buffer: response.body)
                #expect(html.contains("This link names no crash") && html.contains("type the crash ID"), "\(uri): \(html)")
                #expect(!html.contains("<b>"))
                #expect(response.headers[.contentSecurityPolicy] != nil)
            }
        }
    }
}
