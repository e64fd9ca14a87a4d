import Domain
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import ServerCore
import ServerPages
import Testing
import TestSupport
import WireAPI
import ServerTestSupport

/// The other driver's link and form, without a browser: who may make a link, what the page shows and keeps from the
/// driver, the form's CSRF value, refusals per field, one answer, expiry, sizes.
@Suite("The other driver's link")
struct StatementLinkRouteTests {
    static let formType = HandlerPagesRouteTests.formType

    /// Stores the user's draft (vehicle A filled) and returns it.
    static func storeDraft(_ client: any TestClientProtocol, token: String, crashID: String = "CR-23456789") async throws -> CrashReport {
        var report = try makeDraft(crashID: crashID)
        var statement = AccidentStatement()
        try statement.vehicleA.set(.plate, to: "SECRET-1")
        try statement.vehicleA.set(.policyholderName, to: "Jane Driver")
        try report.setStatement(statement)
        let put = try await client.execute(uri: "/v1/reports/\(report.id)", method: .put, headers: .json(token), body: try Wire.body(Components.Schemas.Report(report)))
        #expect(put.status == .created)
        return try Wire.report(put.body)
    }

    static func link(_ client: any TestClientProtocol, report: ReportID, token: String) async throws -> (TestResponse, String?) {
        let made = try await client.execute(uri: "/v1/reports/\(report)/statement-link", method: .post, headers: .bearer(token))
        guard made.status == .created else { return (made, nil) }
        let link = try Wire.decode(Components.Schemas.StatementLink.self, made.body)
        return (made, link.url)
    }

    static func path(of url: String) -> String { String(url.dropFirst("https://claims.example.com".count)) }

    /// Posts the form with `csrf` in the cookie and `sent` (by default the same) in the form.
    static func post(
        _ client: any TestClientProtocol, _ path: String, csrf: String?, sending sent: String? = nil, _ fields: [(String, String)]
    ) async throws -> TestResponse {
        var headers = formType
        if let csrf { headers[.cookie] = "\(StatementPages.formCookie)=\(csrf)" }
        let value = sent ?? csrf
        return try await client.execute(uri: path, method: .post, headers: headers, body: HandlerPagesRouteTests.form((value.map { [("csrf", $0)] } ?? []) + fields))
    }

    @Test("A link is made for the user's own draft only, on the public address, for a day")
    func makingALink() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let bob = try await harness.add("bob")
        let handler = try await harness.add("hana", kind: .handler)
        try await harness.withClient { client in
            let report = try await Self.storeDraft(client, token: ann)
            let (made, url) = try await Self.link(client, report: report.id, token: ann)
            #expect(made.status == .created)
            let link = try #require(url)
            #expect(link.hasPrefix("https://claims.example.com/s/"))
            #expect(StatementSharing.isWellFormed(String(link.dropFirst("https://claims.example.com/s/".count))))
            let expires = try Wire.decode(Components.Schemas.StatementLink.self, made.body).expiresAt
            #expect(abs(expires.timeIntervalSinceNow - 24 * 3_600) < 60)
            // Each call a new link.
            #expect(try await Self.link(client, report: report.id, token: ann).1 != link)
            // Another user's report, a handler's token, no token.
            let (other, _) = try await Self.link(client, report: report.id, token: bob)
            #expect(other.status == .notFound)
            #expect(try Wire.problem(other.body)._type.hasSuffix("/problems/report-not-found"))
            #expect(try await Self.link(client, report: report.id, token: handler).0.status == .unauthorized)
            #expect(try await client.execute(uri: "/v1/reports/\(report.id)/statement-link", method: .post).status == .unauthorized)
        }
    }

    @Test("The page shows the crash's time and place only; a form without its value, or with a refused field, keeps nothing; one answer becomes vehicle B at the next revision; then the link is used")
    func fillingTheForm() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        try await harness.withClient { client in
            let report = try await Self.storeDraft(client, token: ann)
            let path = Self.path(of: try #require(try await Self.link(client, report: report.id, token: ann).1))

            let page = try await client.execute(uri: path, method: .get)
            #expect(page.status == .ok)
            let html = String(buffer: page.body)
            #expect(html.contains("Crash on "))
            #expect(!html.contains("SECRET-1") && !html.contains("Jane Driver"))
            #expect(!html.contains("<script"))
            #expect(page.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true)
            #expect(page.headers[.cacheControl] == "no-store")
            let cookie = try #require(page.headers[values: .setCookie].first { $0.hasPrefix(StatementPages.formCookie + "=") })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/s") && cookie.contains("Secure"))
            let csrf = try #require(HandlerPagesRouteTests.csrf(in: page))

            let fields = [("policyholderName", "Hans <b>Müller</b>"), ("plate", "m-ab 1234"), ("c3", "1"), ("impactPoint", "rear-left"),
                          ("remarks", "Line one\r\nLine two"), ("driverDateOfBirth", "1990-06-12"), ("ownDamageCovered", "no")]
            // Without the form's value (posted from elsewhere): refused, the typed values shown again, nothing kept.
            let forged = try await Self.post(client, path, csrf: nil, fields)
            #expect(forged.status == .forbidden)
            #expect(String(buffer: forged.body).contains("Hans &lt;b&gt;Müller&lt;/b&gt;"))
            // A refused field: the form again with the rule by it.
            let refused = try await Self.post(client, path, csrf: csrf, fields + [("policyholderPhone", "06 30 123")])
            #expect(refused.status == .badRequest)
            #expect(String(buffer: refused.body).contains("aria-invalid=\"true\" aria-describedby=\"policyholderPhone-error\""))
            let wrongCSRF = try await Self.post(client, path, csrf: csrf, sending: String(repeating: "0", count: 64), fields)
            #expect(wrongCSRF.status == .forbidden)
            let unchanged = try Wire.report(try await client.execute(uri: "/v1/reports/\(report.id)", method: .get, headers: .bearer(ann)).body)
            #expect(unchanged.revision == report.revision)

            // A form larger than every field at its longest.
            let huge = try await Self.post(client, path, csrf: csrf, [("remarks", String(repeating: "x", count: 70_000))])
            #expect(huge.status == .contentTooLarge)

            let sent = try await Self.post(client, path, csrf: csrf, fields)
            #expect(sent.status == .ok)
            let review = String(buffer: sent.body)
            #expect(review.contains("Your part is sent"))
            // The review shows the whole front side: the driver's column too, now.
            #expect(review.contains("Review and sign the accident statement") && review.contains("SECRET-1") && review.contains("Jane Driver"))
            let stored = try Wire.report(try await client.execute(uri: "/v1/reports/\(report.id)", method: .get, headers: .bearer(ann)).body)
            #expect(stored.revision == report.revision + 1)
            #expect(stored.statement.vehicleB[.policyholderName] == "Hans <b>Müller</b>")
            #expect(stored.statement.vehicleB[.plate] == "M-AB 1234")
            #expect(stored.statement.vehicleB[.ownDamageCovered] == "no")
            #expect(stored.statement.vehicleB.circumstances == [.parking])
            #expect(stored.statement.vehicleB.remarks == "Line one\nLine two")
            #expect(stored.statement.vehicleB.enteredByOtherDriverAt != nil)
            #expect(stored.statement.vehicleA == report.statement.vehicleA)

            // One answer only: the form again is refused with the review.
            let twice = try await Self.post(client, path, csrf: csrf, fields)
            #expect(twice.status == .conflict)
            #expect(String(buffer: twice.body).contains("Review and sign the accident statement"))
            let again = try await client.execute(uri: path, method: .get)
            #expect(again.status == .ok)
            #expect(String(buffer: again.body).contains("Review and sign the accident statement"))
            let after = try Wire.report(try await client.execute(uri: "/v1/reports/\(report.id)", method: .get, headers: .bearer(ann)).body)
            #expect(after.revision == stored.revision)

            // A new link is for whoever gets it next: its form shows nothing of the answer sent before.
            let next = try await client.execute(uri: Self.path(of: try #require(try await Self.link(client, report: report.id, token: ann).1)), method: .get)
            #expect(next.status == .ok)
            let empty = String(buffer: next.body)
            #expect(!empty.contains("Müller") && !empty.contains("1990-06-12") && !empty.contains("Line one"))
            #expect(!empty.contains("type=\"checkbox\" id=\"c3\" name=\"c3\" value=\"1\" checked"))
            #expect(empty.contains("type=\"checkbox\" id=\"c3\" name=\"c3\" value=\"1\">"))
        }
    }

    /// The driver's draft stored, a link made to it, and its form opened: the form's path, page and CSRF value.
    static func openForm(_ client: any TestClientProtocol, token: String) async throws -> (path: String, page: TestResponse, csrf: String) {
        let report = try await storeDraft(client, token: token)
        let path = Self.path(of: try #require(try await link(client, report: report.id, token: token).1))
        let page = try await client.execute(uri: path, method: .get)
        return (path, page, try #require(HandlerPagesRouteTests.csrf(in: page)))
    }

    @Test("A refused yes-or-no or point of impact is said as the page asks it, with buttons, not as the terminal does")
    func refusalsInThePagesWords() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        try await harness.withClient { client in
            let (path, _, csrf) = try await Self.openForm(client, token: ann)
            let refused = try await Self.post(client, path, csrf: csrf, [("ownDamageCovered", "maybe"), ("impactPoint", "wing-mirror")])
            #expect(refused.status == .badRequest)
            let html = String(buffer: refused.body)
            #expect(html.contains("Choose Yes, No or Not known."))
            #expect(html.contains("Choose one of the points of impact shown, or Not known."))
            #expect(!html.contains("type y or n"))
        }
    }

    @Test("The form's fields carry autocomplete tokens their element takes: an address on one line is address-line1")
    func autocompleteTokens() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        try await harness.withClient { client in
            let page = String(buffer: try await Self.openForm(client, token: ann).page.body)
            for name in ["policyholderAddress", "driverAddress"] {
                #expect(page.contains("<input id=\"\(name)\" name=\"\(name)\" type=\"text\" value=\"\" autocomplete=\"address-line1\""))
            }
            // `street-address` is for a text area only, and none of the form's text areas is an address.
            #expect(!page.contains("street-address"))
        }
    }

    @Test("An expired link, a made-up or malformed token, and a link to a report completed since are refused with a page")
    func closedLinks() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        try await harness.withClient { client in
            let report = try await Self.storeDraft(client, token: ann)
            let owner = try #require(try await harness.store.account(for: TokenDigest(token: ann))).id
            let token = StatementSharing.newToken()
            try await harness.store.addStatementLink(StatementLink(
                digest: TokenDigest(token: token), report: report.id, owner: owner, createdAt: Date(timeIntervalSinceNow: -90_000),
                expiresAt: Date(timeIntervalSinceNow: -3_600), usedAt: nil
            ), keeping: 5)
            let expired = try await client.execute(uri: "/s/\(token)", method: .get)
            #expect(expired.status == .gone)
            #expect(String(buffer: expired.body).contains("This link has expired"))
            #expect(try await Self.post(client, "/s/\(token)", csrf: "x", []).status == .gone)
            for made in [StatementSharing.newToken(), "short", String(repeating: "%", count: 43), "<script>"] {
                let page = try await client.execute(uri: "/s/\(made.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")", method: .get)
                #expect(page.status == .notFound, "\(made)")
            }
            // Completed before the other driver answered.
            let path = Self.path(of: try #require(try await Self.link(client, report: report.id, token: ann).1))
            #expect(try await client.execute(uri: "/v1/reports/\(report.id)/submit", method: .post, headers: .bearer(ann)).status == .ok)
            let completed = try await client.execute(uri: path, method: .get)
            #expect(completed.status == .conflict)
            #expect(String(buffer: completed.body).contains("The statement can no longer change"))
            #expect(try await Self.link(client, report: report.id, token: ann).0.status == .conflict)
        }
    }
}
