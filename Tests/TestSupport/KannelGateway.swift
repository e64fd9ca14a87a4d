import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A private Kannel SMS gateway on loopback (bearerbox, smsbox, and Kannel's fake SMS centre as the phone network),
/// started and stopped through `scripts/kannel-gateway.sh`, and what the phone network received.
public final class KannelGateway: Sendable {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// One SMS (or one part of a long one) the fake SMS centre received.
    public struct Received: Sendable, Hashable {
        public let from: String
        public let to: String
        /// `text`, `ucs-2` or `udh` (a part of a concatenated message).
        public let kind: String
        /// The words: as sent for `text`; decoded from UTF-16 for `ucs-2`; the part's raw payload for `udh`.
        public let text: String
    }

    public let folder: URL
    public let sendsmsPort: Int
    public let username: String
    public let password: String

    /// Starts a gateway in a new folder; it stops when this test process ends, whatever happens.
    /// - Parameter replyURL: where its sms-service hands the messages phones send (Kannel's `get-url`, with its escapes).
    public init(replyURL: String? = nil) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("kannel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let line = try Self.script("start", folder, watching: true, extra: replyURL.map { ["KANNEL_REPLY_URL": $0] } ?? [:])
        var values: [String: String] = [:]
        for pair in line.split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { values[parts[0]] = parts[1] }
        }
        guard let port = values["sendsms_port"].flatMap(Int.init), let user = values["user"], let password = values["password"] else {
            throw Failure(description: "the gateway script printed no ports: \(line)")
        }
        sendsmsPort = port
        username = user
        self.password = password
    }

    /// The address `serve --sms-url` takes for this gateway.
    public func smsURL(from sender: String = "CrashAsst") -> String {
        "kannel://\(username):\(password)@127.0.0.1:\(sendsmsPort)?from=\(sender)"
    }

    /// Stops everything; idempotent.
    public func stop() {
        _ = try? Self.script("stop", folder, watching: false, extra: ["KANNEL_STOP_TIMEOUT": "2"])
    }

    /// The gateway is down: bearerbox and smsbox stop (sendsms is refused a connection).
    public func stopGateway() throws {
        _ = try Self.script("stop-bearerbox", folder, watching: false)
    }

    /// The gateway is back, on the same ports.
    public func startGateway() throws {
        _ = try Self.script("start-bearerbox", folder, watching: false)
    }

    /// A phone sends `text` from `from` to the gateway's number `to` (through the fake SMS centre); in UCS-2 when it
    /// holds a character outside ASCII, as a phone sends it.
    public func sendFromPhone(_ text: String, from: String, to: String = "12345") throws {
        if text.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 0x20 }) {
            _ = try Self.script("send-mo", folder, watching: false, arguments: [from, to, "text", text])
        } else {
            let bytes = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xff)] }
            let encoded = bytes.map { String(format: "%%%02X", $0) }.joined()
            _ = try Self.script("send-mo", folder, watching: false, arguments: [from, to, "ucs2", encoded])
        }
    }

    /// What the phone network received so far, in order.
    public func received() -> [Received] {
        let log = (try? String(contentsOf: folder.appendingPathComponent("fakesmsc.out"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").compactMap { line -> Received? in
            guard let start = line.range(of: ": <"), line.contains("Got message"), line.hasSuffix(">") else { return nil }
            let body = line[start.upperBound..<line.index(before: line.endIndex)]
            let fields = body.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4 else { return nil }
            var text = fields[2] == "ucs-2" ? Self.utf16(fromKannel: fields[3]) : fields[3]
            // One part of a longer message: its header, then its data (UTF-16BE when it holds zero bytes, as UCS-2 does).
            if fields[2] == "udh", let data = fields[3].range(of: " data ") {
                let part = String(fields[3][data.upperBound...])
                text = part.contains("%00") ? Self.utf16(fromKannel: part) : part
            }
            return Received(from: fields[0], to: fields[1], kind: fields[2], text: text)
        }
    }

    /// Waits (up to `seconds`) until the phone network received `count` messages, and returns them.
    public func waitForMessages(_ count: Int, seconds: Double = 30) throws -> [Received] {
        OwnThreadsExecutor.expectCurrent("Waiting for the SMS centre's messages")
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let messages = received()
            if messages.count >= count { return messages }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw Failure(description: "the SMS centre received \(received().count) messages in \(seconds) s, not \(count)")
    }

    /// Kannel's URL-encoded UTF-16BE (space as `+`) as text.
    private static func utf16(fromKannel encoded: String) -> String {
        var bytes: [UInt8] = []
        var index = encoded.utf8.startIndex
        let utf8 = encoded.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), let end = utf8.index(index, offsetBy: 3, limitedBy: utf8.endIndex),
               let value = UInt8(String(decoding: utf8[utf8.index(after: index)..<end], as: UTF8.self), radix: 16) {
                bytes.append(value)
                index = end
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index = utf8.index(after: index)
            }
        }
        let units = stride(from: 0, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
        return String(decoding: units, as: UTF16.self)
    }

    /// Runs `scripts/kannel-gateway.sh ACTION FOLDER` and returns what it printed. Spawned and waited for directly,
    /// its output through files: the gateway processes it leaves running must hold nothing of this process's.
    private static func script(
        _ action: String, _ folder: URL, watching: Bool, extra: [String: String] = [:], arguments more: [String] = []
    ) throws -> String {
        let printed = folder.appendingPathComponent("\(action).out").path
        let complaint = folder.appendingPathComponent("\(action).err").path
        let script = Repository.root.appendingPathComponent("scripts/kannel-gateway.sh").path
        let quote = { (text: String) in "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let quoted = [script, action, folder.path, printed, complaint].map(quote)
        let extraArguments = more.map { " " + quote($0) }.joined()
        let command = "exec \(quoted[0]) \(quoted[1]) \(quoted[2])\(extraArguments) </dev/null >\(quoted[3]) 2>\(quoted[4])"
        var environment = ProcessInfo.processInfo.environment.merging(extra) { _, new in new }
        if watching { environment["KANNEL_WATCH_PID"] = String(getpid()) }
        let arguments = ["/bin/bash", "-c", command]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        // The gateway's processes start with no signal blocked or ignored (a test process may have some), so they
        // stop on SIGTERM as they would from a shell.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD, SIGQUIT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/bash", nil, &attributes, argv, envp)
        guard spawned == 0 else { throw Failure(description: "kannel-gateway.sh could not be started (error \(spawned))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw Failure(description: "waiting for kannel-gateway.sh failed (errno \(errno))") }
        }
        // Exited normally with status 0 (the wait status's low seven bits are 0 for an exit, the status above them).
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            let words = (try? String(contentsOfFile: complaint, encoding: .utf8)) ?? ""
            throw Failure(description: "kannel-gateway.sh \(action) failed (wait status \(status)): \(words)")
        }
        return ((try? String(contentsOfFile: printed, encoding: .utf8)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
