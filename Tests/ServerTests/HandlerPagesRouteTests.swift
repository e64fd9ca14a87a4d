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

/// The handlers' pages' rules that need no browser: who may sign in, what a form without its CSRF value does, the
/// security headers, a revoked token, sizes.
@Suite("The handlers' pages")
struct HandlerPagesRouteTests {
    /// The value of `name` in the response's `Set-Cookie` headers.
    static func setCookie(_ name: String, in response: TestResponse) -> String? {
        for header in response.headers[values: .setCookie] where header.hasPrefix(name + "=") {
            return String(header.dropFirst(name.count + 1).prefix { $0 != ";" })
        }
        return nil
    }

    static func form(_ fields: [(String, String)]) -> ByteBuffer {
        ByteBuffer(string: fields.map { name, value in
            name + "=" + (value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        }.joined(separator: "&"))
    }

    static let formType: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    /// Signs in with the token; returns the session cookie (nil when refused) and the last answer.
    static func signIn(_ client: any TestClientProtocol, token: String) async throws -> (String?, TestResponse) {
        let page = try await client.execute(uri: "/handler/sign-in", method: .get)
        let csrf = try #require(setCookie(HandlerPages.signInCookie, in: page))
        var headers = formType
        headers[.cookie] = "\(HandlerPages.signInCookie)=\(csrf)"
        let answer = try await client.execute(uri: "/handler/sign-in", method: .post, headers: headers, body: form([("csrf", csrf), ("token", token)]))
        return (setCookie(HandlerPages.sessionCookie, in: answer), answer)
    }

    static func csrf(in page: TestResponse) -> String? {
        String(buffer: page.body).firstMatch(of: /name="csrf" value="([0-9a-f]{64})"/).map { String($0.1) }
    }

    @Test("Only a handler's token signs in; the cookie is HttpOnly and SameSite=Strict; every page has a strict security policy")
    func signingIn() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let handler = try await harness.add("hana", kind: .handler)
        try await harness.withClient { client in
            let (none, refused) = try await Self.signIn(client, token: ann)
            #expect(none == nil)
            #expect(refused.status == .unauthorized)
            #expect(String(buffer: refused.body).contains("That token is a user&#39;s; these pages need a claims handler&#39;s token."))

            // A sign-in posted without the form's own value (from another site) is refused.
            let forged = try await client.execute(uri: "/handler/sign-in", method: .post, headers: Self.formType, body: Self.form([("token", handler)]))
            #expect(forged.status == .forbidden)
            #expect(Self.setCookie(HandlerPages.sessionCookie, in: forged) == nil)

            let (session, answer) = try await Self.signIn(client, token: handler)
            #expect(answer.status == .seeOther)
            #expect(answer.headers[.location] == "/handler/claims")
            let cookie = try #require(answer.headers[values: .setCookie].first { $0.hasPrefix(HandlerPages.sessionCookie) })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/handler"))
            // The server's address is https://, so the cookie goes over TLS only (the browser test's plain http:// gets none).
            #expect(cookie.contains("; Secure"))
            let list = try await client.execute(uri: "/handler/claims", method: .get, headers: [.cookie: "\(HandlerPages.sessionCookie)=\(try #require(session))"])
            #expect(list.status == .ok)
            let policy = try #require(list.headers[.contentSecurityPolicy])
            #expect(policy.contains("default-src 'none'") && policy.contains("frame-ancestors 'none'") && policy.contains("form-action 'self'"))
            #expect(list.headers[.xContentTypeOptions] == "nosniff")
            #expect(list.headers[.cacheControl] == "no-store")
            #expect(!String(buffer: list.body).contains("<script"))
            // A bearer token does not open the pages; neither does a made-up cookie.
            #expect(try await client.execute(uri: "/handler/claims", method: .get, headers: .bearer(handler)).headers[.location] == "/handler/sign-in")
            #expect(try await client.execute(uri: "/handler/claims", method: .get, headers: [.cookie: "\(HandlerPages.sessionCookie)=ca_made-up"]).status == .seeOther)
        }
    }

    @Test("A form without the session's CSRF value changes nothing; a revoked token ends the session; bad ids and big forms are pages saying so")
    func formsAndSessions() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let handler = try await harness.add("hana", kind: .handler)
        try await harness.withClient { client in
            let (report, claim, _) = try await ServerClaimRouteTests.submitted(client, ann: ann, handler: handler)
            let (session, _) = try await Self.signIn(client, token: handler)
            let cookie: HTTPFields = [.cookie: "\(HandlerPages.sessionCookie)=\(try #require(session))"]
            let page = try await client.execute(uri: "/handler/claims/\(claim.id)", method: .get, headers: cookie)
            #expect(page.status == .ok)
            let csrf = try #require(Self.csrf(in: page))
            var post = cookie
            post[.contentType] = "application/x-www-form-urlencoded"

            let forged = try await client.execute(
                uri: "/handler/claims/\(claim.id)/acknowledge", method: .post, headers: post, body: Self.form([("claimNumber", "EVIL-1")])
            )
            #expect(forged.status == .badRequest || forged.status == .forbidden)
            #expect(String(buffer: forged.body).contains("nothing was saved"))
            let wrong = try await client.execute(
                uri: "/handler/claims/\(claim.id)/acknowledge", method: .post, headers: post,
                body: Self.form([("csrf", String(repeating: "0", count: 64)), ("claimNumber", "EVIL-2")])
            )
            #expect(String(buffer: wrong.body).contains("nothing was saved"))
            let claimID = try #require(ClaimID(text: claim.id))
            #expect(try await harness.store.claim(claimID)?.report.acknowledgement == nil)
            #expect(try await harness.store.claim(claimID)?.report.id == report.id)

            // With it, a message typed in a browser (CR LF line breaks) is kept with line feeds.
            let done = try await client.execute(
                uri: "/handler/claims/\(claim.id)/acknowledge", method: .post, headers: post,
                body: Self.form([("csrf", csrf), ("claimNumber", " 2026-04417 "), ("message", "Call us.\r\nKeep the photos.")])
            )
            #expect(done.status == .seeOther)
            let stored = try await harness.services.claims.claim(claimID)
            #expect(stored.report.acknowledgement?.claimNumber == "2026-04417")
            #expect(stored.report.acknowledgement?.message == "Call us.\nKeep the photos.")

            let big = try await client.execute(
                uri: "/handler/claims/\(claim.id)/acknowledge", method: .post, headers: post,
                body: Self.form([("csrf", csrf), ("claimNumber", "1"), ("message", String(repeating: "a", count: 20_000))])
            )
            #expect(big.status == .contentTooLarge)
            let unknown = try await client.execute(uri: "/handler/claims/\(UUID())", method: .get, headers: cookie)
            #expect(unknown.status == .notFound)
            #expect(String(buffer: unknown.body).contains("No submitted report has the claim id"))
            #expect(unknown.headers[.contentType]?.hasPrefix("text/html") == true)

            // The handler's token revoked: the session ends with it.
            _ = try await harness.store.replaceToken(name: "hana", kind: .handler, with: nil)
            #expect(try await client.execute(uri: "/handler/claims", method: .get, headers: cookie).headers[.location] == "/handler/sign-in")
        }
    }

    @Test("A claim's photo and PDF on the pages are not kept by the browser, and a photo carries the pages' security policy")
    func filesOnThePagesAreNotCached() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let handler = try await harness.add("hana", kind: .handler)
        try await harness.withClient { client in
            let (_, claim, jpeg) = try await ServerClaimRouteTests.submitted(client, ann: ann, handler: handler)
            let (session, _) = try await Self.signIn(client, token: handler)
            let cookie: HTTPFields = [.cookie: "\(HandlerPages.sessionCookie)=\(try #require(session))"]
            let photo = try await client.execute(uri: "/handler/claims/\(claim.id)/photos/\(Wire.sha256(jpeg))", method: .get, headers: cookie)
            #expect(photo.status == .ok)
            #expect(Data(buffer: photo.body) == jpeg)
            #expect(photo.headers[.cacheControl] == "no-store")
            #expect(photo.headers[.contentSecurityPolicy]?.contains("default-src 'none'") == true)
            #expect(photo.headers[.xContentTypeOptions] == "nosniff")
            let pdf = try await client.execute(uri: "/handler/claims/\(claim.id)/report.pdf", method: .get, headers: cookie)
            #expect(pdf.status == .ok)
            #expect(pdf.headers[.cacheControl] == "no-store")
            #expect(pdf.headers[.xContentTypeOptions] == "nosniff")
        }
    }

    @Test("The report's page shows the accident statement with A and B side by side, every value escaped")
    func theStatementOnTheReportPage() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let handler = try await harness.add("hana", kind: .handler)
        var built = try AccidentStatement.full()
        try built.vehicleB.set(.makeAndModel, to: "Golf <script>alert(1)</script>")
        let statement = built
        try await harness.withClient { client in
            let (_, claim, _) = try await ServerClaimRouteTests.submitted(client, ann: ann, handler: handler, statement: statement)
            let (session, _) = try await Self.signIn(client, token: handler)
            let page = try await client.execute(
                uri: "/handler/claims/\(claim.id)", method: .get, headers: [.cookie: "\(HandlerPages.sessionCookie)=\(try #require(session))"]
            )
            let html = String(buffer: page.body)
            #expect(html.contains("<h2>European Accident Statement</h2>"))
            #expect(html.contains("<th scope=\"col\">Vehicle A</th><th scope=\"col\">Vehicle B</th>"))
            #expect(html.contains("<th scope=\"row\">Registration plate</th><td class=\"text\">ABC 123</td><td class=\"text\">M-AB 1234</td>"))
            #expect(html.contains("Golf &lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(!html.contains("<script"))
            #expect(html.contains("Vehicle B was entered by the other driver on their own phone"))
            // Changed on the driver's side after the other driver sent it: said, with what.
            #expect(html.contains("changed by the driver after the other driver sent it: “Make and model”"))
            #expect(html.contains("15. Signatures"))
            #expect(html.contains("Not signed by both drivers: this statement is not agreed."))
        }
    }
}
