import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a Selenium script of Tests/Browser with the virtual environment scripts/ensure-browser.sh makes, driving
/// headless Chromium; its screenshots go to a folder of their own.
public enum BrowserScript {
    public struct Run {
        public let status: Int32
        /// What the script printed: a line per check passed, and on failure what failed and where its screenshot is.
        public let output: String
        public let screenshots: URL
    }

    /// Runs `Tests/Browser/<name>` with `arguments` and the screenshot folder last; gives up after `seconds`.
    public static func run(_ name: String, _ arguments: [String], seconds: Double = 180) throws -> Run {
        let python = Repository.root.appendingPathComponent(".build/browser-venv/bin/python")
        guard FileManager.default.isExecutableFile(atPath: python.path), FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver") else {
            throw ServerProcess.Failure(description: "the browser is not installed: run scripts/ensure-browser.sh (make test does)")
        }
        let shots = FileManager.default.temporaryDirectory.appendingPathComponent("browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let output = shots.appendingPathComponent("output.txt")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        let log = try FileHandle(forWritingTo: output)
        let process = Process()
        process.executableURL = python
        process.arguments = [Repository.root.appendingPathComponent("Tests/Browser/\(name)").path] + arguments + [shots.path]
        process.standardOutput = log
        process.standardError = log
        OwnThreadsExecutor.expectCurrent("A browser script")
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        try log.close()
        return Run(status: process.terminationStatus, output: (try? String(contentsOf: output, encoding: .utf8)) ?? "", screenshots: shots)
    }
}
