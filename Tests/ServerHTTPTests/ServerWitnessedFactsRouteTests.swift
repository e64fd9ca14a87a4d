import Domain
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import ServerCore
import ServerPages
import Testing
import TestSupport
import WireAPI
import ServerTestSupport

/// Only the other driver can speak for the other driver: what the server alone witnessed through their link — a
/// signature verified by a texted code, their credit for column B, their decline — and the account a signature names
/// are never taken from a driver's device.
@Suite("What only the server may write", .ownThreads)
struct ServerWitnessedFactsRouteTests {
    @Test("A device's PUT that adds a fact only the server witnesses is refused naming the field; nothing is stored", arguments: WitnessedFactForgery.all)
    func aForgedFactIsRefused(_ forgery: WitnessedFactForgery) async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        try await harness.withClient { client in
            let draft = try await StatementLinkRouteTests.storeDraft(client, token: ann)
            var forged = draft
            try forgery.forge(&forged)
            let put = try await client.execute(
                uri: "/v1/reports/\(draft.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(forged))
            )
            #expect(put.status == .badRequest)
            let problem = try Wire.problem(put.body)
            #expect(problem._type == "/problems/invalid-report")
            #expect(problem.field == forgery.field)
            #expect(problem.detail.contains("is recorded by the server alone"))
            let held = try Wire.report(try await client.execute(uri: "/v1/reports/\(draft.id)", method: .get, headers: .bearer(ann)).body)
            #expect(held.revision == draft.revision)
            #expect(held.statement == draft.statement)
            // Nor does the signing record hear of it.
            let owner = try #require(try await harness.store.account(for: TokenDigest(token: ann))).id
            #expect(try await harness.store.signingRecord(of: draft.id, owner: owner).isEmpty)

            // Nor as a completed report, in one step: the PDF and the handler's page never hear of it.
            var completed = forged
            try completed.complete(at: Date())
            let submitted = try await client.execute(
                uri: "/v1/reports/\(draft.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(completed))
            )
            #expect(submitted.status == .badRequest)
            #expect(try Wire.problem(submitted.body).field == forgery.field)
            #expect(try await client.execute(uri: "/v1/reports/\(draft.id)/report.pdf", method: .get, headers: .bearer(ann)).status == .notFound)
        }
    }

    @Test("What the driver's device may record still goes: A signed on its account, B signed on it at the scene, unverified")
    func theDevicesOwnSignaturesGo() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let handler = try await harness.add("hana", kind: .handler)
        try await harness.withClient { client in
            var report = try await StatementLinkRouteTests.storeDraft(client, token: ann)
            try report.signStatement(.a, name: "Jane Driver", verification: .driversDevice(account: "ann"), at: Date())
            try report.signStatement(.b, name: "Victim Person", verification: .sameDevice, at: Date())
            let put = try await client.execute(
                uri: "/v1/reports/\(report.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(report))
            )
            #expect(put.status == .ok)
            let stored = try Wire.report(put.body)
            #expect(stored.isStatementSigned)
            #expect(stored.statement.signature(of: .b)?.verification == .sameDevice)
            #expect(try await client.execute(uri: "/v1/reports/\(report.id)/submit", method: .post, headers: .bearer(ann)).status == .ok)
            let pdf = try await client.execute(uri: "/v1/reports/\(report.id)/report.pdf", method: .get, headers: .bearer(ann))
            let tools = try PDFTools()
            defer { tools.cleanUp() }
            let text = try tools.text(try tools.write(Data(buffer: pdf.body))).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(text.contains("not verified"), "\(text)")
            #expect(!text.contains("one-time code"), "\(text)")
            // The handler's page says the same.
            let (session, _) = try await HandlerPagesRouteTests.signIn(client, token: handler)
            let cookie: HTTPFields = [.cookie: "\(HandlerPages.sessionCookie)=\(try #require(session))"]
            let list = try await client.execute(uri: "/v1/claims", method: .get, headers: .bearer(handler))
            let claim = try #require(try Wire.decode(Components.Schemas.ClaimList.self, list.body).claims.first { $0.report.id == report.id.description })
            let page = HandlerPagesRouteTests.text(String(buffer: try await client.execute(uri: "/handler/claims/\(claim.id)", method: .get, headers: cookie).body))
            #expect(page.contains("not verified"), "\(page)")
            #expect(!page.contains("one-time code"), "\(page)")
            // The record keeps both as what they are: A on the driver's account, B on the driver's device.
            #expect(page.contains("1. Vehicle A: signed by Jane Driver, on the driver's own device, signed in as ann"), "\(page)")
            #expect(page.contains("2. Vehicle B: signed by Victim Person, on the driver's device at the scene, not verified"), "\(page)")
        }
    }

    @Test("What the link brought comes back from the device as the server holds it: saved again, it goes; changed, it is refused")
    func theServersFactsRoundTrip() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        try await harness.withClient { client in
            let (report, path, review) = try await StatementSigningRouteTests.sentPart(client, token: ann)
            let declined = try await StatementSigningRouteTests.post(client, path + "/decline", page: review, [("reason", "Not my fault.")])
            #expect(declined.status == .ok)
            let held = try Wire.report(try await client.execute(uri: "/v1/reports/\(report.id)", method: .get, headers: .bearer(ann)).body)
            #expect(held.statement.vehicleB.enteredByOtherDriverAt != nil && held.statement.decline != nil)

            // The driver edits their own column: the other driver's credit and decline travel back untouched.
            var edited = held
            var statement = edited.statement
            try statement.vehicleA.set(.makeAndModel, to: "Toyota Corolla")
            try edited.setStatement(statement)
            let put = try await client.execute(
                uri: "/v1/reports/\(report.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(edited))
            )
            #expect(put.status == .ok)
            let saved = try Wire.report(put.body)
            #expect(saved.statement.decline == held.statement.decline)
            #expect(saved.statement.vehicleB.enteredByOtherDriverAt == held.statement.vehicleB.enteredByOtherDriverAt)

            // A decline with other words, or a credit moved in time, is refused.
            var reworded = saved
            try reworded.declineStatement(reason: "I agree after all.", at: Date())
            let refused = try await client.execute(
                uri: "/v1/reports/\(report.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(reworded))
            )
            #expect(refused.status == .badRequest)
            #expect(try Wire.problem(refused.body).field == "statement.decline")
            var moved = saved
            var column = moved.statement
            column.vehicleB.markEnteredByOtherDriver(at: Date().addingTimeInterval(-86_400))
            try moved.setStatement(column)
            let movedAnswer = try await client.execute(
                uri: "/v1/reports/\(report.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(moved))
            )
            #expect(movedAnswer.status == .badRequest)
            #expect(try Wire.problem(movedAnswer.body).field == "statement.vehicleB.enteredByOtherDriverAt")
        }
    }
}
