import Domain
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Logging
import ServerCore

/// The default SMS port, for one machine with no SMS gateway: each message is written to the log and as a file in
/// `DIR/outbox-sms/` (named by time and crash ID), where an operator or a gateway script can pick it up. Each file is
/// readable by the server's user only (0600), as its folder is (0700): it holds a phone number. A message is written
/// under a hidden name (`.….new`) and renamed once whole, so a script picking up `*.txt` never reads half of one.
package struct FileSMSSender: SMSSender {
    package let folder: String
    package let logger: Logger

    package init(folder: String, logger: Logger) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        self.folder = folder
        self.logger = logger
    }

    package var summary: String { "no SMS gateway: messages are written to \(folder) (give --sms-url to send them)" }

    package func send(_ message: SMSMessage, reportToken: String) async throws -> SMSHandOff {
        let stamp = Int64((Date().timeIntervalSince1970 * 1000).rounded())
        let path = "\(folder)/\(stamp)-\(message.crashID.rawValue).txt"
        let text = "To: \(message.recipient)\n\n\(message.text)\n"
        try write(Data(text.utf8), to: path)
        logger.notice(
            "SMS to \(message.recipient.masked) written to the outbox folder",
            metadata: ["crash-id": "\(message.crashID)", "file": "\(path)"]
        )
        return SMSHandOff(detail: "written to the outbox folder (no SMS gateway)")
    }

    /// Writes the bytes into a new owner-only (0600) file in the folder, hidden and flushed, then gives it the name
    /// `path`: the message is there whole or not at all.
    private func write(_ bytes: Data, to path: String) throws {
        let temporary = "\(folder)/.\(UUID().uuidString).new"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try file.write(contentsOf: bytes)
            try file.synchronize()
            try file.close()
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let code = POSIXErrorCode(rawValue: errno) ?? .EIO
            unlink(temporary)
            throw POSIXError(code)
        }
    }

    package func erase(crashIDs: [CrashID]) async throws -> Int {
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
