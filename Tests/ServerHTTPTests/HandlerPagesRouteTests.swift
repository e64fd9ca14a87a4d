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
import Wording
import ServerTestSupport

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

    /// Signs in with the token, from a browser asking for `language` when one is given; returns the session cookie (nil
    /// when refused) and the last answer.
    static func signIn(_ client: any TestClientProtocol, token: String, language: String? = nil) async throws -> (String?, TestResponse) {
        var asking = HTTPFields()
        if let language { asking[.acceptLanguage] = language }
        let page = try await client.execute(uri: "/handler/sign-in", method: .get, headers: asking)
        let csrf = try #require(setCookie(HandlerPages.signInCookie, in: page))
        var headers = formType
        headers[.cookie] = "\(HandlerPages.signInCookie)=\(csrf)"
        if let language { headers[.acceptLanguage] = language }
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
            _ = try await harness.store.setReferences(InsurerReferences(customer: "CUS-000123", policy: "POL/2026/881"), forUserNamed: "ann")
            let page = try await client.execute(uri: "/handler/claims/\(claim.id)", method: .get, headers: cookie)
            #expect(page.status == .ok)
            // The driver with the insurer's own references, which the handler looks the customer up by.
            #expect(String(buffer: page.body).contains("ann, customer CUS-000123, policy POL/2026/881"))
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
            let (_, claim, _) = try await ServerClaimRouteTests.submitted(client, ann: ann, handler: handler, statement: statement, harness: harness)
            let (session, _) = try await Self.signIn(client, token: handler)
            let page = try await client.execute(
                uri: "/handler/claims/\(claim.id)", method: .get, headers: [.cookie: "\(HandlerPages.sessionCookie)=\(try #require(session))"]
            )
            let html = String(buffer: page.body)
            #expect(html.contains("<h2>European Accident Statement</h2>"))
            #expect(html.contains("<th scope=\"col\">Vehicle A</th><th scope=\"col\">Vehicle B</th>"))
            #expect(html.contains(
                "<th scope=\"row\">Registration plate</th><td class=\"text\" data-column=\"Vehicle A\">ABC 123</td><td class=\"text\" data-column=\"Vehicle B\">M-AB 1234</td>"
            ))
            // The table's corner is an empty cell, not an empty header.
            #expect(html.contains("<thead><tr><td></td><th scope=\"col\">Vehicle A</th>"))
            #expect(html.contains("Golf &lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(!html.contains("<script"))
            #expect(html.contains("Vehicle B was entered by the other driver on their own phone"))
            // Changed on the driver's side after the other driver sent it: said, with what.
            #expect(html.contains("changed by the driver after the other driver sent it: “Make and model”"))
            #expect(html.contains("15. Signatures"))
            #expect(html.contains("Not signed by both drivers: this statement is not agreed."))
        }
    }

    @Test("The handlers' pages follow the browser's language")
    func pagesInTheBrowsersLanguage() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let handler = try await harness.add("hana", kind: .handler)
        let german = Languages.shipped.words("de")
        try await harness.withClient { client in
            let (_, claim, _) = try await ServerClaimRouteTests.submitted(client, ann: ann, handler: handler)
            var browser = HTTPFields()
            browser[.acceptLanguage] = "de-DE,de;q=0.9,en;q=0.5"

            // Signing in, in German; a refusal is said in German too.
            let signInPage = try await client.execute(uri: "/handler/sign-in", method: .get, headers: browser)
            let signInHTML = String(buffer: signInPage.body)
            #expect(signInPage.headers[.contentLanguage] == "de")
            #expect(signInHTML.contains("<html lang=\"de\">"))
            #expect(Self.text(signInHTML).contains(german("Skip to the content")))
            #expect(Self.text(signInHTML).contains(german("Handler token")))
            #expect(Self.untranslated(in: signInHTML) == [], "the sign-in page")
            let (none, refused) = try await Self.signIn(client, token: ann, language: "de-DE")
            #expect(none == nil)
            let refusedHTML = String(buffer: refused.body)
            #expect(refusedHTML.contains("<html lang=\"de\">"))
            #expect(StatementPagesLanguageTests.untranslated(in: refusedHTML) == [], "the refused sign-in")

            let (session, answer) = try await Self.signIn(client, token: handler, language: "de-DE")
            #expect(answer.status == .seeOther)
            var headers = browser
            headers[.cookie] = "\(HandlerPages.sessionCookie)=\(try #require(session))"

            let list = try await client.execute(uri: "/handler/claims", method: .get, headers: headers)
            #expect(list.status == .ok)
            #expect(list.headers[.contentLanguage] == "de")
            #expect(list.headers[.vary]?.contains("Accept-Language") == true)
            let listHTML = String(buffer: list.body)
            #expect(listHTML.contains("<html lang=\"de\">"))
            for message in ["Skip to the content", "When", "Where", "Submitted reports", "Waiting", "Sign out"] {
                #expect(Self.text(listHTML).contains(german(message)), "the list: \(message)")
            }
            #expect(Self.text(listHTML).contains(
                german.plural("Newest submission first, {count} report", "Newest submission first, {count} reports", count: 1)
            ))
            // Who was injured as the report says it to a reader, in German.
            #expect(Self.text(listHTML).contains(StatementWords(german).injury(.myself)))
            // Every language is offered by its own name, for all the handlers' pages.
            #expect(listHTML.contains("href=\"/handler?lang=pl\" hreflang=\"pl\" lang=\"pl\">Polski</a>"))
            #expect(listHTML.contains("hreflang=\"de\" lang=\"de\" aria-current=\"true\">Deutsch</a>"))
            #expect(Self.untranslated(in: listHTML) == [], "the list")

            let page = try await client.execute(uri: "/handler/claims/\(claim.id)", method: .get, headers: headers)
            #expect(page.status == .ok)
            #expect(page.headers[.contentLanguage] == "de")
            let pageHTML = String(buffer: page.body)
            #expect(pageHTML.contains("<html lang=\"de\">"))
            for message in ["Crash report", "When and where", "The PDF the driver shares", "Claim number", "Message to the driver (optional)"] {
                #expect(Self.text(pageHTML).contains(german(message)), "the claim page: \(message)")
            }
            // The report's outline is in German as well.
            #expect(Self.text(pageHTML).contains(StatementWords(german).category(.injuries)))
            #expect(Self.untranslated(in: pageHTML) == [], "the claim page")

            // An acknowledgement refused, and one recorded, are said in German.
            let csrf = try #require(Self.csrf(in: page))
            var post = headers
            post[.contentType] = "application/x-www-form-urlencoded"
            let refusedNumber = try await client.execute(
                uri: "/handler/claims/\(claim.id)/acknowledge", method: .post, headers: post, body: Self.form([("csrf", csrf), ("claimNumber", "")])
            )
            #expect(refusedNumber.status == .badRequest)
            let refusedNumberHTML = String(buffer: refusedNumber.body)
            #expect(Self.text(refusedNumberHTML).contains(german("Give the claim number.")))
            #expect(Self.untranslated(in: refusedNumberHTML) == [], "the acknowledgement refused")
            let done = try await client.execute(
                uri: "/handler/claims/\(claim.id)/acknowledge", method: .post, headers: post, body: Self.form([("csrf", csrf), ("claimNumber", "2026-04417")])
            )
            #expect(done.status == .seeOther)
            let acknowledged = try await client.execute(uri: try #require(done.headers[.location]), method: .get, headers: headers)
            let acknowledgedHTML = String(buffer: acknowledged.body)
            #expect(Self.text(acknowledgedHTML).contains(german(
                "Acknowledged with claim {claimNumber}. The driver's app shows it at its next sync.", ["claimNumber": "2026-04417"]
            )))
            #expect(Self.untranslated(in: acknowledgedHTML) == [], "the acknowledged claim page")

            // A problem page, in German.
            let unknown = try await client.execute(uri: "/handler/claims/\(UUID())", method: .get, headers: headers)
            #expect(unknown.status == .notFound)
            let unknownHTML = String(buffer: unknown.body)
            #expect(unknown.headers[.contentLanguage] == "de")
            #expect(Self.text(unknownHTML).contains(german("No such claim")))
            #expect(Self.untranslated(in: unknownHTML) == [], "the problem page")

            // A language picked with the switch is remembered for all the handlers' pages.
            let picked = try await client.execute(uri: "/handler?lang=pl", method: .get, headers: headers)
            #expect(picked.status == .seeOther)
            let cookie = try #require(picked.headers[values: .setCookie].first { $0.hasPrefix(PageLanguage.cookieName + "=") })
            #expect(cookie.contains("\(PageLanguage.cookieName)=pl") && cookie.contains("Path=/handler"))
            var remembered = headers
            remembered[.cookie] = "\(HandlerPages.sessionCookie)=\(try #require(session)); \(PageLanguage.cookieName)=pl"
            let polish = try await client.execute(uri: "/handler/claims/\(claim.id)", method: .get, headers: remembered)
            #expect(String(buffer: polish.body).contains("<html lang=\"pl\">"))
            #expect(polish.headers[.contentLanguage] == "pl")
        }
    }

    /// The text a reader sees on a page: its tags stripped, its entities read, white space folded.
    static func text(_ html: String) -> String {
        StatementPagesLanguageTests.visibleText(html)
    }

    /// The product's English sentences of three words or more in a page's visible text: none on a page in another
    /// language.
    static func untranslated(in html: String) -> [String] {
        StatementPagesLanguageTests.untranslated(in: html)
    }
}
