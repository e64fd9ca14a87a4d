import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The real `crash-assistant-server` binary, started on 127.0.0.1 on a free port over a data folder of its own,
/// and stopped by the test.
final class ServerProcess: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The built binary, next to the test bundle.
    static var binary: URL {
        let candidate = Bundle.main.bundleURL.appendingPathComponent("crash-assistant-server")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/crash-assistant-server")
    }

    let dataFolder: URL
    let port: Int
    private let process: Process
    private let log: Shared<String>

    /// Starts the server and waits until it listens.
    /// - Parameter environment: variables set for the server besides the test's own (`AWS_*` and
    ///   `CRASH_ASSISTANT_BLOB_URL` are never passed on from the test's own).
    init(dataFolder: URL? = nil, arguments: [String] = [], environment: [String: String] = [:]) throws {
        let folder = dataFolder ?? FileManager.default.temporaryDirectory.appendingPathComponent("server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.dataFolder = folder
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0", "--data", folder.path] + arguments
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
        try process.run()
        self.process = process
        self.log = log
        _ = ready.wait(timeout: .now() + 60)
        guard let port = portFound.value.withLock({ $0 }) else {
            process.terminate()
            throw Failure(description: "the server did not start: \(log.value.withLock { $0 })")
        }
        self.port = port
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// What the server wrote to standard error so far.
    var output: String { log.value.withLock { $0 } }

    var isRunning: Bool { process.isRunning }

    var processIdentifier: Int32 { process.processIdentifier }

    /// Sends the signal and waits (up to 30 s) for the server to end. Returns its exit status.
    @discardableResult
    func stop(_ signal: Int32 = SIGTERM) throws -> Int32 {
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            throw Failure(description: "the server did not stop within 30 s of signal \(signal)")
        }
        return process.terminationStatus
    }

    /// Runs `crash-assistant-server ARGUMENTS` on this server's data folder: standard output, standard error and status.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (output: String, errors: String, status: Int32) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = Self.environment(adding: environment)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self), process.terminationStatus)
    }

    /// The test's environment without its blob storage settings, and `added`.
    private static func environment(adding added: [String: String]) -> [String: String] {
        ProcessInfo.processInfo.environment
            .filter { !$0.key.hasPrefix("AWS_") && $0.key != "CRASH_ASSISTANT_BLOB_URL" }
            .merging(added) { _, new in new }
    }

    /// Adds an account with `user add` / `detector add` and returns its token.
    func add(_ name: String, kind: String = "user") throws -> String {
        let result = try Self.run([kind, "add", name, "--data", dataFolder.path])
        guard result.status == 0 else { throw Failure(description: "\(kind) add failed: \(result.errors)") }
        return result.output.trimmingCharacters(in: .newlines)
    }
}

/// A value behind a lock that closures can share.
final class Shared<Value: Sendable>: Sendable {
    let value: Mutex<Value>

    init(_ value: Value) {
        self.value = Mutex(value)
    }
}
