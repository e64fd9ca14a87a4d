import Foundation
import Testing
import TestSupport

/// A claims handler's or a crash detector's token given to the app: refused with a sentence saying whose it is and
/// which token the app needs, and the data folder is not bound to it — a driver's token works with it after.
@Suite("A token that is not a driver's", .ownThreads)
struct TokenKindTests {
    @Test func aHandlersOrDetectorsTokenIsNamedForWhatItIs() throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let hana = try server.add("hana", kind: "handler")
        let acme = try server.addDetector("acme")
        let ann = try server.addUser("ann")
        let directory = TemporaryDirectory("token-kind")
        for (token, words) in [(hana, "the claims handler “hana”'s"), (acme, "the crash detection service “acme”'s")] {
            let run = try AppProcess.run([], arguments: ["sync"] + SyncEndToEndTests.serverOptions(port: server.port, token: token, in: directory), in: directory.url)
            let said = run.output + run.errors
            #expect(run.status == 78, "\(said)")
            #expect(said.contains("The token given is \(words) on 127.0.0.1:\(server.port), not a driver's"), "\(said)")
            #expect(said.contains("crash-assistant-server user add NAME"), "\(said)")
            #expect(!said.contains("a data folder of their own"), "\(said)")
        }
        // The folder was bound to neither: the driver's own token is taken.
        let driver = try AppProcess.run([], arguments: ["sync"] + SyncEndToEndTests.serverOptions(port: server.port, token: ann, in: directory), in: directory.url)
        #expect(driver.status == 0, "\(driver.output) \(driver.errors)")
    }
}
