import Foundation
import TestSupport

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

    /// Where the app's output goes: a file, so that everything written before the app ended is read back
    /// whole (a pipe would need draining, and a child started meanwhile by another test may hold its end).
    final class Capture: Sendable {
        let url: URL
        let handle: FileHandle

        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("crash-assistant-output-\(UUID().uuidString)")
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
            handle = try FileHandle(forWritingTo: url)
        }

        deinit { try? FileManager.default.removeItem(at: url) }

        /// Everything written so far.
        var text: String { String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self) }
    }

    let process = Process()
    let input = Pipe()
    let output: Capture
    let errors: Capture

    /// Starts the app in `directory` with UTC times and, unless `colour`, `NO_COLOR` set.
    init(_ arguments: [String] = [], in directory: URL, environment extra: [String: String] = [:], noColour: Bool = true) throws {
        process.executableURL = Self.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = "UTC"
        environment["HOME"] = directory.path
        // The default database goes inside the test's folder, never into the user's data.
        environment["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
        environment.removeValue(forKey: "CRASH_ASSISTANT_STORE")
        environment.removeValue(forKey: "CRASH_ASSISTANT_DATABASE")
        if noColour { environment["NO_COLOR"] = "1" } else { environment.removeValue(forKey: "NO_COLOR") }
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        output = try Capture()
        errors = try Capture()
        process.standardInput = input
        process.standardOutput = output.handle
        process.standardError = errors.handle
        try process.run()
        // The app has its own copies now.
        try? output.handle.close()
        try? errors.handle.close()
    }

    /// Types the lines; an app that has ended takes nothing (a test then fails on what it expected, not a crash).
    func send(_ lines: [String]) {
        try? input.fileHandleForWriting.write(contentsOf: Data(lines.map { $0 + "\n" }.joined().utf8))
    }

    func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// Waits until the output holds `text` (at most `seconds`); returns whether it did.
    func waitForOutput(containing text: String, seconds: Double = 20) -> Bool {
        OwnThreadsExecutor.expectCurrent("Waiting for the app's output")
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if output.text.contains(text) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    /// Waits for the app to end (killing it after `seconds`) and returns what it printed.
    func finish(seconds: Double = 30) -> Run {
        OwnThreadsExecutor.expectCurrent("Waiting for the app to end")
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
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
