import Domain
import Foundation
import Testing
import TestSupport
import WireAPI
import ServerTestSupport

/// The first notice of loss, from the server binary to a receiver that checks every signature with the Standard
/// Webhooks reference library (`standardwebhooks`, from PyPI).
@Suite("The insurer's webhook", .serialized, .ownThreads)
struct ServerWebhookLiveTests {
    static let secret = "whsec_" + Data((0..<32).map { UInt8($0 * 7 % 251) }).base64EncodedString()

    /// Stores a report with a note for `token` and submits it; returns it as submitted.
    static func submitReport(_ server: ServerProcess, token: String, note: String, id: ReportID? = nil) throws -> CrashReport {
        let report = CrashReport.stub(id: id ?? ReportID(), injuries: [.myself, .otherDriver], note: note)
        let saved = try LoopbackConnection.request(
            port: server.port, "PUT", "/v1/reports/\(report.id)", token: token, headers: [("Content-Type", "application/json")],
            body: try WireCoding.encoder().encode(Components.Schemas.Report(report))
        )
        guard saved.status == 200 || saved.status == 201 else { throw ServerProcess.Failure(description: "save: \(saved.status)") }
        let submitted = try LoopbackConnection.request(port: server.port, "POST", "/v1/reports/\(report.id)/submit", token: token)
        guard submitted.status == 200 else { throw ServerProcess.Failure(description: "submit: \(submitted.status)") }
        return try CrashReport(wire: WireCoding.decoder().decode(Components.Schemas.Report.self, from: submitted.body))
    }

    @Test("A receiver answering 500 twice then 200 gets one report's notice three times under one id, each signature valid, a tampered body refused")
    func retriedWithOneID() throws {
        let receiver = try WebhookReceiver(secret: Self.secret, failFirst: 2)
        defer { receiver.stop() }
        let server = try ServerProcess(arguments: ["--webhook-url", receiver.url, "--webhook-secret", Self.secret])
        defer { _ = try? server.stop() }
        let ann = try server.add("ann")
        let report = try Self.submitReport(server, token: ann, note: "white van, <script>alert(1)</script>")

        // The first notice three times, then (its photos and PDF all in) the second event once.
        let all = try receiver.waitFor(4)
        #expect(all.count == 4)
        let deliveries = Array(all.prefix(3))
        #expect(deliveries.map { $0["status"] as? Int } == [500, 500, 200])
        let body = try #require(deliveries.last?["body"] as? [String: Any])
        let data = try #require(body["data"] as? [String: Any])
        let claim = try #require(data["claim"] as? String)
        #expect(Set(deliveries.compactMap { $0["id"] as? String }) == ["fnol_\(claim)"])
        #expect(all.last?["id"] as? String == "docs_\(claim)")
        #expect((all.last?["body"] as? [String: Any])?["type"] as? String == "claim.documents_complete")
        #expect(data["pending"] as? [Any] != nil && (data["pending"] as? [Any])?.isEmpty == true)
        for delivery in all {
            #expect(delivery["verified"] as? Bool == true, "\(delivery["why"] ?? "")")
            #expect(delivery["tamperedDiffers"] as? Bool == true)
            #expect(delivery["tamperedVerified"] as? Bool == false)
        }
        #expect(body["type"] as? String == "claim.first_notice_of_loss")
        #expect(data["crashId"] as? String == report.crashID.rawValue)
        #expect(data["reportId"] as? String == report.id.description)
        let policyholder = try #require(data["policyholder"] as? [String: Any])
        #expect(policyholder["account"] as? String == "ann")
        #expect(policyholder["phone"] as? String == ServerProcess.testPhone)
        let loss = try #require(data["loss"] as? [String: Any])
        #expect(loss["description"] as? String == "white van, <script>alert(1)</script>")
        let injuries = try #require(data["injuries"] as? [String: Any])
        #expect(injuries["reported"] as? Bool == true)
        #expect(injuries["who"] as? [String] == ["myself", "other-driver"])
        let documents = try #require(data["documents"] as? [[String: Any]])
        #expect(documents.first?["kind"] as? String == "crash-report")
        #expect((documents.first?["sha256"] as? String)?.count == 64)

        // Delivered: no more tries, and submitting again (already completed) sends nothing.
        let again = try LoopbackConnection.request(port: server.port, "POST", "/v1/reports/\(report.id)/submit", token: ann)
        #expect(again.status == 200)
        Thread.sleep(forTimeInterval: 2.5)
        #expect(receiver.deliveries().count == 4)
        #expect(server.output.contains("submitted reports are sent to the claims system at \(receiver.url)"))
    }

    @Test("A report submitted with its photos still on their way is told at once, naming them; the second event follows when the last one lands, with the PDF")
    func toldBeforeThePhotos() throws {
        let receiver = try WebhookReceiver(secret: Self.secret, failFirst: 0)
        defer { receiver.stop() }
        let server = try ServerProcess(arguments: ["--webhook-url", receiver.url, "--webhook-secret", Self.secret])
        defer { _ = try? server.stop() }
        let ann = try server.add("ann")
        let handler = try server.add("hana", kind: "handler")
        let photos = [try Fixtures.distinctJPEG(31), try Fixtures.distinctJPEG(32)]
        var report = CrashReport.stub(injuries: [.myself], note: "hurt, photos to follow")
        for bytes in photos { try report.addPhoto(try makePhoto(bytes, section: .crashScene)) }
        let saved = try LoopbackConnection.request(
            port: server.port, "PUT", "/v1/reports/\(report.id)", token: ann, headers: [("Content-Type", "application/json")],
            body: try WireCoding.encoder().encode(Components.Schemas.Report(report))
        )
        #expect(saved.status == 201)
        let submitted = try LoopbackConnection.request(port: server.port, "POST", "/v1/reports/\(report.id)/submit", token: ann)
        #expect(submitted.status == 200)

        // Told at once: the injury, both photos and the PDF pending, nothing to download yet.
        let first = try #require(try receiver.waitFor(1).first)
        #expect(first["verified"] as? Bool == true)
        let notice = try #require((first["body"] as? [String: Any])?["data"] as? [String: Any])
        let claim = try #require(notice["claim"] as? String)
        #expect(first["id"] as? String == "fnol_\(claim)")
        #expect((notice["injuries"] as? [String: Any])?["reported"] as? Bool == true)
        #expect((notice["documents"] as? [Any])?.isEmpty == true)
        let pending = try #require(notice["pending"] as? [[String: Any]])
        #expect(pending.map { $0["kind"] as? String } == ["photo", "photo", "crash-report"])
        #expect(pending.compactMap { $0["sha256"] as? String } == photos.map(Wire.sha256))

        // The handler's API says which photos are still arriving, and the PDF is not there yet.
        let waiting = try LoopbackConnection.request(port: server.port, "GET", "/v1/claims/\(claim)", token: handler)
        let waitingClaim = try WireCoding.decoder().decode(Components.Schemas.Claim.self, from: waiting.body)
        #expect(waitingClaim.photos.map(\.arrived) == [false, false])
        #expect(try LoopbackConnection.request(port: server.port, "GET", "/v1/claims/\(claim)/report.pdf", token: handler).status == 404)

        // One photo in: nothing more is sent.
        try ServerErasureLiveTests.upload(photos[0], port: server.port, token: ann)
        Thread.sleep(forTimeInterval: 1.5)
        #expect(receiver.deliveries().count == 1)
        let half = try LoopbackConnection.request(port: server.port, "GET", "/v1/claims/\(claim)", token: handler)
        #expect(try WireCoding.decoder().decode(Components.Schemas.Claim.self, from: half.body).photos.map(\.arrived) == [true, false])

        // The last one in: the PDF is drawn and the second event lists everything.
        try ServerErasureLiveTests.upload(photos[1], port: server.port, token: ann)
        let both = try receiver.waitFor(2)
        let second = try #require(both.last)
        #expect(second["id"] as? String == "docs_\(claim)")
        #expect(second["verified"] as? Bool == true)
        let complete = try #require(second["body"] as? [String: Any])
        #expect(complete["type"] as? String == "claim.documents_complete")
        let documents = try #require((complete["data"] as? [String: Any])?["documents"] as? [[String: Any]])
        #expect(documents.map { $0["kind"] as? String } == ["crash-report", "photo", "photo"])
        let pdf = try LoopbackConnection.request(port: server.port, "GET", "/v1/claims/\(claim)/report.pdf", token: handler)
        #expect(pdf.status == 200)
        #expect(documents.first?["sha256"] as? String == Wire.sha256(pdf.body))
    }

    @Test("Each submitted report is one delivery with its own id, also two drivers' reports of one report id; a wrong secret is refused at start naming the rule")
    func oneDeliveryPerSubmit() throws {
        let receiver = try WebhookReceiver(secret: Self.secret, failFirst: 0)
        defer { receiver.stop() }
        let server = try ServerProcess(
            arguments: ["--webhook-url", receiver.url], environment: ["CRASH_ASSISTANT_WEBHOOK_SECRET": Self.secret]
        )
        defer { _ = try? server.stop() }
        let ann = try server.add("ann")
        let first = try Self.submitReport(server, token: ann, note: "first")
        _ = try Self.submitReport(server, token: ann, note: "second")
        // Another driver's report with the first one's id (a report's id is its owner's to choose).
        let bob = try server.add("bob")
        let third = try Self.submitReport(server, token: bob, note: "third", id: first.id)
        #expect(third.id == first.id)
        // Each report's first notice and its second event: six deliveries.
        let all = try receiver.waitFor(6)
        Thread.sleep(forTimeInterval: 1.5)
        #expect(receiver.deliveries().count == 6)
        let deliveries = all.filter { ($0["id"] as? String)?.hasPrefix("fnol_") == true }
        let claims = deliveries.compactMap { (($0["body"] as? [String: Any])?["data"] as? [String: Any])?["claim"] as? String }
        #expect(Set(claims).count == 3)
        // Three ids, each the claim's own: a receiver that drops repeated ids keeps all three.
        #expect(deliveries.compactMap { $0["id"] as? String } == claims.map { "fnol_\($0)" })
        #expect(Set(deliveries.compactMap { $0["id"] as? String }).count == 3)
        // Each claim's second event after its first notice.
        let ids = all.compactMap { $0["id"] as? String }
        for claim in claims {
            let first = try #require(ids.firstIndex(of: "fnol_\(claim)")), second = try #require(ids.firstIndex(of: "docs_\(claim)"))
            #expect(first < second)
        }
        #expect(all.allSatisfy { $0["verified"] as? Bool == true })

        let refused = try ServerProcess.run(["serve", "--port", "0", "--webhook-url", receiver.url, "--webhook-secret", "not-a-secret"])
        #expect(refused.status == 64)
        #expect(refused.errors.contains("whsec_"))
    }

    @Test("An acknowledgement is told as given (claim.acknowledged, valid against its schema), then the PDF's new version: a signed event announces its hash after the report's earlier events, and the hash the first events named is still served byte for byte")
    func aNewVersionIsAnnounced() throws {
        let receiver = try WebhookReceiver(secret: Self.secret, failFirst: 0)
        defer { receiver.stop() }
        let server = try ServerProcess(arguments: ["--webhook-url", receiver.url, "--webhook-secret", Self.secret])
        defer { _ = try? server.stop() }
        let ann = try server.add("ann")
        let handler = try server.add("hana", kind: "handler")
        _ = try Self.submitReport(server, token: ann, note: "white van")
        let told = try receiver.waitFor(2)
        let complete = try #require((told.last?["body"] as? [String: Any])?["data"] as? [String: Any])
        let claim = try #require(complete["claim"] as? String)
        let named = try #require((complete["documents"] as? [[String: Any]])?.first { $0["kind"] as? String == "crash-report" })
        let namedHash = try #require(named["sha256"] as? String)
        #expect(named["version"] as? Int == 1)
        #expect((named["url"] as? String)?.hasSuffix("/v1/claims/\(claim)/documents/\(namedHash)") == true)

        let acknowledged = try LoopbackConnection.request(
            port: server.port, "PUT", "/v1/claims/\(claim)/acknowledgement", token: handler, headers: [("Content-Type", "application/json")],
            body: Data(#"{"claimNumber":"2026-04417","message":"We call you today: \"Ann\" <b>"}"#.utf8)
        )
        #expect(acknowledged.status == 200)
        let all = try receiver.waitFor(4)
        // The acknowledgement first, as it was given, then the PDF drawn with its claim number.
        let ack = all[2]
        let ackBody = try #require(ack["body"] as? [String: Any])
        let ackData = try #require(ackBody["data"] as? [String: Any])
        let at = try #require((ackData["acknowledgedAt"] as? String).flatMap { try? Date($0, strategy: .iso8601) })
        #expect(ack["id"] as? String == "ack_\(claim)_\(Int64((at.timeIntervalSince1970 * 1_000).rounded()))")
        #expect(ack["verified"] as? Bool == true && ack["tamperedVerified"] as? Bool == false)
        #expect(ackBody["type"] as? String == "claim.acknowledged")
        #expect(ackData["claimNumber"] as? String == "2026-04417" && ackData["message"] as? String == #"We call you today: "Ann" <b>"#)
        #expect(ackData["handler"] as? String == "hana" && ackData["claim"] as? String == claim)
        let checked = try WireSchemaCheck.check(ackBody, as: "ClaimAcknowledged")
        #expect(checked == "valid", "\(checked)")
        // The same acknowledgement again is none: nothing more is told.
        let repeated = try LoopbackConnection.request(
            port: server.port, "PUT", "/v1/claims/\(claim)/acknowledgement", token: handler, headers: [("Content-Type", "application/json")],
            body: Data(#"{"claimNumber":"2026-04417","message":"We call you today: \"Ann\" <b>"}"#.utf8)
        )
        #expect(repeated.status == 200)
        let event = try #require(all.last)
        #expect(event["id"] as? String == "docv_\(claim)_2")
        #expect(event["verified"] as? Bool == true, "\(event["why"] ?? "")")
        #expect(event["tamperedVerified"] as? Bool == false)
        let body = try #require(event["body"] as? [String: Any])
        #expect(body["type"] as? String == "claim.document_version_added")
        let data = try #require(body["data"] as? [String: Any])
        let version = try #require(data["version"] as? [String: Any])
        #expect(version["number"] as? Int == 2)
        #expect(version["reason"] as? String == "acknowledged")
        let versions = try #require(data["versions"] as? [[String: Any]])
        #expect(versions.compactMap { $0["sha256"] as? String }.first == namedHash)

        // The newest is the claim's PDF; the one the notice named is still there, the same bytes.
        Thread.sleep(forTimeInterval: 1.5)
        #expect(receiver.deliveries().count == 4)
        let newest = try LoopbackConnection.request(port: server.port, "GET", "/v1/claims/\(claim)/report.pdf", token: handler)
        #expect(Wire.sha256(newest.body) == version["sha256"] as? String)
        let first = try LoopbackConnection.request(port: server.port, "GET", "/v1/claims/\(claim)/documents/\(namedHash)", token: handler)
        #expect(first.status == 200)
        #expect(Wire.sha256(first.body) == namedHash)
    }
}
