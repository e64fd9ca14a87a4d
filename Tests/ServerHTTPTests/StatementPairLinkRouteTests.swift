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

/// A pile-up: each other motor vehicle's driver gets a link to their own statement with A, and nothing else of the
/// report — not B's statement, not the other parties.
@Suite("Links per statement", .ownThreads)
struct StatementPairLinkRouteTests {
    static let phoneC = "+4915177777777"

    /// A draft with B's statement (A and B typed on the device) and the sample parties: a cyclist, a lamp post,
    /// vehicle C with its own statement, a driver who fled.
    static func storePileUp(_ client: any TestClientProtocol, token: String) async throws -> CrashReport {
        var report = try makeDraft()
        var statement = AccidentStatement()
        try statement.vehicleA.set(.plate, to: "SECRET-1")
        try statement.vehicleA.set(.policyholderName, to: "Jane Driver")
        try statement.vehicleB.set(.driverName, to: "Bruno Second")
        try statement.vehicleB.set(.plate, to: "B-BB 111")
        try report.setStatement(statement)
        let parties = try CrashParties.sample()
        try report.changeParties { list throws(PartyError) in list = parties }
        let put = try await client.execute(uri: "/v1/reports/\(report.id)", method: .put, headers: .json(token), body: try Wire.body(Components.Schemas.Report(report)))
        #expect(put.status == .created)
        return try Wire.report(put.body)
    }

    static func link(_ client: any TestClientProtocol, report: ReportID, party: String?, token: String) async throws -> (TestResponse, String?) {
        let query = party.map { "?party=\($0)" } ?? ""
        let made = try await client.execute(uri: "/v1/reports/\(report)/statement-link\(query)", method: .post, headers: .bearer(token))
        guard made.status == .created else { return (made, nil) }
        return (made, StatementLinkRouteTests.path(of: try Wire.decode(Components.Schemas.StatementLink.self, made.body).url))
    }

    static func stored(_ client: any TestClientProtocol, _ id: ReportID, token: String) async throws -> CrashReport {
        try Wire.report(try await client.execute(uri: "/v1/reports/\(id)", method: .get, headers: .bearer(token)).body)
    }

    @Test("A link names its vehicle: a party that is not a motor vehicle on the server's report, or no party's id, is refused")
    func aLinkNamesAMotorVehicle() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        try await harness.withClient { client in
            let report = try await Self.storePileUp(client, token: ann)
            #expect(try await Self.link(client, report: report.id, party: CrashParties.vehicleC.description, token: ann).0.status == .created)
            for party in [PartyID().description, "00000000-0000-4000-8000-00000000c1c1"] {
                let (refused, _) = try await Self.link(client, report: report.id, party: party, token: ann)
                #expect(refused.status == .notFound)
                let problem = try Wire.problem(refused.body)
                #expect(problem._type.hasSuffix("/problems/party-not-found"))
                #expect(problem.detail.contains("no other motor vehicle"))
            }
            let (malformed, _) = try await Self.link(client, report: report.id, party: "not-a-uuid", token: ann)
            #expect(malformed.status == .badRequest)
            #expect(try Wire.problem(malformed.body).field == "party")
        }
    }

    @Test("C's link: its form, review and copy show C's statement only; C signs by code on it alone; B's link and statement stay as they were")
    func eachLinkReachesItsOwnStatement() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        try await harness.withClient { client in
            let report = try await Self.storePileUp(client, token: ann)
            let pathB = try #require(try await Self.link(client, report: report.id, party: nil, token: ann).1)
            let pathC = try #require(try await Self.link(client, report: report.id, party: CrashParties.vehicleC.description, token: ann).1)
            // A newer link to B's statement does not end C's.
            let newerB = try #require(try await Self.link(client, report: report.id, party: nil, token: ann).1)
            #expect(try await client.execute(uri: pathB, method: .get).status == .gone)

            let form = try await client.execute(uri: pathC, method: .get)
            #expect(form.status == .ok)
            let formHTML = String(buffer: form.body)
            // Column B of C's statement as typed on the device, and nothing of B's statement or the other parties.
            #expect(formHTML.contains("Carl Third"))
            for secret in ["Bruno Second", "B-BB 111", "SECRET-1", "Eva Kovács", "lamp post", "B-M? 12"] {
                #expect(!formHTML.contains(secret), "C's form shows \(secret)")
            }
            let csrf = try #require(HandlerPagesRouteTests.csrf(in: form))
            let sent = try await StatementLinkRouteTests.post(
                client, pathC, csrf: csrf,
                [("driverName", "Carla Third"), ("plate", "C-DE 345"), ("policyholderPhone", Self.phoneC), ("c8", "1")]
            )
            #expect(sent.status == .ok)
            let review = String(buffer: sent.body)
            #expect(review.contains("Your part is sent") && review.contains("Carla Third") && review.contains("Wanda Witness"))
            // Box 3 says a cyclist was hurt, by role only.
            #expect(review.contains("<dd>the driver, a cyclist</dd>"), "\(review)")
            for secret in ["Bruno Second", "B-BB 111", "Eva Kovács", "lamp post", "B-M? 12", "Fő utca"] {
                #expect(!review.contains(secret), "C's review shows \(secret)")
            }

            let afterPart = try await Self.stored(client, report.id, token: ann)
            let columnC = try #require(afterPart.statement(.vehicle(CrashParties.vehicleC))?.vehicleB)
            #expect(columnC[.driverName] == "Carla Third" && columnC.enteredByOtherDriverAt != nil && columnC.circumstances == [.hitRearSameDirectionSameLane])
            #expect(afterPart.statement == report.statement)

            let asked = try await StatementSigningRouteTests.post(client, pathC + "/code", page: sent, [])
            #expect(asked.status == .ok)
            let code = try await StatementSigningRouteTests.lastCode(harness)
            #expect(await harness.sms.sent.last?.recipient.e164 == Self.phoneC)
            let signed = try await StatementSigningRouteTests.post(client, pathC + "/sign", page: asked, [("name", "Carla Third"), ("code", code)])
            #expect(signed.status == .ok)
            let decided = String(buffer: signed.body)
            #expect(decided.contains("You signed the accident statement") && decided.contains("signed by Carla Third"))

            let afterSign = try await Self.stored(client, report.id, token: ann)
            let pairC = StatementPair.vehicle(CrashParties.vehicleC)
            guard case let .holds(signature) = afterSign.signatureState(of: .b, in: pairC) else {
                Issue.record("C's signature does not hold: \(afterSign.signatureState(of: .b, in: pairC))")
                return
            }
            #expect(signature.verification == .smsCode(try PhoneNumber(parsing: Self.phoneC)) && signature.version == afterSign.statementVersion(pairC))
            #expect(afterSign.signatureState(of: .b) == .unsigned && afterSign.statement.decline == nil)
            let record = try await harness.store.signingRecord(of: report.id, owner: try #require(try await harness.store.account(for: TokenDigest(token: ann))).id)
            #expect(record.map(\.pair) == [pairC])

            // B's newer link still opens B's own form, with B's column and nothing of C's.
            let formB = String(buffer: try await client.execute(uri: newerB, method: .get).body)
            #expect(formB.contains("Bruno Second") && !formB.contains("Carla Third") && !formB.contains("Carl Third"))

            // C's copy: C's statement alone.
            let copy = try await client.execute(uri: pathC + "/statement.pdf", method: .get)
            #expect(copy.status == .ok)
            let tools = try PDFTools()
            defer { tools.cleanUp() }
            let text = try tools.text(try tools.write(Data(buffer: copy.body)))
            #expect(text.contains("Carla Third") && text.contains("C-DE 345"))
            #expect(!text.contains("Bruno Second") && !text.contains("Eva Kovács") && !text.contains("lamp post"))
        }
    }

    @Test("A vehicle the driver takes off the report: its link says so, and a form sent to it keeps nothing")
    func aRemovedVehiclesLinkSaysSo() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        try await harness.withClient { client in
            let report = try await Self.storePileUp(client, token: ann)
            let pathC = try #require(try await Self.link(client, report: report.id, party: CrashParties.vehicleC.description, token: ann).1)
            let form = try await client.execute(uri: pathC, method: .get)
            let csrf = try #require(HandlerPagesRouteTests.csrf(in: form))
            var changed = try await Self.stored(client, report.id, token: ann)
            try changed.changeParties { list throws(PartyError) in try list.remove(CrashParties.vehicleC) }
            let put = try await client.execute(
                uri: "/v1/reports/\(report.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(changed))
            )
            #expect(put.status == .ok)
            let gone = try await client.execute(uri: pathC, method: .get)
            #expect(gone.status == .gone)
            #expect(String(buffer: gone.body).contains("This statement was taken off the report"))
            let late = try await StatementLinkRouteTests.post(client, pathC, csrf: csrf, [("driverName", "Carla Third")])
            #expect(late.status == .gone)
            #expect(String(buffer: late.body).contains("This statement was taken off the report"))
            let after = try await Self.stored(client, report.id, token: ann)
            #expect(after.revision == changed.revision + 1 && after.parties[CrashParties.vehicleC] == nil)
        }
    }
}
