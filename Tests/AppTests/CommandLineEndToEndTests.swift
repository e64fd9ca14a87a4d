import Foundation
import Testing
import TestSupport

@Suite("crash-assistant on the command line", .ownThreads)
struct CommandLineEndToEndTests {
    struct Run {
        let status: Int32
        let output: String
        let errors: String
    }

    /// The built binary, next to the test bundle.
    static let binary: URL = {
        let products = Bundle.main.bundleURL
        let candidate = products.appendingPathComponent("crash-assistant")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/crash-assistant")
    }()

    func run(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus,
                   output: String(decoding: out, as: UTF8.self),
                   errors: String(decoding: err, as: UTF8.self))
    }

    @Test("The app and the server say one version")
    func versionIsPrinted() throws {
        let result = try run(["--version"])
        #expect(result.status == 0)
        let version = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(version.split(separator: ".").count == 3 && version.allSatisfy { $0.isNumber || $0 == "." })
        let server = try ServerProcess.run(["--version"])
        #expect(server.output.trimmingCharacters(in: .whitespacesAndNewlines) == version)
    }

    @Test func helpSaysWhatTheProductDoes() throws {
        let result = try run(["--help"])
        #expect(result.status == 0)
        #expect(result.output.contains("USAGE: crash-assistant"))
        #expect(result.output.contains("insurance claim"))
    }

    @Test func unknownOptionIsAUsageErrorNamingIt() throws {
        let result = try run(["--frobnicate"])
        #expect(result.status == 64)
        #expect(result.errors.contains("--frobnicate"))
    }
}
