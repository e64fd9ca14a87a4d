import Domain
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import ServerCore
import ServerPages
import ServerTestSupport
import Testing
import TestSupport
import WireAPI

/// The claim's status after it was submitted: recorded by the claims system's route or a handler on the desk, kept
/// with the report for the driver's sync, texted to the driver when it needs them, and told to the claims system.
@Suite("The claim's status")
struct ClaimStatusRouteTests {
    static func put(_ client: any TestClientProtocol, claim: String, token: String, _ json: String) async throws -> TestResponse {
        try await client.execute(uri: "/v1/claims/\(claim)/status", method: .put, headers: .json(token), body: ByteBuffer(string: json))
    }

    @Test("The claims system records steps; the driver reads them with the report and is texted of those that need them, in their language; each is told once; the same step again records nothing")
    func recordedReadTextedTold() async throws {
        let insurer = RecordingClaimsSystem()
        let harness = try ServerHarness(claimsSystem: insurer)
        let ann = try await harness.add("ann", phone: "+36301234567")
        _ = try await harness.store.setLanguage(try LanguageTag(parsing: "de"), forUserNamed: "ann")
        let handler = try await harness.add("hana", kind: .handler)
        try await harness.withClient { client in
            let (report, claim, _) = try await ServerClaimRouteTests.submitted(client, ann: ann, handler: handler)
            await harness.doJobs()
            let textsBefore = await harness.sms.sent.count

            let assigned = try await Self.put(client, claim: claim.id, token: handler,
                #"{"status":"assigned","name":"Éva Kiss","phone":"+36 1 234 5678","note":"Call me after 9."}"#)
            #expect(assigned.status == .ok, "\(String(buffer: assigned.body))")
            let estimate = try await Self.put(client, claim: claim.id, token: handler, #"{"status":"estimate","amount":"1234.5","currency":"HUF"}"#)
            #expect(estimate.status == .ok)
            let vehicle = try await Self.put(client, claim: claim.id, token: handler,
                #"{"status":"vehicle-at","repairer":"Autó Kft.","address":"Fő utca 2, Győr"}"#)
            #expect(vehicle.status == .ok)
            // The same step again: nothing more.
            #expect(try await Self.put(client, claim: claim.id, token: handler,
                #"{"status":"vehicle-at","repairer":"Autó Kft.","address":"Fő utca 2, Győr"}"#).status == .ok)
            await harness.doJobs()

            // The driver's report carries the timeline, in order, as recorded.
            let read = try Wire.report(try await client.execute(uri: "/v1/reports/\(report.id)", method: .get, headers: .bearer(ann)).body)
            #expect(read.claimTimeline.map(\.status) == [
                .assigned(name: "Éva Kiss", phone: "+36 1 234 5678"), .estimate(Money(cents: 123_450, currency: "HUF")),
                .vehicleAt(repairer: "Autó Kft.", address: "Fő utca 2, Győr"),
            ])
            #expect(read.claimTimeline.first?.note == "Call me after 9." && read.claimTimeline.first?.handler == "hana")

            // Texted of two of them (not the estimate), in German.
            let texts = await harness.sms.sent.dropFirst(textsBefore).map(\.text)
            #expect(texts.count == 2, "\(texts)")
            #expect(texts.first?.contains("Éva Kiss") == true && texts.first?.contains("+36 1 234 5678") == true, "\(texts)")
            #expect(texts.last?.contains("Autó Kft., Fő utca 2, Győr") == true, "\(texts)")

            // Told once each, numbered.
            let told = await insurer.delivered.filter { $0.event == .statusChanged }
            #expect(told.compactMap(\.documents.step?.number) == [1, 2, 3])
            #expect(told.last?.documents.step?.update.status == .vehicleAt(repairer: "Autó Kft.", address: "Fő utca 2, Győr"))

            // A driver's device cannot forge or remove the timeline.
            var forged = read
            forged = forged.withClaimTimeline([])
            let put = try await client.execute(
                uri: "/v1/reports/\(report.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(forged))
            )
            #expect(put.status == .ok || put.status == .conflict)
            let after = try Wire.report(try await client.execute(uri: "/v1/reports/\(report.id)", method: .get, headers: .bearer(ann)).body)
            #expect(after.claimTimeline.count == 3)
        }
    }

    @Test("A step that breaks its rule, a driver's token, a draft's claim or an unknown claim is refused naming the field; nothing is recorded", arguments: [
        (#"{"status":"assigned","name":"Éva Kiss"}"#, "phone"),
        (#"{"status":"assigned","name":"Éva","phone":"call me"}"#, "phone"),
        (#"{"status":"closed","amount":"5.00"}"#, "amount"),
        (#"{"status":"payment","amount":"12,50","currency":"EUR"}"#, "amount"),
        (#"{"status":"payment","amount":"12.50","currency":"euro"}"#, "currency"),
        (#"{"status":"responsibility-assessed","percent":150}"#, "percent"),
        (#"{"status":"vehicle-at","repairer":"<b>A</b>\u0007","address":"x"}"#, "repairer"),
        (#"{"status":"received","note":"\u001b[2J"}"#, "note"),
        (#"{"status":"lost"}"#, "body"),
    ])
    func refused(_ json: String, _ field: String) async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let handler = try await harness.add("hana", kind: .handler)
        try await harness.withClient { client in
            let (report, claim, _) = try await ServerClaimRouteTests.submitted(client, ann: ann, handler: handler)
            let answer = try await Self.put(client, claim: claim.id, token: handler, json)
            #expect(answer.status == .badRequest, "\(String(buffer: answer.body))")
            let problem = String(buffer: answer.body)
            #expect(field == "body" || problem.contains(#""field":"\#(field)""#), "\(problem)")
            #expect(try await Self.put(client, claim: claim.id, token: ann, #"{"status":"closed"}"#).status == .unauthorized)
            #expect(try await Self.put(client, claim: UUID().uuidString, token: handler, #"{"status":"closed"}"#).status == .notFound)
            let read = try Wire.report(try await client.execute(uri: "/v1/reports/\(report.id)", method: .get, headers: .bearer(ann)).body)
            #expect(read.claimTimeline.isEmpty)
        }
    }

    @Test("On the desk a handler records a step with the form; a wrong one is shown again with what was typed; the page lists the timeline")
    func desk() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let handler = try await harness.add("hana", kind: .handler)
        try await harness.withClient { client in
            let (_, claim, _) = try await ServerClaimRouteTests.submitted(client, ann: ann, handler: handler)
            let (session, _) = try await HandlerPagesRouteTests.signIn(client, token: handler)
            let cookie: HTTPFields = [.cookie: "\(HandlerPages.sessionCookie)=\(try #require(session))"]
            let page = try await client.execute(uri: "/handler/claims/\(claim.id)", method: .get, headers: cookie)
            #expect(String(buffer: page.body).contains("No status recorded yet."))
            let csrf = try #require(HandlerPagesRouteTests.csrf(in: page))
            var post = cookie
            post[.contentType] = "application/x-www-form-urlencoded"
            let path = "/handler/claims/\(claim.id)/status"

            let wrong = try await client.execute(uri: path, method: .post, headers: post, body: HandlerPagesRouteTests.form([
                ("csrf", csrf), ("status", "inspection-booked"), ("at", "tomorrow"), ("place", "Váci út 1 <script>"),
            ]))
            #expect(wrong.status == .badRequest)
            let wrongPage = String(buffer: wrong.body)
            #expect(wrongPage.contains("Inspection: when: this is not one the desk takes"), "\(wrongPage)")
            #expect(wrongPage.contains("Váci út 1 &lt;script&gt;") && !wrongPage.contains("Váci út 1 <script>"))

            let done = try await client.execute(uri: path, method: .post, headers: post, body: HandlerPagesRouteTests.form([
                ("csrf", csrf), ("status", "inspection-booked"), ("at", "2026-12-03T09:30"), ("place", "Váci út 1, Budapest"),
                ("note", "Bring the keys.\r\nAnd the papers."), ("name", "ignored for this kind"),
            ]))
            #expect(done.status == .seeOther || done.status == .found)
            let claimID = try #require(ClaimID(text: claim.id))
            let step = try #require(try await harness.store.claim(claimID)?.report.claimTimeline.first)
            #expect(step.note == "Bring the keys.\nAnd the papers." && step.handler == "hana")
            guard case let .inspectionBooked(at, place) = step.status else {
                Issue.record("recorded \(step.status)")
                return
            }
            #expect(place == "Váci út 1, Budapest")
            // Typed in the scene's offset (the stub's, or UTC).
            #expect(at.timeIntervalSince1970 > 1_795_000_000)
            let shown = String(buffer: try await client.execute(uri: "/handler/claims/\(claim.id)?status=1", method: .get, headers: cookie).body)
            #expect(shown.contains("Recorded: Inspection booked."), "\(shown)")
            #expect(shown.contains("Inspection booked: "), "\(shown)")
            #expect(shown.contains("by hana"))
            // Without the session's CSRF value: refused, nothing more recorded.
            let forged = try await client.execute(uri: path, method: .post, headers: post, body: HandlerPagesRouteTests.form([("status", "closed")]))
            #expect(forged.status == .badRequest || forged.status == .forbidden)
            #expect(try await harness.store.claim(claimID)?.report.claimTimeline.count == 1)
        }
    }
}
