import Domain
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import ServerCore
import Testing
import TestSupport
import WireAPI
import ServerTestSupport

@Suite("Server claim routes", .ownThreads)
struct ServerClaimRouteTests {
    /// Ann's report with one photo, uploaded and submitted; its claim as a handler lists it.
    /// - Parameter harness: where the other driver's credit for column B is written, when `statement` gives it (as
    ///   their link's flow writes it: the driver's routes refuse it).
    static func submitted(
        _ client: any TestClientProtocol, ann: String, handler: String, note: String = "white van", statement: AccidentStatement = .empty,
        harness: ServerHarness? = nil
    ) async throws -> (CrashReport, Components.Schemas.Claim, Data) {
        let jpeg = try Fixtures.jpeg()
        var draft = try makeDraft(crashID: "CR-\(String(UUID().uuidString.prefix(8)).replacingOccurrences(of: "0", with: "2").replacingOccurrences(of: "1", with: "3"))", photos: [try makePhoto(jpeg)])
        try draft.setNote(note)
        var sent = statement
        sent.vehicleB.markEnteredByOtherDriver(at: nil)
        try draft.setStatement(statement.vehicleB.enteredByOtherDriverAt == nil ? statement : sent)
        let uri = "/v1/reports/\(draft.id)"
        _ = try await client.execute(uri: uri, method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(draft)))
        if statement.vehicleB.enteredByOtherDriverAt != nil {
            let harness = try #require(harness, "a statement with the other driver's credit needs the harness to write it")
            try await harness.witness(draft.id, token: ann) { try $0.setStatement(statement) }
        }
        var photoHeaders = HTTPFields.bearer(ann)
        photoHeaders[.contentType] = "image/jpeg"
        _ = try await client.execute(uri: "/v1/photos/\(Wire.sha256(jpeg))", method: .put, headers: photoHeaders, body: ByteBuffer(bytes: jpeg))
        let submitted = try await client.execute(uri: uri + "/submit", method: .post, headers: .bearer(ann))
        #expect(submitted.status == .ok)
        let report = try Wire.report(submitted.body)
        let list = try await client.execute(uri: "/v1/claims", method: .get, headers: .bearer(handler))
        let claims = try Wire.decode(Components.Schemas.ClaimList.self, list.body).claims
        let claim = try #require(claims.first { $0.report.id == report.id.description })
        return (report, claim, jpeg)
    }

    @Test("Only a handler's token opens the claims, and a handler's token opens no driver's route")
    func handlersOnly() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let detector = try await harness.add("car-maker", kind: .detector)
        let handler = try await harness.add("hana", kind: .handler)
        try await harness.withClient { client in
            for token in [ann, detector] {
                let response = try await client.execute(uri: "/v1/claims", method: .get, headers: .bearer(token))
                #expect(response.status == .unauthorized)
                #expect(try Wire.problem(response.body).detail.contains("handler add"))
            }
            for uri in ["/v1/reports", "/v1/changes"] {
                let response = try await client.execute(uri: uri, method: .get, headers: .bearer(handler))
                #expect(response.status == .unauthorized, "\(uri)")
            }
            let account = try await client.execute(uri: "/v1/account", method: .get, headers: .bearer(handler))
            #expect(try Wire.decode(Components.Schemas.AccountInfo.self, account.body).kind == .handler)
        }
    }

    @Test("A handler reads every driver's submitted reports, not their drafts, with the PDF and photos the report names")
    func handlersReadSubmittedReports() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann", phone: "+36301234567")
        let bob = try await harness.add("bob")
        let handler = try await harness.add("hana", kind: .handler)
        try await harness.withClient { client in
            let draft = try makeDraft(crashID: "CR-DRAFT234")
            _ = try await client.execute(uri: "/v1/reports/\(draft.id)", method: .put, headers: .json(bob), body: try Wire.body(Components.Schemas.Report(draft)))
            let (report, claim, jpeg) = try await Self.submitted(client, ann: ann, handler: handler)
            let list = try await client.execute(uri: "/v1/claims", method: .get, headers: .bearer(handler))
            let claims = try Wire.decode(Components.Schemas.ClaimList.self, list.body).claims
            #expect(claims.map(\.report.id) == [report.id.description])
            #expect(claim.policyholder.account == "ann")
            #expect(claim.policyholder.phone == "+36301234567")
            #expect(try CrashReport(wire: claim.report) == report)
            #expect(claim.document == "/v1/claims/\(claim.id)/report.pdf")

            let one = try await client.execute(uri: "/v1/claims/\(claim.id)", method: .get, headers: .bearer(handler))
            #expect(one.status == .ok)
            #expect(try Wire.decode(Components.Schemas.Claim.self, one.body).id == claim.id)

            let pdf = try await client.execute(uri: claim.document, method: .get, headers: .bearer(handler))
            #expect(pdf.status == .ok)
            #expect(pdf.headers[.contentType] == "application/pdf")
            #expect(String(buffer: pdf.body).hasPrefix("%PDF-"))
            let photoPath = try #require(claim.photos.first?.path)
            let photo = try await client.execute(uri: photoPath, method: .get, headers: .bearer(handler))
            #expect(photo.status == .ok)
            #expect(Data(buffer: photo.body) == jpeg)
            // A photo the report does not name is not served through it, nor is a claim to a driver.
            let other = try await client.execute(uri: "/v1/claims/\(claim.id)/photos/\(String(repeating: "ab", count: 32))", method: .get, headers: .bearer(handler))
            #expect(other.status == .notFound)
            #expect(try await client.execute(uri: claim.document, method: .get, headers: .bearer(ann)).status == .unauthorized)

            let unknown = try await client.execute(uri: "/v1/claims/\(UUID())", method: .get, headers: .bearer(handler))
            #expect(unknown.status == .notFound)
            #expect(try Wire.problem(unknown.body)._type.hasSuffix("/problems/claim-not-found"))
            let bad = try await client.execute(uri: "/v1/claims/not-a-claim", method: .get, headers: .bearer(handler))
            #expect(bad.status == .badRequest)
        }
    }

    @Test("Acknowledging gives the report the claim number as its next change, the driver reads it, and cannot forge or remove it")
    func acknowledging() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let handler = try await harness.add("hana", kind: .handler)
        try await harness.withClient { client in
            let (report, claim, _) = try await Self.submitted(client, ann: ann, handler: handler)
            let oldPDF = try await client.execute(uri: "/v1/reports/\(report.id)/report.pdf", method: .get, headers: .bearer(ann))
            let uri = "/v1/claims/\(claim.id)/acknowledgement"

            for (body, field) in [
                (#"{"claimNumber":""}"#, "claimNumber"),
                (#"{"claimNumber":"2026 <script>"}"#, "claimNumber"),
                (#"{"claimNumber":"2026-1","message":"bell\u0007"}"#, "message"),
            ] {
                let refused = try await client.execute(uri: uri, method: .put, headers: .json(handler), body: ByteBuffer(string: body))
                #expect(refused.status == .badRequest, "\(body)")
                #expect(try Wire.problem(refused.body).field == field, "\(body) \(String(buffer: refused.body))")
            }
            #expect(try await client.execute(uri: uri, method: .put, headers: .json(ann), body: ByteBuffer(string: #"{"claimNumber":"X-1"}"#)).status == .unauthorized)

            let answer = try await client.execute(
                uri: uri, method: .put, headers: .json(handler),
                body: ByteBuffer(string: #"{"claimNumber":"2026-04417","message":"We will call you today.\nKeep the photos."}"#)
            )
            #expect(answer.status == .ok)
            let acknowledged = try Wire.decode(Components.Schemas.Claim.self, answer.body)
            #expect(acknowledged.report.acknowledgement?.claimNumber == "2026-04417")
            #expect(acknowledged.report.acknowledgement?.handler == "hana")
            #expect(acknowledged.report.revision == Int64(report.revision + 1))

            // The driver reads it with the report; the PDF drawn again names it.
            let read = try Wire.report(try await client.execute(uri: "/v1/reports/\(report.id)", method: .get, headers: .bearer(ann)).body)
            #expect(read.acknowledgement?.claimNumber == "2026-04417")
            #expect(read.acknowledgement?.message == "We will call you today.\nKeep the photos.")
            let newPDF = try await client.execute(uri: "/v1/reports/\(report.id)/report.pdf", method: .get, headers: .bearer(ann))
            #expect(newPDF.status == .ok)
            #expect(Data(buffer: newPDF.body) != Data(buffer: oldPDF.body))

            // Unacknowledged claims no longer list it.
            let open = try await client.execute(uri: "/v1/claims?acknowledged=false", method: .get, headers: .bearer(handler))
            #expect(try Wire.decode(Components.Schemas.ClaimList.self, open.body).claims.isEmpty)

            // A driver's save cannot set or clear it: what a client sends of it is ignored.
            var forged = Components.Schemas.Report(read)
            forged.acknowledgement = .init(claimNumber: "FAKE-1", message: "", acknowledgedAt: Date(), handler: "me")
            let put = try await client.execute(uri: "/v1/reports/\(report.id)", method: .put, headers: .json(ann), body: try Wire.body(forged))
            #expect(put.status == .ok)
            #expect(try Wire.report(put.body).acknowledgement?.claimNumber == "2026-04417")
            var draft = try makeDraft(crashID: "CR-NEWDRAFT")
            try draft.setNote("x")
            var forgedDraft = Components.Schemas.Report(draft)
            forgedDraft.acknowledgement = .init(claimNumber: "FAKE-2", message: "", acknowledgedAt: Date(), handler: "me")
            let refused = try await client.execute(uri: "/v1/reports/\(draft.id)", method: .put, headers: .json(ann), body: try Wire.body(forgedDraft))
            #expect(refused.status == .badRequest)
            #expect(try Wire.problem(refused.body).field == "acknowledgement")
        }
    }

    @Test("An acknowledgement adds a version of the PDF beside the first, which is still served byte for byte under its hash and listed with its reason")
    func acknowledgingAddsADocumentVersion() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let handler = try await harness.add("hana", kind: .handler)
        try await harness.withClient { client in
            let (_, claim, _) = try await Self.submitted(client, ann: ann, handler: handler)
            let first = try await client.execute(uri: "/v1/claims/\(claim.id)/report.pdf", method: .get, headers: .bearer(handler))
            #expect(first.status == .ok)
            let firstBytes = Data(buffer: first.body)
            let firstHash = Wire.sha256(firstBytes)
            let before = try Wire.decode(Components.Schemas.Claim.self, try await client.execute(uri: "/v1/claims/\(claim.id)", method: .get, headers: .bearer(handler)).body)
            #expect(before.documents?.map(\.sha256) == [firstHash])
            #expect(before.documents?.first?.reason == .submitted && before.documents?.first?.number == 1)

            let acknowledged = try await client.execute(
                uri: "/v1/claims/\(claim.id)/acknowledgement", method: .put, headers: .json(handler), body: ByteBuffer(string: #"{"claimNumber":"2026-04417"}"#)
            )
            #expect(acknowledged.status == .ok)
            let after = try Wire.decode(Components.Schemas.Claim.self, try await client.execute(uri: "/v1/claims/\(claim.id)", method: .get, headers: .bearer(handler)).body)
            let versions = try #require(after.documents)
            #expect(versions.map(\.number) == [1, 2])
            #expect(versions.map(\.reason) == [.submitted, .acknowledged])
            #expect(versions[0].sha256 == firstHash && versions[1].sha256 != firstHash)
            #expect(versions[0].url == "/v1/claims/\(claim.id)/documents/\(firstHash)")

            // The newest is the claim's PDF; the first is still served under its hash, the same bytes.
            let newest = try await client.execute(uri: "/v1/claims/\(claim.id)/report.pdf", method: .get, headers: .bearer(handler))
            #expect(Wire.sha256(Data(buffer: newest.body)) == versions[1].sha256)
            let kept = try await client.execute(uri: versions[0].url, method: .get, headers: .bearer(handler))
            #expect(kept.status == .ok)
            #expect(Data(buffer: kept.body) == firstBytes)
            #expect(kept.headers[.contentType] == "application/pdf")
            #expect(kept.headers[.cacheControl]?.contains("immutable") == true)
            // Bytes that are not one of the claim's versions, another's token, a malformed hash.
            let photo = try #require(claim.photos.first?.sha256)
            #expect(try await client.execute(uri: "/v1/claims/\(claim.id)/documents/\(photo)", method: .get, headers: .bearer(handler)).status == .notFound)
            #expect(try await client.execute(uri: versions[0].url, method: .get, headers: .bearer(ann)).status == .unauthorized)
            #expect(try await client.execute(uri: "/v1/claims/\(claim.id)/documents/xyz", method: .get, headers: .bearer(handler)).status == .badRequest)
            // The list leaves the versions out.
            let list = try Wire.decode(Components.Schemas.ClaimList.self, try await client.execute(uri: "/v1/claims", method: .get, headers: .bearer(handler)).body)
            #expect(list.claims.first?.documents == nil)
        }
    }

    @Test("Each acknowledgement is told to the claims system as given, before the PDF version naming it; a correction is told again, the same one again is not; one given up is listed for its claim")
    func acknowledgementsAreTold() async throws {
        let insurer = RecordingClaimsSystem()
        let harness = try ServerHarness(claimsSystem: insurer)
        let ann = try await harness.add("ann")
        let handler = try await harness.add("hana", kind: .handler)
        try await harness.withClient { client in
            let (_, claim, _) = try await Self.submitted(client, ann: ann, handler: handler)
            await harness.doJobs()
            func acknowledge(_ body: String) async throws -> HTTPResponse.Status {
                try await client.execute(
                    uri: "/v1/claims/\(claim.id)/acknowledgement", method: .put, headers: .json(handler), body: ByteBuffer(string: body)
                ).status
            }
            #expect(try await acknowledge(#"{"claimNumber":"2026-04417","message":"Call us \"now\"\n<b>"}"#) == .ok)
            #expect(try await acknowledge(#"{"claimNumber":"2026-04417","message":"Call us \"now\"\n<b>"}"#) == .ok)
            #expect(try await acknowledge(#"{"claimNumber":"2026-04418"}"#) == .ok)
            await harness.doJobs()
            let told = await insurer.delivered
            #expect(told.map(\.event) == [.firstNoticeOfLoss, .documentsComplete, .acknowledged, .documentVersionAdded, .acknowledged, .documentVersionAdded])
            let acknowledgements = told.compactMap(\.documents.acknowledged)
            #expect(acknowledgements.map(\.claimNumber) == ["2026-04417", "2026-04418"])
            #expect(acknowledgements.first?.message == "Call us \"now\"\n<b>" && acknowledgements.first?.handler == "hana")
            // The deliveries kept for the claim, the first queued first, each with its own id.
            let kept = try await harness.store.webhookDeliveries(DeliveryQuery(), limit: 10).reversed()
            #expect(kept.map(\.event) == told.map(\.event))
            #expect(kept.allSatisfy { $0.state == .delivered })
            let claimID = try #require(ClaimID(text: claim.id))
            let ids = kept.compactMap { $0.webhookID(claim: claimID) }
            #expect(Set(ids).count == 6 && ids[2].hasPrefix("ack_\(claim.id)_") && ids[2] != ids[4])
        }
    }

    @Test("A claim acknowledged while its photo is on its way: the acknowledgement is stored, and the PDF drawn when the photo lands names the claim number")
    func acknowledgedBeforeThePhotos() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let handler = try await harness.add("hana", kind: .handler)
        let jpeg = try Fixtures.distinctJPEG(51)
        var draft = try makeDraft(crashID: "CR-ACKB4PH2", photos: [try makePhoto(jpeg)])
        try draft.setNote("photo to follow")
        let uri = "/v1/reports/\(draft.id)"
        let body = try Wire.body(Components.Schemas.Report(draft))
        try await harness.withClient { client in
            _ = try await client.execute(uri: uri, method: .put, headers: .json(ann), body: body)
            #expect(try await client.execute(uri: uri + "/submit", method: .post, headers: .bearer(ann)).status == .ok)
            let list = try await client.execute(uri: "/v1/claims", method: .get, headers: .bearer(handler))
            let claim = try #require(try Wire.decode(Components.Schemas.ClaimList.self, list.body).claims.first)
            #expect(claim.photos.map(\.arrived) == [false])
            let photo = try await client.execute(uri: claim.photos[0].path, method: .get, headers: .bearer(handler))
            #expect(photo.status == .notFound)

            let answer = try await client.execute(
                uri: "/v1/claims/\(claim.id)/acknowledgement", method: .put, headers: .json(handler),
                body: ByteBuffer(string: #"{"claimNumber":"2026-77001"}"#)
            )
            #expect(answer.status == .ok)
            #expect(try await client.execute(uri: uri + "/report.pdf", method: .get, headers: .bearer(ann)).status == .notFound)

            var photoHeaders = HTTPFields.bearer(ann)
            photoHeaders[.contentType] = "image/jpeg"
            let upload = try await client.execute(uri: "/v1/photos/\(Wire.sha256(jpeg))", method: .put, headers: photoHeaders, body: ByteBuffer(bytes: jpeg))
            #expect(upload.status == .created)
            let pdf = try await client.execute(uri: uri + "/report.pdf", method: .get, headers: .bearer(ann))
            #expect(pdf.status == .ok)
            let path = harness.scratch.appendingPathComponent("acknowledged-before.pdf").path
            try Data(buffer: pdf.body).write(to: URL(fileURLWithPath: path))
            #expect(try PDFTools().text(path).contains("2026-77001"))
            let read = try await client.execute(uri: "/v1/claims/\(claim.id)", method: .get, headers: .bearer(handler))
            #expect(try Wire.decode(Components.Schemas.Claim.self, read.body).photos.map(\.arrived) == [true])
        }
    }

    @Test("Claims come in pages with a cursor, filtered by submission time; a bad cursor or limit is 400")
    func paging() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let handler = try await harness.add("hana", kind: .handler)
        try await harness.withClient { client in
            var ids: [String] = []
            for index in 0..<3 {
                ids.append(try await Self.submitted(client, ann: ann, handler: handler, note: "crash \(index)").1.id)
            }
            var seen: [String] = []
            var uri = "/v1/claims?limit=2"
            while true {
                let page = try Wire.decode(Components.Schemas.ClaimList.self, try await client.execute(uri: uri, method: .get, headers: .bearer(handler)).body)
                seen += page.claims.map(\.id)
                guard let next = page.nextCursor else { break }
                uri = "/v1/claims?limit=2&cursor=\(next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? next)"
            }
            #expect(seen == ids.reversed())
            let all = try Wire.decode(Components.Schemas.ClaimList.self, try await client.execute(uri: "/v1/claims", method: .get, headers: .bearer(handler)).body).claims
            let from = ISO8601DateFormatter().string(from: all[1].submittedAt.addingTimeInterval(-0.000_5))
            let recent = try await client.execute(uri: "/v1/claims?submittedFrom=\(from)", method: .get, headers: .bearer(handler))
            #expect(try Wire.decode(Components.Schemas.ClaimList.self, recent.body).claims.count >= 1)
            for query in ["cursor=nonsense", "limit=0", "limit=201", "submittedFrom=yesterday"] {
                let refused = try await client.execute(uri: "/v1/claims?\(query)", method: .get, headers: .bearer(handler))
                #expect(refused.status == .badRequest, "\(query)")
            }
        }
    }

    @Test("Two handlers acknowledging one claim at once leave one acknowledgement and the PDF naming it, every time")
    func concurrentAcknowledgementsKeepTheirPDF() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let handler = try await harness.add("hana", kind: .handler)
        try await harness.withClient { client in
            let pdf = try PDFTools()
            defer { pdf.cleanUp() }
            let (_, wire, _) = try await Self.submitted(client, ann: ann, handler: handler)
            let id = try #require(ClaimID(text: wire.id))
            let hana = try #require(try await harness.store.account(for: TokenDigest(token: handler)))
            for round in 0..<4 {
                async let first = harness.services.claims.acknowledge(id, claimNumber: "2026-A\(round)", message: "", by: hana)
                async let second = harness.services.claims.acknowledge(id, claimNumber: "2026-B\(round)", message: "", by: hana)
                _ = try await (first, second)
                let claim = try await harness.services.claims.claim(id)
                let number = try #require(claim.report.acknowledgement?.claimNumber)
                let document = try #require(try await harness.store.document(for: claim.report.id, owner: claim.owner))
                let text = try pdf.text(try pdf.write(try await harness.blobs.bytes(of: document, kind: .document), name: "round-\(round).pdf"))
                #expect(text.contains(number), "round \(round): the claim says \(number), its PDF does not")
            }
        }
    }
}
