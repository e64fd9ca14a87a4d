import Domain
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport
import Data
import Storage
import ServerTestSupport

/// A photo upload over an uplink slower than the wait for a small request's answer: the photo's last bytes are handed
/// to the kernel long before they leave, and the upload still waits for its answer.
@Suite("A photo over a slow uplink", .serialized, .ownThreads)
struct SlowUplinkTests {
    /// The shaping proxy of the benchmarks (`Benchmarks/Scripts/shaping_proxy.py`) in front of `port`.
    final class ShapedLink: Sendable {
        struct Failure: Error, CustomStringConvertible {
            let description: String
        }

        let process: Process
        let port: Int

        init(to target: Int, upKbit: Int) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "python3", Repository.root.appendingPathComponent("Benchmarks/Scripts/shaping_proxy.py").path, String(target),
                "--up-kbit", String(upKbit), "--down-kbit", "100000", "--rtt-ms", "20",
            ]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Its first line: "listening on PORT".
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let byte = output.fileHandleForReading.readData(ofLength: 1)
                guard !byte.isEmpty else { break }
                line.append(byte)
            }
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let port = text.split(separator: " ").last.flatMap({ Int($0) }) else {
                process.terminate()
                throw Failure(description: "the shaping proxy printed “\(text)”, not its port")
            }
            self.process = process
            self.port = port
        }

        /// Kills it (it keeps nothing to lose) and waits for it.
        func stop() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    @Test("A 2 MB photo at 4 Mbit/s takes four seconds to leave; with a one-second wait for answers it is still stored, and the client says so", .timeLimit(.minutes(1)))
    func aSlowUploadIsWaitedFor() async throws {
        let server = try ServerProcess()
        let token = try server.addUser("ann")
        let link = try ShapedLink(to: server.port, upKbit: 4_000)
        let client = ServerClient(
            address: try ServerAddress("http://127.0.0.1:\(link.port)", token: token),
            timeouts: ServerClient.Timeouts(connect: .seconds(3), read: .seconds(1), request: .seconds(10), transfer: .seconds(60)),
            retryPauses: []
        )
        let direct = ServerClient(address: try ServerAddress("http://127.0.0.1:\(server.port)", token: token), retryPauses: [])
        var failure: (any Error)?
        do {
            let photo = try LargePhotos.jpeg(bytes: 2_000_000, seed: 7)
            let hash = try ContentHash(hex: Wire.sha256(photo))
            let started = ContinuousClock.now
            try await client.upload(photo, of: hash, mediaType: .jpeg, from: 0)
            // It really went at the link's pace (so the one-second wait was passed), and it is whole on the server.
            #expect(ContinuousClock.now - started > .seconds(3))
            #expect(try await direct.progress(of: hash) == .whole)
            // A small request on the same link still has its short wait.
            #expect(try await client.progress(of: hash) == .whole)
        } catch {
            failure = error
        }
        await client.shutdown()
        await direct.shutdown()
        link.stop()
        _ = try? server.stop()
        if let failure { throw failure }
    }
}
