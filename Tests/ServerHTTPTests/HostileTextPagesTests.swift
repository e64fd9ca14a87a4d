import Domain
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import ServerHTTP
import ServerPages
import Testing
import TestSupport
import WireAPI
import ServerTestSupport

/// Text holding `"`, `'`, `<` and `&`, each followed by a combining mark (one `Character` that is not the mark-up
/// character), in every field that reaches a page: the claims handlers' list and report page, their acknowledgement
/// form shown again, a problem page, the other driver's form prefilled and refused, and its thank-you page. Read as a
/// browser reads HTML, no page has a tag or an attribute the template did not write, and each value is there as text.
@Suite("Text with combining marks on every page")
struct HostileTextPagesTests {
    /// A value that would close a double- or single-quoted attribute, open a tag or start an entity if it were written
    /// as it is, with `marker` to find it by.
    static func hostile(_ marker: String) -> String {
        "\(marker)\"\u{301} x-i=1'\u{301}<\u{301}x-t&\u{301}"
    }

    /// Whether the page is free of the markup the hostile values would have made.
    static func expectNoInjection(_ html: String, _ page: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let tags = HTMLScan.tags(html)
        #expect(!tags.isEmpty, "\(page): no HTML", sourceLocation: sourceLocation)
        let injected = tags.filter { $0.name.contains("x-") || $0.attributes.contains { $0.contains("x-") } }
        #expect(injected.isEmpty, "\(page): markup from text: \(injected)", sourceLocation: sourceLocation)
    }

    /// Whether the value is on the page as text: escaped one scalar at a time.
    static func shows(_ html: String, _ value: String) -> Bool {
        html.contains(HTMLText.escape(value))
    }

    static let textFields: [VehicleField] = VehicleField.allCases.filter {
        if case .text = $0.kind { return true }
        return false
    }

    /// A statement whose every free-text field, both columns, the witnesses, the police and other damage hold hostile
    /// values; returns it and the values it holds.
    static func hostileStatement(enteredByOtherDriver: Bool) throws -> (AccidentStatement, [String]) {
        var statement = try AccidentStatement.full(enteredByOtherDriverAt: enteredByOtherDriver ? Date(timeIntervalSince1970: 1_795_300_000) : nil)
        var values: [String] = []
        for (index, field) in textFields.enumerated() {
            try statement.vehicleA.set(field, to: hostile("A\(index)"))
            try statement.vehicleB.set(field, to: hostile("B\(index)"))
            values += [hostile("A\(index)"), hostile("B\(index)")]
        }
        try statement.vehicleA.setRemarks(hostile("A-remarks"))
        try statement.vehicleB.setRemarks(hostile("B-remarks"))
        try statement.setWitnesses([Witness(name: hostile("W-name"), address: hostile("W-address"), phone: "+44 7400 123456")])
        statement.setPolice(try PoliceAttendance(attended: true, reportNumber: hostile("P-number"), station: hostile("P-station")))
        try statement.setOtherPropertyDamage(hostile("other-damage"))
        values += ["A-remarks", "B-remarks", "W-name", "W-address", "P-number", "P-station", "other-damage"].map(hostile)
        return (statement, values)
    }

    @Test("The handlers' list, report page, acknowledgement form shown again and problem page show such text as text")
    func handlerPages() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let handler = try await harness.add("hana", kind: .handler)
        let (statement, values) = try Self.hostileStatement(enteredByOtherDriver: true)
        #expect(values.count >= 20)
        try await harness.withClient { client in
            let (report, _, _) = try await ServerClaimRouteTests.submitted(client, ann: ann, handler: handler, note: Self.hostile("note"), statement: statement, harness: harness)
            _ = report
            let (session, _) = try await HandlerPagesRouteTests.signIn(client, token: handler)
            let cookie: HTTPFields = [.cookie: "\(HandlerPages.sessionCookie)=\(try #require(session))"]
            let claims = try Wire.decode(
                Components.Schemas.ClaimList.self, try await client.execute(uri: "/v1/claims", method: .get, headers: .bearer(handler)).body
            ).claims
            let claim = try #require(claims.first)

            let list = String(buffer: try await client.execute(uri: "/handler/claims", method: .get, headers: cookie).body)
            Self.expectNoInjection(list, "the list")

            let page = try await client.execute(uri: "/handler/claims/\(claim.id)", method: .get, headers: cookie)
            let html = String(buffer: page.body)
            Self.expectNoInjection(html, "the report page")
            #expect(Self.shows(html, Self.hostile("note")))
            for value in values { #expect(Self.shows(html, value), "not shown: \(value.prefix(20))") }

            // The acknowledgement refused and shown again with what was typed.
            let csrf = try #require(HandlerPagesRouteTests.csrf(in: page))
            var post = cookie
            post[.contentType] = "application/x-www-form-urlencoded"
            let refused = try await client.execute(
                uri: "/handler/claims/\(claim.id)/acknowledge", method: .post, headers: post,
                body: HandlerPagesRouteTests.form([("csrf", csrf), ("claimNumber", Self.hostile("claim")), ("message", Self.hostile("message"))])
            )
            #expect(refused.status == .badRequest)
            let shownAgain = String(buffer: refused.body)
            Self.expectNoInjection(shownAgain, "the acknowledgement shown again")
            #expect(Self.shows(shownAgain, Self.hostile("claim")))
            #expect(Self.shows(shownAgain, Self.hostile("message")))

            // A problem page naming what was asked for.
            let photo = "/handler/claims/\(claim.id)/photos/" + (Self.hostile("photo").addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
            let problem = try await client.execute(uri: photo, method: .get, headers: cookie)
            #expect(problem.status == .badRequest)
            Self.expectNoInjection(String(buffer: problem.body), "the problem page")
        }
    }

    @Test("The other driver's form prefilled from the driver's device, refused and shown again, the review, a refused signature and the page after declining show such text as text")
    func statementPages() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let (statement, _) = try Self.hostileStatement(enteredByOtherDriver: false)
        try await harness.withClient { client in
            var draft = try makeDraft(crashID: "CR-2345678F")
            try draft.setStatement(statement)
            try draft.setScene(try CrashScene(occurredAt: draft.scene.occurredAt, coordinate: nil, address: Self.hostile("scene")))
            let put = try await client.execute(
                uri: "/v1/reports/\(draft.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(draft))
            )
            #expect(put.status == .created)
            let path = StatementLinkRouteTests.path(of: try #require(try await StatementLinkRouteTests.link(client, report: draft.id, token: ann).1))

            // Prefilled with vehicle B as typed on the driver's device.
            let page = try await client.execute(uri: path, method: .get)
            let html = String(buffer: page.body)
            Self.expectNoInjection(html, "the form prefilled")
            #expect(Self.shows(html, Self.hostile("scene")))
            for (index, field) in Self.textFields.enumerated() { #expect(Self.shows(html, Self.hostile("B\(index)")), "not prefilled: \(field)") }
            #expect(Self.shows(html, Self.hostile("B-remarks")))
            let csrf = try #require(HandlerPagesRouteTests.csrf(in: page))

            let typed = Self.textFields.enumerated().map { ($0.element.rawValue, Self.hostile("T\($0.offset)")) } + [("remarks", Self.hostile("T-remarks"))]
            // Refused for want of the form's value (403), and for a field that breaks its rule (400): shown again as typed.
            for (answer, name) in [
                (try await StatementLinkRouteTests.post(client, path, csrf: nil, typed), "the form refused (403)"),
                (try await StatementLinkRouteTests.post(client, path, csrf: csrf, typed + [("policyholderPhone", Self.hostile("phone"))]), "the form refused (400)"),
            ] {
                #expect(answer.status == .forbidden || answer.status == .badRequest)
                let shown = String(buffer: answer.body)
                Self.expectNoInjection(shown, name)
                for (_, value) in typed { #expect(Self.shows(shown, value), "\(name): not shown again: \(value.prefix(24))") }
            }

            let sent = try await StatementLinkRouteTests.post(client, path, csrf: csrf, typed + [("policyholderPhone", "+4915123456789")])
            #expect(sent.status == .ok)
            let thanks = String(buffer: sent.body)
            Self.expectNoInjection(thanks, "the review after sending")
            #expect(Self.shows(thanks, Self.hostile("scene")))
            // The review shows the whole front: the driver's column, the other driver's as sent, and the rest.
            for (index, _) in Self.textFields.enumerated() {
                #expect(Self.shows(thanks, Self.hostile("A\(index)")) && Self.shows(thanks, Self.hostile("T\(index)")), "not on the review: field \(index)")
            }
            for marker in ["A-remarks", "T-remarks", "W-name", "W-address", "P-number", "P-station", "other-damage"] {
                #expect(Self.shows(thanks, Self.hostile(marker)), "not on the review: \(marker)")
            }
            // A refused signature (a name over its limit, no code) and a decline with such a reason.
            let refused = try await StatementSigningRouteTests.post(client, path + "/sign", page: sent, [("name", Self.hostile("name") + String(repeating: "n", count: 100)), ("code", "12")])
            #expect(refused.status == .badRequest)
            Self.expectNoInjection(String(buffer: refused.body), "the review with a refused name")
            #expect(Self.shows(String(buffer: refused.body), Self.hostile("name") + String(repeating: "n", count: 100)))
            let declined = try await StatementSigningRouteTests.post(client, path + "/decline", page: refused, [("reason", Self.hostile("reason"))])
            #expect(declined.status == .ok)
            Self.expectNoInjection(String(buffer: declined.body), "the page after declining")
            #expect(Self.shows(String(buffer: declined.body), Self.hostile("reason")))
        }
    }

    @Test("Escaping by scalar: every mark-up character is replaced even when a combining mark follows it")
    func escapingByScalar() {
        #expect(HTMLText.escape("a\"\u{301}b'\u{301}<\u{301}>\u{301}&\u{301}") == "a&quot;\u{301}b&#39;\u{301}&lt;\u{301}&gt;\u{301}&amp;\u{301}")
        #expect(HTMLText.escape("Fő utca 12 — ok") == "Fő utca 12 — ok")
        // The templates render through it: a value with a combining mark after a quote cannot close an attribute.
        struct View { let value: String }
        let library = PageTemplates.library([("t", "<input value=\"{{value}}\">")])
        let html = library.render(View(value: "x\"\u{301} x-injected=\"1"), withTemplate: "t") ?? ""
        #expect(html == "<input value=\"x&quot;\u{301} x-injected=&quot;1\">")
        #expect(HTMLScan.tags(html) == [HTMLScan.Tag(name: "input", attributes: ["value"])])
    }
}
