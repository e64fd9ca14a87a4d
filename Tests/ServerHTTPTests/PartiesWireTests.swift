import Domain
import Foundation
import HummingbirdTesting
import NIOCore
import ServerTestSupport
import Testing
import HTTPTypes
import ServerPages
import TestSupport
import WireAPI

/// A report's other parties on the wire: kept as sent, and what a hostile device could send refused, naming the field.
@Suite("Other parties on the wire")
struct PartiesWireTests {
    /// The report as JSON with `parties` replaced.
    static func body(_ report: CrashReport, parties: Any) throws -> ByteBuffer {
        let encoded = try WireCoding.encoder().encode(Components.Schemas.Report(report))
        var object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        object["parties"] = parties
        return ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: object))
    }

    @Test("The server keeps each party as sent, by its id, and refuses a party that breaks a rule, naming the field")
    func keptAndRefused() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        try await harness.withClient { client in
            var draft = CrashReport.stub(crashID: .anyLocal())
            let sample = try CrashParties.sample()
            try draft.changeParties { parties throws(PartyError) in parties = sample }
            let put = try await client.execute(uri: "/v1/reports/\(draft.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(draft)))
            #expect(put.status == .ok || put.status == .created, "\(String(buffer: put.body))")
            let read = try await client.execute(uri: "/v1/reports/\(draft.id)", method: .get, headers: .bearer(ann))
            var report = try CrashReport(wire: try WireCoding.decoder().decode(Components.Schemas.Report.self, from: Data(buffer: read.body)))
            #expect(report.parties == (try CrashParties.sample()))

            let id = UUID().uuidString
            let nine = (0..<9).map { _ in ["id": UUID().uuidString, "kind": "pedestrian"] }
            let eightVehicles = (0..<8).map { _ in ["id": UUID().uuidString, "kind": "motor-vehicle"] }
            // A code signature only the server can witness, on a statement the server does not hold.
            var forged = report
            try forged.signStatement(.b, in: .vehicle(CrashParties.vehicleC), name: "Carl Third", verification: .smsCode(try PhoneNumber(kept: "+36301234567")), at: referenceDate)
            let signedByCode = try #require(forged.statement(.vehicle(CrashParties.vehicleC)))
            let forgedJSON = try #require(try JSONSerialization.jsonObject(with: try WireCoding.encoder().encode(
                Components.Schemas.AccidentStatement(signedByCode)
            )) as? [String: Any])
            let c = CrashParties.vehicleC.description
            for (parties, field) in [
                ([["id": id, "kind": "motor-vehicle", "name": "Carl"]], "parties[0].name"),
                ([["id": id, "kind": "motor-vehicle", "statement": ["vehicleB": ["vehicle": ["plate": "AB<1"]]]]], "parties[0].statement.vehicleB.plate"),
                ([["id": id, "kind": "cyclist", "statement": [String: Any]()]], "parties[0].statement"),
                ([["id": c, "kind": "motor-vehicle", "statement": forgedJSON]], "parties[\(c)].statement.signatures[B].verification"),
                (eightVehicles, "parties"),
                ([["id": id, "kind": "cyclist", "what": "a fence"]], "parties[0].what"),
                ([["id": id, "kind": "property"]], "parties[0]"),
                ([["id": id, "kind": "property", "what": String(repeating: "x", count: 201)]], "parties[0].what"),
                ([["id": id, "kind": "left-the-scene", "plate": "AB<1"]], "parties[0].plate"),
                ([["id": id, "kind": "left-the-scene"]], "parties[0]"),
                ([["id": id, "kind": "pedestrian", "name": "bell\u{7}"]], "parties[0].name"),
                ([["id": id, "kind": "pedestrian", "phone": "call me"]], "parties[0].phone"),
                ([["id": "not-a-uuid", "kind": "pedestrian"]], "parties[0].id"),
                ([["id": id, "kind": "pedestrian"], ["id": id, "kind": "cyclist"]], "parties"),
                (nine, "parties"),
                // Contacts: only a motor vehicle's, with B or another motor vehicle, never itself.
                ([["id": id, "kind": "cyclist", "touched": ["b"]]], "parties[0].touched"),
                ([["id": id, "kind": "motor-vehicle", "touched": ["vehicle c"]]], "parties[0].touched"),
                ([["id": id, "kind": "motor-vehicle", "touched": [id]]], "parties[0].touched"),
                ([["id": id, "kind": "motor-vehicle", "touched": [UUID().uuidString]]], "parties[0].touched"),
                // Named where it was sent: the third party's contact with the pedestrian.
                ([["id": id, "kind": "pedestrian"], ["id": UUID().uuidString, "kind": "motor-vehicle"],
                  ["id": UUID().uuidString, "kind": "motor-vehicle", "touched": [id]]], "parties[2].touched"),
                // Only a motor vehicle has a driver and passengers.
                ([["id": id, "kind": "cyclist", "hurt": ["driver"]]], "parties[0].hurt"),
            ] as [([[String: Any]], String)] {
                let refused = try await client.execute(uri: "/v1/reports/\(draft.id)", method: .put, headers: .json(ann), body: try Self.body(report, parties: parties))
                #expect(refused.status == .badRequest || refused.status == .unprocessableContent, "\(parties)")
                let problem = try? Wire.problem(refused.body)
                #expect(problem?.field == field, "\(parties): \(String(buffer: refused.body))")
            }
            // Contacts kept as sent: C touched B and vehicle D.
            let d = UUID().uuidString.lowercased()
            var touching = try JSONSerialization.jsonObject(with: try WireCoding.encoder().encode(report.parties.all.map { Components.Schemas.Party($0) })) as? [[String: Any]] ?? []
            touching.append(["id": d, "kind": "motor-vehicle"])
            for index in touching.indices where touching[index]["id"] as? String == c {
                touching[index]["touched"] = [d, "b"]
                touching[index]["hurt"] = ["passengers", "driver"]
            }
            let withContacts = try await client.execute(uri: "/v1/reports/\(draft.id)", method: .put, headers: .json(ann), body: try Self.body(report, parties: touching))
            #expect(withContacts.status == .ok, "\(String(buffer: withContacts.body))")
            let touched = try CrashReport(wire: try WireCoding.decoder().decode(Components.Schemas.Report.self, from: Data(buffer: withContacts.body)))
            let dID = PartyID(try #require(UUID(uuidString: d)))
            #expect(touched.parties[CrashParties.vehicleC]?.touched == [.b, .vehicle(dID)])
            #expect(touched.parties.touching(.vehicle(dID)) == [.vehicle(CrashParties.vehicleC)])
            #expect(touched.parties[CrashParties.vehicleC]?.hurt == [.driver, .passengers])
            #expect(touched.claimParties.first { $0.party?.id == CrashParties.vehicleC }?.incidents == [.vehicle, .injury])
            let back = try await client.execute(uri: "/v1/reports/\(draft.id)", method: .put, headers: .json(ann), body: try Self.body(touched, parties: try JSONSerialization.jsonObject(with: try WireCoding.encoder().encode(report.parties.all.map { Components.Schemas.Party($0) }))))
            #expect(back.status == .ok, "\(String(buffer: back.body))")
            report = try CrashReport(wire: try WireCoding.decoder().decode(Components.Schemas.Report.self, from: Data(buffer: back.body)))

            // A kind the contract does not know is refused as the request's shape.
            let unknown = try await client.execute(
                uri: "/v1/reports/\(draft.id)", method: .put, headers: .json(ann), body: try Self.body(report, parties: [["id": id, "kind": "bus"]])
            )
            #expect(unknown.status == .badRequest)
            let everyone = try await client.execute(
                uri: "/v1/reports/\(draft.id)", method: .put, headers: .json(ann),
                body: try Self.body(report, parties: [["id": id, "kind": "motor-vehicle", "hurt": ["everyone"]]])
            )
            #expect(everyone.status == .badRequest)
            // Nothing refused changed what the server keeps.
            let after = try await client.execute(uri: "/v1/reports/\(draft.id)", method: .get, headers: .bearer(ann))
            let kept = try CrashReport(wire: try WireCoding.decoder().decode(Components.Schemas.Report.self, from: Data(buffer: after.body)))
            #expect(kept.parties == (try CrashParties.sample()))

            // An app from before parties sends no list: its save keeps the parties the server holds.
            var older = kept
            try older.setNote("from an older app")
            let encoded = try WireCoding.encoder().encode(Components.Schemas.Report(older))
            var object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
            object.removeValue(forKey: "parties")
            let saved = try await client.execute(
                uri: "/v1/reports/\(draft.id)", method: .put, headers: .json(ann), body: ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: object))
            )
            #expect(saved.status == .ok, "\(String(buffer: saved.body))")
            let afterOlder = try CrashReport(wire: try WireCoding.decoder().decode(Components.Schemas.Report.self, from: Data(buffer: saved.body)))
            #expect(afterOlder.parties == (try CrashParties.sample()) && afterOlder.otherDriverNote == "from an older app")
            // This version's empty list clears them.
            let cleared = try await client.execute(uri: "/v1/reports/\(draft.id)", method: .put, headers: .json(ann), body: try Self.body(afterOlder, parties: []))
            #expect(cleared.status == .ok, "\(String(buffer: cleared.body))")
            let none = try CrashReport(wire: try WireCoding.decoder().decode(Components.Schemas.Report.self, from: Data(buffer: cleared.body)))
            #expect(none.parties.isAlone)
        }
    }

    @Test("A pile-up submitted: each statement's acts are recorded as its own, and the handler's page heads C's record with its number")
    func eachStatementsRecordOnTheHandlersPage() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let handler = try await harness.add("hana", kind: .handler)
        try await harness.withClient { client in
            var report = CrashReport.stub(crashID: .anyLocal())
            var withB = AccidentStatement.empty
            try withB.vehicleB.set(.plate, to: "BXY-123")
            try report.setStatement(withB)
            let sample = try CrashParties.sample()
            try report.changeParties { parties throws(PartyError) in parties = sample }
            let c = StatementPair.vehicle(CrashParties.vehicleC)
            try report.signStatement(.a, in: c, name: "Jane Driver", verification: .driversDevice(account: "ann"), at: Date())
            try report.signStatement(.b, in: c, name: "Carl Third", verification: .sameDevice, at: Date())
            try report.complete(at: Date())
            let put = try await client.execute(uri: "/v1/reports/\(report.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(report)))
            #expect(put.status == .ok || put.status == .created, "\(String(buffer: put.body))")
            #expect(try await client.execute(uri: "/v1/reports/\(report.id)/submit", method: .post, headers: .bearer(ann)).status == .ok)
            let list = try await client.execute(uri: "/v1/claims", method: .get, headers: .bearer(handler))
            let claim = try #require(try Wire.decode(Components.Schemas.ClaimList.self, list.body).claims.first { $0.report.id == report.id.description })
            let detail = try Wire.decode(Components.Schemas.Claim.self, try await client.execute(uri: "/v1/claims/\(claim.id)", method: .get, headers: .bearer(handler)).body)
            #expect(detail.signingRecord?.map(\.party) == [CrashParties.vehicleC.description, CrashParties.vehicleC.description])
            let (session, _) = try await HandlerPagesRouteTests.signIn(client, token: handler)
            let cookie: HTTPFields = [.cookie: "\(HandlerPages.sessionCookie)=\(try #require(session))"]
            let html = String(buffer: try await client.execute(uri: "/handler/claims/\(claim.id)", method: .get, headers: cookie).body)
            let page = HandlerPagesRouteTests.text(html)
            // B's statement has no act: no record of it; C's is headed with its number among the parties (3).
            #expect(!page.contains("Signing record Every"), "\(page)")
            #expect(page.contains("Signing record of the statement with party 3"), "\(page)")
            #expect(page.contains("1. Vehicle A: signed by Jane Driver, on the driver's own device, signed in as ann"), "\(page)")
            #expect(page.contains("2. Vehicle B: signed by Carl Third, on the driver's device at the scene, not verified"), "\(page)")
            #expect(html.contains("id=\"signing-record-heading-3\""))
            // Its form is on the page, after B's.
            #expect(page.contains("European Accident Statement with party 3"), "\(page)")
        }
    }
}
