import Domain
import Foundation
import Logging

/// The default SMS port: no SMS gateway, the message is written to the log and as a file in `DIR/outbox-sms/`
/// (one per message, named by time and crash ID), where an operator or a gateway script can pick it up.
struct FileSMSSender: SMSSender {
    let folder: String
    let logger: Logger

    init(folder: String, logger: Logger) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        self.folder = folder
        self.logger = logger
    }

    func send(_ message: SMSMessage) async throws {
        let stamp = Int64((Date().timeIntervalSince1970 * 1000).rounded())
        let path = "\(folder)/\(stamp)-\(message.crashID.rawValue).txt"
        let text = "To: \(message.recipient)\n\n\(message.text)\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        logger.notice(
            "SMS to \(message.recipient): \(message.text)",
            metadata: ["crash-id": "\(message.crashID)", "file": "\(path)"]
        )
    }

    func erase(crashIDs: [CrashID]) async throws -> Int {
        let suffixes = Set(crashIDs.map { "-\($0.rawValue).txt" })
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var removed = 0
        for name in names where suffixes.contains(where: { name.hasSuffix($0) }) {
            try FileManager.default.removeItem(atPath: folder + "/" + name)
            removed += 1
        }
        return removed
    }
}
