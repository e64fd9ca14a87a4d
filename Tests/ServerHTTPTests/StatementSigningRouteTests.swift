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

/// The other driver reviews the whole front side and signs it with a code texted to the number in their column, or
/// declines it; then the link offers their copy. Without a browser: the codes' bounds, the version they signed, the
/// words, and what the driver's report holds after.
@Suite("The other driver signs or declines", .ownThreads)
struct StatementSigningRouteTests {
    static let phone = "+4915123456789"

    /// A draft with vehicle A filled, a link, and vehicle B sent through it with `phone`: the link's path and the
    /// review page.
    static func sentPart(
        _ client: any TestClientProtocol, token: String, phone: String? = Self.phone, crashID: String = "CR-23456789"
    ) async throws -> (report: CrashReport, path: String, review: TestResponse) {
        let report = try await StatementLinkRouteTests.storeDraft(client, token: token, crashID: crashID)
        let path = StatementLinkRouteTests.path(of: try #require(try await StatementLinkRouteTests.link(client, report: report.id, token: token).1))
        let form = try await client.execute(uri: path, method: .get)
        let csrf = try #require(HandlerPagesRouteTests.csrf(in: form))
        var fields = [("driverName", "Greta Müller"), ("plate", "M-AB 1234"), ("c8", "1")]
        if let phone { fields.append(("policyholderPhone", phone)) }
        let sent = try await StatementLinkRouteTests.post(client, path, csrf: csrf, fields)
        #expect(sent.status == .ok)
        return (report, path, sent)
    }

    /// Posts one of the review's forms with the page's CSRF value and version.
    static func post(_ client: any TestClientProtocol, _ path: String, page: TestResponse, _ fields: [(String, String)]) async throws -> TestResponse {
        let html = String(buffer: page.body)
        let csrf = try #require(HandlerPagesRouteTests.csrf(in: page))
        let version = try #require(html.firstMatch(of: /name="version" value="([0-9a-f]{64})"/).map { String($0.1) })
        return try await StatementLinkRouteTests.post(client, path, csrf: csrf, [("version", version)] + fields)
    }

    /// The code in the newest SMS the harness's gateway took.
    static func lastCode(_ harness: ServerHarness) async throws -> String {
        await harness.doJobs()
        let text = try #require(await harness.sms.sent.last?.text)
        return try #require(text.firstMatch(of: /Crash Assistant: (\d{6})/).map { String($0.1) })
    }

    @Test("A code is texted to the number in vehicle B; a wrong one is counted; the right one signs the version reviewed, once; the copy downloads")
    func signingWithACode() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        try await harness.withClient { client in
            let (report, path, review) = try await Self.sentPart(client, token: ann)
            let reviewed = String(buffer: review.body)
            #expect(reviewed.contains("Text a code to +49"))
            #expect(!reviewed.contains("Text a code to \(Self.phone)"))

            let asked = try await Self.post(client, path + "/code", page: review, [])
            #expect(asked.status == .ok)
            #expect(String(buffer: asked.body).contains("We texted a 6-digit code to +49"))
            let code = try await Self.lastCode(harness)
            let message = try #require(await harness.sms.sent.last)
            #expect(message.recipient.e164 == Self.phone)
            // Kept only until the gateway took it: the store holds the message with the code hidden.
            let kept = try #require(try await harness.store.smsMessage(message.id))
            #expect(!kept.text.contains(code) && kept.text.contains("Crash Assistant: •••••• is your code"))

            let wrong = String(code.reversed()) == code ? "000000" : String(code.reversed())
            let refused = try await Self.post(client, path + "/sign", page: asked, [("name", "Greta Müller"), ("code", wrong)])
            #expect(refused.status == .unprocessableContent)
            #expect(String(buffer: refused.body).contains("That is not the code we texted. 4 more tries"))

            // The driver changes the front meanwhile: the version the page showed is no longer the one to sign.
            var changed = try Wire.report(try await client.execute(uri: "/v1/reports/\(report.id)", method: .get, headers: .bearer(ann)).body)
            var statement = changed.statement
            try statement.vehicleA.set(.makeAndModel, to: "Toyota Corolla")
            try changed.setStatement(statement)
            let put = try await client.execute(
                uri: "/v1/reports/\(report.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(changed))
            )
            #expect(put.status == .ok)
            let stale = try await Self.post(client, path + "/sign", page: refused, [("name", "Greta Müller"), ("code", code)])
            #expect(stale.status == .conflict)
            #expect(String(buffer: stale.body).contains("The statement changed after you opened this page"))
            #expect(String(buffer: stale.body).contains("Toyota Corolla"))

            // The code was texted for the version before: it signs nothing else, and ends.
            let superseded = try await Self.post(client, path + "/sign", page: stale, [("name", "Greta Müller"), ("code", code)])
            #expect(superseded.status == .unprocessableContent)
            #expect(String(buffer: superseded.body).contains("That code was texted for an earlier version of the statement"))
            let unsigned = try Wire.report(try await client.execute(uri: "/v1/reports/\(report.id)", method: .get, headers: .bearer(ann)).body)
            #expect(unsigned.signatureState(of: .b) == .unsigned)
            let again = try await Self.post(client, path + "/code", page: superseded, [])
            #expect(again.status == .ok)
            let newCode = try await Self.lastCode(harness)
            let signed = try await Self.post(client, path + "/sign", page: again, [("name", "Greta Müller"), ("code", newCode)])
            #expect(signed.status == .ok)
            #expect(String(buffer: signed.body).contains("You signed the accident statement"))
            let stored = try Wire.report(try await client.execute(uri: "/v1/reports/\(report.id)", method: .get, headers: .bearer(ann)).body)
            guard case let .holds(signature) = stored.signatureState(of: .b) else {
                Issue.record("vehicle B's signature does not hold: \(stored.signatureState(of: .b))")
                return
            }
            #expect(signature.name == "Greta Müller")
            #expect(signature.verification == .smsCode(try PhoneNumber(parsing: Self.phone)))
            #expect(signature.version == stored.statementVersion)

            // Decided: the forms are closed, the page shows what was recorded and the copy.
            let twice = try await Self.post(client, path + "/sign", page: again, [("name", "Greta Müller"), ("code", newCode)])
            #expect(twice.status == .conflict)
            #expect(String(buffer: twice.body).contains("You signed the accident statement"))
            let copy = try await client.execute(uri: path + "/statement.pdf", method: .get)
            #expect(copy.status == .ok)
            // Drawn once: every later download in its language is the same bytes.
            let copyAgain = try await client.execute(uri: path + "/statement.pdf", method: .get)
            #expect(Data(buffer: copyAgain.body) == Data(buffer: copy.body))
            #expect(copyAgain.headers[HTTPField.Name.eTag] == "\"\(Wire.sha256(Data(buffer: copy.body)))\"")
            #expect(copy.headers[.contentType] == "application/pdf")
            #expect(copy.headers[.contentDisposition]?.contains("accident-statement-") == true)
            let tools = try PDFTools()
            defer { tools.cleanUp() }
            let text = try tools.text(try tools.write(Data(buffer: copy.body)))
            #expect(text.contains("European Accident Statement") && text.contains("Greta Müller") && text.contains("SECRET-1"))
            // The statement alone: nothing of the driver's own photos and note.
            #expect(!text.contains("Crash scene photos") && !text.contains("Additional note"))
            // No empty page: every page has more than its footer.
            let pages = text.components(separatedBy: "\u{0C}").filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
            #expect(pages.allSatisfy { $0.contains("Vehicle") }, "a page of the copy is empty: \(pages.map { $0.prefix(40) })")
        }
    }

    @Test("Codes: three an hour to a number, five tries each, ten minutes; none without a phone number")
    func codeBounds() async throws {
        let clock = ManualClock()
        let harness = try ServerHarness(clock: clock)
        let ann = try await harness.add("ann")
        try await harness.withClient { client in
            let (_, path, review) = try await Self.sentPart(client, token: ann)
            for _ in 1...3 {
                #expect(try await Self.post(client, path + "/code", page: review, []).status == .ok)
                clock.advance(by: 60)
            }
            let fourth = try await Self.post(client, path + "/code", page: review, [])
            #expect(fourth.status == .tooManyRequests)
            #expect(String(buffer: fourth.body).contains("3 codes were texted to this number in the last hour"))
            let code = try await Self.lastCode(harness)
            // An earlier code no longer works once a newer one was sent; five wrong tries use the code up.
            var page = fourth
            for left in [4, 3, 2, 1] {
                page = try await Self.post(client, path + "/sign", page: page, [("name", "Greta"), ("code", "99999" + String(left))])
                #expect(String(buffer: page.body).contains(left == 1 ? "1 more try" : "\(left) more tries"))
            }
            page = try await Self.post(client, path + "/sign", page: page, [("name", "Greta"), ("code", "999990")])
            #expect(String(buffer: page.body).contains("no longer works"))
            let used = try await Self.post(client, path + "/sign", page: page, [("name", "Greta"), ("code", code)])
            #expect(used.status == .unprocessableContent)
            #expect(String(buffer: used.body).contains("no longer works"))

            // An hour later another code may be sent; after ten minutes it has expired.
            clock.advance(by: 3_600)
            let fresh = try await Self.post(client, path + "/code", page: used, [])
            #expect(fresh.status == .ok)
            let newCode = try await Self.lastCode(harness)
            clock.advance(by: 601)
            let late = try await Self.post(client, path + "/sign", page: fresh, [("name", "Greta"), ("code", newCode)])
            #expect(String(buffer: late.body).contains("That code has expired"))

            // A name the rules refuse costs no try.
            clock.advance(by: 3_600)
            let another = try await Self.post(client, path + "/code", page: late, [])
            let lastCode = try await Self.lastCode(harness)
            let badName = try await Self.post(client, path + "/sign", page: another, [("name", String(repeating: "x", count: 101)), ("code", lastCode)])
            #expect(badName.status == .badRequest)
            let signed = try await Self.post(client, path + "/sign", page: badName, [("name", "Greta"), ("code", lastCode)])
            #expect(String(buffer: signed.body).contains("You signed the accident statement"))

            // Vehicle B without a phone number: no code can be asked for.
            let (_, noPhonePath, noPhoneReview) = try await Self.sentPart(client, token: ann, phone: nil, crashID: "CR-34567892")
            #expect(String(buffer: noPhoneReview.body).contains("no code can be texted to you"))
            #expect(try await Self.post(client, noPhonePath + "/code", page: noPhoneReview, []).status == .conflict)
            // A landline, as libphonenumber judges it: no code is texted to it, and the page says why.
            let (_, landlinePath, landlineReview) = try await Self.sentPart(client, token: ann, phone: "+36 1 234 5678", crashID: "CR-45678923")
            let landline = try await Self.post(client, landlinePath + "/code", page: landlineReview, [])
            #expect(landline.status == .conflict)
            #expect(String(buffer: landline.body).contains("is a landline: no code can be texted to it"))
        }
    }

    @Test("Declining records the reason on the version reviewed; the report still completes and its PDF says so")
    func declining() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        try await harness.withClient { client in
            let (report, path, review) = try await Self.sentPart(client, token: ann)
            let empty = try await Self.post(client, path + "/decline", page: review, [("reason", "  ")])
            #expect(empty.status == .badRequest)
            #expect(String(buffer: empty.body).contains("Say why you do not agree"))
            let declined = try await Self.post(client, path + "/decline", page: empty, [("reason", "I was not reversing.\r\nThe other car was.")])
            #expect(declined.status == .ok)
            #expect(String(buffer: declined.body).contains("You declined the accident statement"))
            let stored = try Wire.report(try await client.execute(uri: "/v1/reports/\(report.id)", method: .get, headers: .bearer(ann)).body)
            #expect(stored.statement.decline?.reason == "I was not reversing.\nThe other car was.")
            #expect(stored.statement.decline?.version == stored.statementVersion)
            // The copy is there; the report completes.
            #expect(try await client.execute(uri: path + "/statement.pdf", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/v1/reports/\(report.id)/submit", method: .post, headers: .bearer(ann)).status == .ok)
            let pdf = try await client.execute(uri: "/v1/reports/\(report.id)/report.pdf", method: .get, headers: .bearer(ann))
            let tools = try PDFTools()
            defer { tools.cleanUp() }
            let text = try tools.text(try tools.write(Data(buffer: pdf.body))).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(text.contains("I was not reversing."), "\(text)")
            // The copy stays with the link after the report completed.
            #expect(try await client.execute(uri: path + "/statement.pdf", method: .get).status == .ok)
        }
    }

    @Test("The signing record: the other driver's code signature with its text message's delivery, then the driver's own, on the other driver's page, the handler's, the claim and the notice of loss")
    func signingRecord() async throws {
        let insurer = RecordingClaimsSystem()
        let harness = try ServerHarness(claimsSystem: insurer)
        let ann = try await harness.add("ann")
        let hana = try await harness.add("hana", kind: .handler)
        try await harness.withClient { client in
            let (report, path, review) = try await Self.sentPart(client, token: ann)
            let asked = try await Self.post(client, path + "/code", page: review, [])
            let code = try await Self.lastCode(harness)
            // The phone network reports the code's message delivered.
            let carrier = try #require(await harness.sms.sent.last)
            _ = try await harness.store.updateSMS(carrier.id, to: .delivered, detail: "1: delivered", at: Date())
            let signed = try await Self.post(client, path + "/sign", page: asked, [("name", "Greta Müller"), ("code", code)])
            #expect(signed.status == .ok)
            let decided = HandlerPagesRouteTests.text(String(buffer: signed.body))
            #expect(decided.contains("Signing record"))
            #expect(decided.contains("1. Vehicle B: signed by Greta Müller, with a one-time code texted to +49"), "\(decided)")
            #expect(decided.contains("The code's text message: delivered to the phone"))
            #expect(decided.contains("the one in the statement now"))
            #expect(!decided.contains(Self.phone))

            // The driver signs on their own device, and submits.
            let uri = "/v1/reports/\(report.id)"
            var mine = try Wire.report(try await client.execute(uri: uri, method: .get, headers: .bearer(ann)).body)
            try mine.signStatement(.a, name: "Anna Kovács", verification: .driversDevice(account: "ann"), at: Date())
            let put = try await client.execute(uri: uri, method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(mine)))
            #expect(put.status == .ok)
            // Sent again unchanged (a sync's repeat): nothing more is recorded.
            let repeated = try Wire.report(put.body)
            #expect(try await client.execute(uri: uri, method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(repeated))).status == .ok)
            let submitted = try await client.execute(uri: uri + "/submit", method: .post, headers: .bearer(ann))
            #expect(submitted.status == .ok)
            let stored = try Wire.report(submitted.body)
            await harness.doJobs()

            // The claim as a handler reads it.
            let list = try Wire.decode(Components.Schemas.ClaimList.self, try await client.execute(uri: "/v1/claims", method: .get, headers: .bearer(hana)).body)
            let claimID = try #require(list.claims.first { $0.report.id == report.id.description }?.id)
            let claim = try Wire.decode(Components.Schemas.Claim.self, try await client.execute(uri: "/v1/claims/\(claimID)", method: .get, headers: .bearer(hana)).body)
            let record = try #require(claim.signingRecord)
            #expect(record.map(\.number) == [1, 2])
            #expect(record[0].side == .b && record[0].act == .signed && record[0].verification == .smsCode && record[0].name == "Greta Müller")
            #expect(record[0].phone == Self.phone && record[0].codeDelivery?.state == .delivered && record[0].codeDelivery?.detail == "1: delivered")
            #expect(record[1].side == .a && record[1].verification == .driversDevice && record[1].account == "ann" && record[1].codeDelivery == nil)
            #expect(record.allSatisfy { $0.version == stored.statementVersion.hex })

            // The handler's page.
            let (session, _) = try await HandlerPagesRouteTests.signIn(client, token: hana)
            let page = try await client.execute(
                uri: "/handler/claims/\(claimID)", method: .get, headers: [.cookie: "\(HandlerPages.sessionCookie)=\(try #require(session))"]
            )
            let desk = HandlerPagesRouteTests.text(String(buffer: page.body))
            #expect(desk.contains("Signing record"))
            #expect(desk.contains("2. Vehicle A: signed by Anna Kovács, on the driver's own device, signed in as ann"), "\(desk)")
            #expect(desk.contains("The code's text message: delivered to the phone"))

            // The notice of loss names both acts, the code's delivery with the first.
            let notice = try #require(await insurer.delivered.first { $0.event == .firstNoticeOfLoss })
            #expect(notice.documents.signingRecord.map(\.number) == [1, 2])
            let body = try WireCoding.encoder().encode(Components.Schemas.FirstNoticeOfLoss(
                notice.claim, driver: notice.driver, documents: notice.documents, publicURL: "https://claims.example.com", sentAt: Date()
            ))
            let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
            let lines = try #require((json["data"] as? [String: Any])?["signingRecord"] as? [[String: Any]])
            #expect(lines.map { $0["verification"] as? String } == ["sms-code", "drivers-device"])
            #expect((lines.first?["codeDelivery"] as? [String: Any])?["state"] as? String == "delivered")
        }
    }
}
