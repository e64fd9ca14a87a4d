import Domain
import Foundation
import Testing
import TestSupport
import WireAPI

/// The first notice of loss, from the server binary to a receiver that checks every signature with the Standard
/// Webhooks reference library (`standardwebhooks`, from PyPI).
@Suite("The insurer's webhook", .serialized)
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

        let deliveries = try receiver.waitFor(3)
        #expect(deliveries.count == 3)
        #expect(deliveries.map { $0["status"] as? Int } == [500, 500, 200])
        let body = try #require(deliveries.last?["body"] as? [String: Any])
        let data = try #require(body["data"] as? [String: Any])
        let claim = try #require(data["claim"] as? String)
        #expect(Set(deliveries.compactMap { $0["id"] as? String }) == ["fnol_\(claim)"])
        for delivery in deliveries {
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
        #expect(receiver.deliveries().count == 3)
        #expect(server.output.contains("submitted reports are sent to the claims system at \(receiver.url)"))
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
        let deliveries = try receiver.waitFor(3)
        Thread.sleep(forTimeInterval: 1.5)
        #expect(receiver.deliveries().count == 3)
        let claims = deliveries.compactMap { (($0["body"] as? [String: Any])?["data"] as? [String: Any])?["claim"] as? String }
        #expect(Set(claims).count == 3)
        // Three ids, each the claim's own: a receiver that drops repeated ids keeps all three.
        #expect(deliveries.compactMap { $0["id"] as? String } == claims.map { "fnol_\($0)" })
        #expect(Set(deliveries.compactMap { $0["id"] as? String }).count == 3)
        #expect(deliveries.allSatisfy { $0["verified"] as? Bool == true })

        let refused = try ServerProcess.run(["serve", "--port", "0", "--webhook-url", receiver.url, "--webhook-secret", "not-a-secret"])
        #expect(refused.status == 64)
        #expect(refused.errors.contains("whsec_"))
    }
}
