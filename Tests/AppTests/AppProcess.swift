import Foundation
import Synchronization

/// Runs the built `crash-assistant` with lines on standard input, as a script or a person would.
struct AppProcess {
    struct Run {
        let status: Int32
        let output: String
        let errors: String
    }

    /// The built binary, next to the test bundle.
    static let binary: URL = {
        let candidate = Bundle.main.bundleURL.appendingPathComponent("crash-assistant")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/crash-assistant")
    }()

    /// Collects what a pipe delivers, as it arrives.
    final class Collector: Sendable {
        private let data = Mutex(Data())
        private let ended = Mutex(false)

        func attach(_ pipe: Pipe) {
            pipe.fileHandleForReading.readabilityHandler = { handle in
                let chunk = handle.availableData
                if chunk.isEmpty {
                    handle.readabilityHandler = nil
                    self.ended.withLock { $0 = true }
                } else {
                    self.data.withLock { $0.append(chunk) }
                }
            }
        }

        var text: String { data.withLock { String(decoding: $0, as: UTF8.self) } }

        /// After the writer has exited: waits until the pipe's end, or until nothing new came for a
        /// quarter of a second (another child started meanwhile may hold a copy of the write end).
        func waitForEnd(before deadline: Date) {
            var lastCount = -1
            var quietSince = Date()
            while !ended.withLock({ $0 }), Date() < deadline {
                let count = data.withLock { $0.count }
                if count != lastCount {
                    lastCount = count
                    quietSince = Date()
                } else if Date().timeIntervalSince(quietSince) > 0.25 {
                    return
                }
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
    }

    let process = Process()
    let input = Pipe()
    let output = Collector()
    let errors = Collector()

    /// Starts the app in `directory` with UTC times and, unless `colour`, `NO_COLOR` set.
    init(_ arguments: [String] = [], in directory: URL, environment extra: [String: String] = [:], noColour: Bool = true) throws {
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = "UTC"
        environment["HOME"] = directory.path
        environment.removeValue(forKey: "CRASH_ASSISTANT_STORE")
        environment.removeValue(forKey: "CRASH_ASSISTANT_DATABASE")
        if noColour { environment["NO_COLOR"] = "1" } else { environment.removeValue(forKey: "NO_COLOR") }
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        process.standardInput = input
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        output.attach(outputPipe)
        errors.attach(errorPipe)
        try process.run()
    }

    func send(_ lines: [String]) {
        input.fileHandleForWriting.write(Data(lines.map { $0 + "\n" }.joined().utf8))
    }

    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// Waits until the output holds `text` (at most `seconds`); returns whether it did.
    func waitForOutput(containing text: String, seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if output.text.contains(text) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    /// Waits for the app to end (killing it after `seconds`) and returns what it printed.
    func finish(seconds: Double = 30) -> Run {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let drained = Date().addingTimeInterval(10)
        output.waitForEnd(before: drained)
        errors.waitForEnd(before: drained)
        return Run(status: process.terminationStatus, output: output.text, errors: errors.text)
    }

    /// Runs the app with these lines as its whole input.
    static func run(_ lines: [String], arguments: [String] = [], in directory: URL,
                    environment: [String: String] = [:], noColour: Bool = true) throws -> Run {
        let app = try AppProcess(arguments, in: directory, environment: environment, noColour: noColour)
        app.send(lines)
        app.closeInput()
        return app.finish()
    }
}
