import Foundation
import Testing
import TestSupport

/// A server that cannot be reached is told in one whole sentence that says why and what happens next — never a
/// network library's own words, never cut mid-word.
@Suite("Connection failures in words", .serialized, .ownThreads)
struct ConnectionFailureWordsTests {
    /// A listener on 127.0.0.1 that resets every connection it accepts (SO_LINGER 0), as a server crashing mid-answer
    /// or a middlebox does.
    final class ResettingListener {
        let process = Process()
        let port: Int

        init() throws {
            port = try LoopbackPort.free()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = ["-c", """
                import socket, struct
                s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                s.bind(("127.0.0.1", \(port))); s.listen(16)
                while True:
                    c, _ = s.accept(); c.recv(1)
                    c.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0)); c.close()
                """]
            try process.run()
            Thread.sleep(forTimeInterval: 0.5)
        }

        func stop() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    @Test("sync against a server that resets the connection, and against nothing listening")
    func unreachableIsSaidPlainly() throws {
        let listener = try ResettingListener()
        defer { listener.stop() }
        for port in [listener.port, try LoopbackPort.free()] {
            let directory = TemporaryDirectory("connection-words")
            let run = try AppProcess.run([], arguments: ["sync"] + SyncEndToEndTests.serverOptions(port: port, token: "ca_token", in: directory), in: directory.url)
            let said = run.output + run.errors
            #expect(said.contains("cannot be reached ("), "\(said)")
            for libraryWords in ["Client error", "underlying error", "Transport threw", "error set", "NIO", "IOError"] {
                #expect(!said.contains(libraryWords), "\(said)")
            }
            let known = ["the connection was cut", "nothing answers at that address", "it did not answer in time"]
            #expect(known.contains { said.contains($0) }, "\(said)")
            #expect(said.contains("will be sent when the connection returns."), "\(said)")
        }
    }
}
