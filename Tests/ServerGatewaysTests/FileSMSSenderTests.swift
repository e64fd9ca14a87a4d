import Domain
import Foundation
import Logging
import ServerCore
import ServerGateways
import Testing
import TestSupport

/// The SMS outbox of a server with no gateway: one file per message, in a folder only the server's user may read.
@Suite("SMS outbox folder")
struct FileSMSSenderTests {
    @Test("Each message is a file only the server's user may read (0600), in a folder only it may open (0700)")
    func messagesAreOwnerOnly() async throws {
        let scratch = TemporaryDirectory("sms-outbox")
        let folder = scratch.file("outbox-sms")
        let sender = try FileSMSSender(folder: folder, logger: Logger(label: "test"))
        let message = SMSMessage.queued(
            crashID: try CrashID(validating: "CA-23456789AB"), owner: AccountID(), recipient: try PhoneNumber(parsing: "+36301234567"),
            text: "Crash detected", at: Date()
        )
        _ = try await sender.send(message, reportToken: "secret")

        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(names.count == 1 && names.allSatisfy { $0.hasSuffix("-CA-23456789AB.txt") }, "\(names)")
        let path = folder + "/" + (names.first ?? "")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        #expect(try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int == 0o700)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "To: +36301234567\n\nCrash detected\n")
    }
}
