import Domain
import Foundation
import Logging
import ServerCore
import ServerGateways
import Testing
import TestSupport
import WireAPI
import ServerTestSupport

/// The SMS path through a real Kannel gateway (bearerbox and smsbox on loopback, Kannel's fake SMS centre as the
/// phone network), against the server binary.
@Suite("SMS through Kannel", .serialized, .ownThreads)
struct ServerSMSGatewayLiveTests {
    /// A server sending through `gateway`, its delivery reports coming back to it on loopback.
    static func server(_ gateway: KannelGateway, dataFolder: URL? = nil) throws -> ServerProcess {
        let port = try LoopbackPort.free()
        return try ServerProcess(dataFolder: dataFolder, port: port, arguments: [
            "--public-url", "https://claims.example.com",
            "--sms-url", gateway.smsURL() + "&report-url=http://127.0.0.1:\(port)",
        ])
    }

    /// A server sending through `gateway`, its driver ann (with a phone number) and a detector's token.
    static func serverWithDriver(_ gateway: KannelGateway) throws -> (ServerProcess, String) {
        let server = try server(gateway)
        _ = try server.add("ann")
        return (server, try server.add("detector-1", kind: "detector"))
    }

    /// When the tests' crashes happened: a minute before the run began.
    static let detectedAt = Date().addingTimeInterval(-60)

    static func postEvent(_ server: ServerProcess, detector: String, eventID: String) throws -> (status: Int, receipt: Components.Schemas.CrashEventReceipt) {
        let event = Components.Schemas.CrashEvent(
            user: "ann", eventId: eventID, detectedAt: detectedAt,
            position: .init(latitude: 47.4979, longitude: 19.0402, accuracyMeters: 5, trusted: true),
            airbagsDeployed: true, rollover: false, test: false
        )
        let answer = try LoopbackConnection.request(
            port: server.port, "POST", "/v1/crash-events", token: detector,
            headers: [("Content-Type", "application/json"), ("Idempotency-Key", eventID)], body: try WireCoding.encoder().encode(event)
        )
        return (answer.status, try WireCoding.decoder().decode(Components.Schemas.CrashEventReceipt.self, from: answer.body))
    }

    /// The states `sms list --crash` gives for a crash, oldest first.
    static func states(_ server: ServerProcess, crashID: String) throws -> [String] {
        let listed = try ServerProcess.run(["sms", "list", "--crash", crashID, "--json", "--data", server.dataFolder.path])
        return listed.output.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["state"] as? String
        }.reversed()
    }

    /// Waits (up to 20 s) until the crash's one SMS is in `state`.
    static func waitForState(_ state: String, _ server: ServerProcess, crashID: String) throws {
        for _ in 0..<200 {
            if try states(server, crashID: crashID) == [state] { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw ServerProcess.Failure(description: "the SMS about \(crashID) is \(try states(server, crashID: crashID)), not \(state)")
    }

    /// Waits (up to 30 s) until the server logged that a job failed (the gateway could not be reached).
    static func waitForAFailedTry(_ server: ServerProcess) throws {
        for _ in 0..<300 {
            if server.output.contains("a job failed") { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw ServerProcess.Failure(description: "no failed try in 30 s: \(server.output.suffix(2_000))")
    }

    @Test("A crash event texts the driver's number through Kannel once, with the web link; the delivery report makes it delivered")
    func aCrashEventReachesThePhone() throws {
        let gateway = try KannelGateway()
        defer { gateway.stop() }
        let (server, detector) = try Self.serverWithDriver(gateway)
        defer { _ = try? server.stop() }

        let (status, receipt) = try Self.postEvent(server, detector: detector, eventID: "evt-1")
        #expect(status == 201)
        #expect(receipt.sms.state == .queued || receipt.sms.state == .accepted)
        let messages = try gateway.waitForMessages(1)
        #expect(messages.count == 1)
        let sms = try #require(messages.first)
        #expect(sms.to == ServerProcess.testPhone)
        #expect(sms.from == "CrashAsst")
        #expect(sms.kind == "text")
        #expect(sms.text.contains("https://claims.example.com/c/\(receipt.crashId)"))
        try Self.waitForState("delivered", server, crashID: receipt.crashId)

        // The same event again sends nothing more.
        let (again, repeated) = try Self.postEvent(server, detector: detector, eventID: "evt-1")
        #expect(again == 200)
        #expect(repeated.sms.state == .delivered)
        Thread.sleep(forTimeInterval: 1.5)
        #expect(gateway.received().count == 1)
        #expect(server.output.contains("SMS through Kannel at 127.0.0.1:\(gateway.sendsmsPort)"))
        // One delivery report came, the final one (the intermediate ones are not asked for): logged by its path, its
        // report token left out.
        let reports = server.output.split(separator: "\n").filter { $0.contains("hb.request.route=") && $0.contains("/delivery") }
        #expect(reports.count == 1, "\(reports)")
        #expect(!server.output.contains("token="))
    }

    @Test("With Kannel down the SMS waits, and goes once when it is back")
    func theSMSWaitsForTheGateway() throws {
        let gateway = try KannelGateway()
        defer { gateway.stop() }
        let (server, detector) = try Self.serverWithDriver(gateway)
        defer { _ = try? server.stop() }

        try gateway.stopGateway()
        let (status, receipt) = try Self.postEvent(server, detector: detector, eventID: "evt-2")
        #expect(status == 201)
        try Self.waitForAFailedTry(server)
        #expect(try Self.states(server, crashID: receipt.crashId) == ["queued"])
        #expect(gateway.received().isEmpty)
        #expect(server.output.contains("the SMS gateway at 127.0.0.1:\(gateway.sendsmsPort) could not be reached"))

        try gateway.startGateway()
        let messages = try gateway.waitForMessages(1, seconds: 45)
        #expect(messages.map(\.to) == [ServerProcess.testPhone])
        try Self.waitForState("delivered", server, crashID: receipt.crashId)
        Thread.sleep(forTimeInterval: 1.5)
        #expect(gateway.received().count == 1)
    }

    @Test("An instance killed right after the crash event was stored still sends its SMS, once, when it starts again")
    func theSMSSurvivesAKill() throws {
        let gateway = try KannelGateway()
        defer { gateway.stop() }
        let (server, detector) = try Self.serverWithDriver(gateway)
        defer { _ = try? server.stop() }

        // The gateway is down, so nothing can leave before the kill: the event is stored, its SMS not sent. (Killed
        // while its job is between tries; killed in the middle of a try, the job waits for its lease to run out.)
        try gateway.stopGateway()
        let (status, receipt) = try Self.postEvent(server, detector: detector, eventID: "evt-3")
        #expect(status == 201)
        try Self.waitForAFailedTry(server)
        try server.kill()
        try gateway.startGateway()
        #expect(gateway.received().isEmpty)

        let again = try server.restarted()
        defer { _ = try? again.stop() }
        // At once when the kill fell between tries; within the job's lease (2 minutes) when a loaded machine let the
        // next try start before the kill.
        let messages = try gateway.waitForMessages(1, seconds: 150)
        #expect(messages.map(\.to) == [ServerProcess.testPhone])
        #expect(messages.first?.text.contains(receipt.crashId) == true)
        try Self.waitForState("delivered", again, crashID: receipt.crashId)
        Thread.sleep(forTimeInterval: 1.5)
        #expect(gateway.received().count == 1)
    }

    @Test("Text outside the GSM alphabet goes as UCS-2, and a long text in parts, as the phone shows them")
    func codingsReachThePhone() async throws {
        let gateway = try KannelGateway()
        defer { gateway.stop() }
        let sender = KannelSMSSender(
            configuration: try KannelSMSSender.Configuration(url: gateway.smsURL() + "&report-url=http://127.0.0.1:9"),
            links: CrashLinks(publicURL: "https://claims.example.com")
        )
        let phone = try PhoneNumber(parsing: ServerProcess.testPhone)
        let accented = SMSMessage.queued(crashID: .stub("CA-UCS2"), owner: AccountID(), recipient: phone, text: "Baleset Ő ő – ✓", at: Date())
        let handOff = try await sender.send(accented, reportToken: "token-1")
        #expect(handOff.detail.hasPrefix("Kannel: 0: Accepted"))
        let long = String(repeating: "Crash 0123456789 ", count: 12)
        _ = try await sender.send(SMSMessage.queued(crashID: .stub("CA-LONG"), owner: AccountID(), recipient: phone, text: long, at: Date()), reportToken: "token-2")

        let messages = try gateway.waitForMessages(3)
        #expect(messages[0].kind == "ucs-2")
        #expect(messages[0].text == "Baleset Ő ő – ✓")
        #expect(messages[1...].map(\.kind) == ["udh", "udh"])
        #expect(SMSText.plan(for: long).parts == 2)

        // A wrong password is refused by the gateway, naming its answer.
        let wrong = KannelSMSSender(
            configuration: try KannelSMSSender.Configuration(url: "kannel://\(gateway.username):wrong@127.0.0.1:\(gateway.sendsmsPort)?from=CrashAsst"),
            links: CrashLinks(publicURL: "https://claims.example.com")
        )
        await #expect(throws: SMSGatewayError.refused(status: 403, answer: "Authorization failed for sendsms")) {
            try await wrong.send(accented, reportToken: "token-3")
        }
    }
}
