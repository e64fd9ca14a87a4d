import Domain
import Foundation
import ServerTestSupport
import Testing
import TestSupport
import WireAPI

/// The crash SMS's page in a real browser on a phone's screen, in German and then Polish.
@Suite("The crash page in a browser", .serialized, .ownThreads)
struct CrashLandingBrowserTests {
    @Test("A detected crash's page at 390 × 844: German from the phone, Polish from its link; 112 first, the app link, no token")
    func germanThenPolish() throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        _ = try server.add("ann")
        let detector = try server.add("detector-1", kind: "detector")
        let event = Components.Schemas.CrashEvent(
            user: "ann", eventId: "evt-landing", detectedAt: Date().addingTimeInterval(-120),
            position: .init(latitude: 52.2297, longitude: 21.0122, accuracyMeters: 6, trusted: true), test: false, utcOffsetMinutes: 60
        )
        let posted = try LoopbackConnection.request(
            port: server.port, "POST", "/v1/crash-events", token: detector,
            headers: [("Content-Type", "application/json"), ("Idempotency-Key", "evt-landing")], body: try WireCoding.encoder().encode(event)
        )
        #expect(posted.status == 201)
        let crashID = try WireCoding.decoder().decode(Components.Schemas.CrashEventReceipt.self, from: posted.body).crashId
        let run = try BrowserScript.run("crash_landing.py", ["http://127.0.0.1:\(server.port)/c/\(crashID)", crashID])
        #expect(run.status == 0, "\(run.output)")
        for check in ["112 comes before the app link", "the 112 button is on the first screen", "no command line, no token asked",
                      "nothing is wider than the phone's screen", "the Polish page says the same in Polish", "the link remembers Polish"] {
            #expect(run.output.contains("ok: " + check), "\(run.output)")
        }
        #expect(FileManager.default.fileExists(atPath: run.screenshots.appendingPathComponent("crash-landing-pl.png").path))
    }
}
