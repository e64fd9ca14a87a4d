import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The real `crash-assistant-server` binary, started on 127.0.0.1 over a data folder (a fresh one unless given) on a
/// free port (unless given), and stopped or killed by the test. A stopped server is started again over the same
/// data folder with `restarted(port:)`: a new process, the data kept.
public final class ServerProcess: Sendable {
    /// The server did not start or stop, or a command on its data folder failed.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// The arguments that keep the server's body pace at its default (1,024 bytes a second), for the suites that test
    /// it; the others run without it (see ``init(dataFolder:port:arguments:environment:)``).
    public static let pacedBodies = ["--min-body-rate", "1024"]

    /// The binary `CRASH_ASSISTANT_SERVER_BINARY` names (the release build, for the suites that attack the server),
    /// else the one built with the tests, next to the test bundle.
    public static var binary: URL {
        if let named = ProcessInfo.processInfo.environment["CRASH_ASSISTANT_SERVER_BINARY"], !named.isEmpty {
            return URL(fileURLWithPath: named, relativeTo: Repository.root).standardizedFileURL
        }
        let candidate = Bundle.main.bundleURL.appendingPathComponent("crash-assistant-server")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        return Repository.root.appendingPathComponent(".build/debug/crash-assistant-server")
    }

    /// The folder holding the server's database, blobs and uploads.
    public let dataFolder: URL
    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    private let arguments: [String]
    private let environment: [String: String]
    private let process: Process
    private let log: Shared<String>

    // MARK: - Starting

    /// A server that seals its documents: a sealing key for "Example Insurance" made in `dataFolder` with
    /// `keys create`, then the server started over it.
    /// - Returns: the server and the sealing certificate (PEM) a reader checks the seals with.
    public static func sealing(dataFolder: URL, port: Int, arguments: [String] = []) throws -> (server: ServerProcess, certificate: String) {
        let keys = try run(["keys", "create", "--data", dataFolder.path, "--name", "Example Insurance"])
        guard keys.status == 0 else { throw Failure(description: "keys create failed: \(keys.errors)") }
        let server = try ServerProcess(dataFolder: dataFolder, port: port, arguments: arguments)
        let certificate = try String(contentsOf: dataFolder.appendingPathComponent("signing-certificate.pem"), encoding: .utf8)
        return (server, certificate)
    }

    /// Starts the server and waits until it listens. `port` 0 lets the system choose a free one; `arguments` are added
    /// to `serve`'s.
    /// - Parameter environment: variables set for the server besides the test's own (`AWS_*` and
    ///   `CRASH_ASSISTANT_BLOB_URL` are never passed on from the test's own).
    public init(dataFolder: URL? = nil, port: Int = 0, arguments: [String] = [], environment: [String: String] = [:]) throws {
        let folder = dataFolder ?? Self.freshDataFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.dataFolder = folder
        self.arguments = arguments
        self.environment = environment
        let process = Process()
        process.executableURL = Self.binary
        // Every client of a test comes from 127.0.0.1, where a real server sees many addresses: the per-client bound is
        // lifted unless the test sets it (the slow-client tests do, and connect from 127.0.0.2… as other clients).
        let perClient = arguments.contains("--max-connections-per-client") ? [] : ["--max-connections-per-client", "1024"]
        // The tests' own client shares two cores with hundreds of tests, some blocking Swift concurrency's threads for
        // seconds, so a body it sends can stall past the pace bound's grace (its connection was then cut): the pace is
        // lifted unless the test sets it (the slow-client and hostile suites do, and test it).
        let pace = arguments.contains("--min-body-rate") ? [] : ["--min-body-rate", "0"]
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", String(port), "--data", folder.path] + perClient + pace + arguments
        process.environment = Self.environment(adding: environment)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let log = Shared("")
        let portFound = Shared<Int?>(nil)
        let ready = DispatchSemaphore(value: 0)
        errors.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            guard !data.isEmpty else {
                handle.readabilityHandler = nil
                ready.signal()
                return
            }
            let text = String(decoding: data, as: UTF8.self)
            let whole = log.value.withLock { log in
                log += text
                return log
            }
            if portFound.value.withLock({ $0 }) == nil, let range = whole.range(of: #"listening on http://127\.0\.0\.1:(\d+)"#, options: .regularExpression) {
                let digits = whole[range].split(separator: ":").last.map(String.init) ?? ""
                portFound.value.withLock { $0 = Int(digits) }
                ready.signal()
            }
        }
        OwnThreadsExecutor.expectCurrent("Starting the server")
        try process.run()
        self.process = process
        self.log = log
        _ = ready.wait(timeout: .now() + 60)
        guard let found = portFound.value.withLock({ $0 }) else {
            process.terminate()
            throw Failure(description: "the server did not start: \(log.value.withLock { $0 })")
        }
        self.port = found
    }

    /// A new server process over this one's data folder and with its arguments, once this one has ended: on `port`,
    /// or on this one's port when nil (0 for a free one).
    public func restarted(port: Int? = nil) throws -> ServerProcess {
        guard !process.isRunning else { throw Failure(description: "the server is still running; stop or kill it first") }
        return try ServerProcess(dataFolder: dataFolder, port: port ?? self.port, arguments: arguments, environment: environment)
    }

    /// The test's environment without its blob storage settings, and `added`.
    private static func environment(adding added: [String: String]) -> [String: String] {
        ProcessInfo.processInfo.environment
            .filter { !$0.key.hasPrefix("AWS_") && $0.key != "CRASH_ASSISTANT_BLOB_URL" }
            .merging(added) { _, new in new }
    }

    /// The photo files the server keeps in its data folder (`blobs/photo/ab/<sha256>`).
    public func storedPhotoFiles() -> [String] {
        let folder = dataFolder.appendingPathComponent("blobs/photo").path
        return (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []).filter { $0.count > 60 }
    }

    /// A new, not yet existing folder under the system's temporary folder (`init` creates it).
    public static func freshDataFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("server-\(UUID().uuidString)")
    }

    deinit {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
    }

    // MARK: - State

    /// The server's address: `http://127.0.0.1:<port>`.
    public var url: String { "http://127.0.0.1:\(port)" }

    /// What the server wrote to standard error so far.
    public var output: String { log.value.withLock { $0 } }

    /// Whether the process has not ended yet.
    public var isRunning: Bool { process.isRunning }

    /// The process's id, for signals sent by the test itself.
    public var processIdentifier: Int32 { process.processIdentifier }

    // MARK: - Stopping

    /// Sends the signal and waits (up to 30 s) for the server to end. Returns its exit status (at once when it ended
    /// already).
    @discardableResult
    public func stop(_ signal: Int32 = SIGTERM) throws -> Int32 {
        guard process.isRunning else { return process.terminationStatus }
        OwnThreadsExecutor.expectCurrent("Stopping the server")
        Glibc.kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        guard !process.isRunning else {
            Glibc.kill(process.processIdentifier, SIGKILL)
            throw Failure(description: "the server did not stop within 30 s of signal \(signal)")
        }
        return process.terminationStatus
    }

    /// Ends the server at once with SIGKILL (no graceful shutdown: requests in flight are cut) and waits for it.
    public func kill() throws {
        try stop(SIGKILL)
    }

    // MARK: - Commands on the data folder

    /// Runs `crash-assistant-server ARGUMENTS`: standard output, standard error and status.
    public static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (output: String, errors: String, status: Int32) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = Self.environment(adding: environment)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        OwnThreadsExecutor.expectCurrent("An admin command")
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self), process.terminationStatus)
    }

    /// The mobile number test users are given, so crash events text them.
    public static let testPhone = "+36301234567"

    /// Adds an account with `user add` / `detector add` to a data folder (the server running or not) and returns its
    /// token. A user is given ``testPhone``.
    public static func add(_ name: String, kind: String = "user", dataFolder: URL) throws -> String {
        let result = try run([kind, "add", name, "--data", dataFolder.path] + (kind == "user" ? ["--phone", testPhone] : []))
        guard result.status == 0 else { throw Failure(description: "\(kind) add failed: \(result.errors)") }
        return result.output.trimmingCharacters(in: .newlines)
    }

    /// Adds a user to a data folder (the server running or not) and returns its token.
    public static func addUser(_ name: String, dataFolder: URL) throws -> String {
        try add(name, kind: "user", dataFolder: dataFolder)
    }

    /// Adds a crash detector to a data folder (the server running or not) and returns its token.
    public static func addDetector(_ name: String, dataFolder: URL) throws -> String {
        try add(name, kind: "detector", dataFolder: dataFolder)
    }

    /// Adds an account with `user add` / `detector add` to this server's data folder and returns its token.
    public func add(_ name: String, kind: String = "user") throws -> String {
        try Self.add(name, kind: kind, dataFolder: dataFolder)
    }

    /// Adds a user to this server's data folder and returns its token.
    public func addUser(_ name: String) throws -> String {
        try Self.addUser(name, dataFolder: dataFolder)
    }

    /// Adds a crash detector to this server's data folder and returns its token.
    public func addDetector(_ name: String) throws -> String {
        try Self.addDetector(name, dataFolder: dataFolder)
    }

    /// The files under `folder` once there are `count` of them (a job writes them soon after the request that asked).
    /// - Throws: when there are not that many within 15 s.
    public static func waitForFiles(under folder: URL, count: Int) throws -> [URL] {
        OwnThreadsExecutor.expectCurrent("Waiting for the server's files")
        for _ in 0..<300 {
            let files = regularFiles(under: folder)
            if files.count >= count { return files }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw Failure(description: "\(folder.path) held \(regularFiles(under: folder).count) files after 15 s, not \(count)")
    }

    private static func regularFiles(under folder: URL) -> [URL] {
        // A file being written is hidden until it is whole (the SMS outbox's `.….new`): only whole files count.
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) else {
            return []
        }
        return walker.compactMap { $0 as? URL }.filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
    }
}
