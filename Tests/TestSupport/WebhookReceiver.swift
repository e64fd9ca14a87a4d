import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A small receiver of the server's webhooks (scripts/webhook-receiver.py) that checks every signature with the
/// Standard Webhooks reference library, answering 500 to its first `failFirst` deliveries (and 503 while ``setDown(_:)``).
public final class WebhookReceiver {
    let process = Process()
    public let folder: URL
    public let port: Int

    public init(secret: String, failFirst: Int) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("webhooks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let repository = Repository.root
        process.executableURL = repository.appendingPathComponent(".build/webhooks-venv/bin/python")
        process.arguments = [
            repository.appendingPathComponent("scripts/webhook-receiver.py").path, "--secret", secret,
            "--log", folder.appendingPathComponent("deliveries.jsonl").path,
            "--port-file", folder.appendingPathComponent("port").path, "--fail-first", String(failFirst),
            "--down-file", folder.appendingPathComponent("down").path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard FileManager.default.isExecutableFile(atPath: process.executableURL?.path ?? "") else {
            throw ServerProcess.Failure(description: "the webhook verifier is not installed: run scripts/ensure-webhook-verifier.sh (make test does)")
        }
        OwnThreadsExecutor.expectCurrent("Starting the webhook receiver")
        try process.run()
        var found: Int?
        for _ in 0..<200 where found == nil {
            found = (try? String(contentsOf: folder.appendingPathComponent("port"), encoding: .utf8)).flatMap { Int($0) }
            if found == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        guard let found else {
            kill(process.processIdentifier, SIGKILL)
            throw ServerProcess.Failure(description: "the webhook receiver did not start")
        }
        port = found
    }

    /// Answers 503 to every delivery while `down` (logged as any other), as a claims system that is down would.
    public func setDown(_ down: Bool) throws {
        let file = folder.appendingPathComponent("down")
        if down {
            try Data().write(to: file)
        } else {
            try? FileManager.default.removeItem(at: file)
        }
    }

    public var url: String { "http://127.0.0.1:\(port)/claims/fnol" }

    /// Every delivery so far, as the receiver logged it.
    public func deliveries() -> [[String: Any]] {
        let log = (try? String(contentsOf: folder.appendingPathComponent("deliveries.jsonl"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// Waits (up to `seconds`) for `count` deliveries.
    public func waitFor(_ count: Int, seconds: Double = 30) throws -> [[String: Any]] {
        OwnThreadsExecutor.expectCurrent("Waiting for webhook deliveries")
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let all = deliveries()
            if all.count >= count { return all }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw ServerProcess.Failure(description: "the receiver got \(deliveries().count) deliveries in \(seconds) s, not \(count)")
    }

    /// Ends the receiver. SIGKILL: a child may inherit the test process's blocked SIGTERM, and wait forever.
    public func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
