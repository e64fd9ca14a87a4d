import Foundation
import Testing
import TestSupport
import WireAPI
#if canImport(Glibc)
import Glibc
import ServerTestSupport
#endif

/// The fault-injecting proxy the sync's fault tests put between the app and the real server, checked against the
/// real `crash-assistant-server` on 127.0.0.1.
@Suite("Fault proxy", .serialized, .ownThreads)
struct FaultProxyTests {
    /// A server, a proxy in front of it, and a user's token; the proxy is stopped (and checked to leave nothing
    /// behind) and the server stopped at the end.
    private func withProxy(_ body: (ServerProcess, FaultProxy, String) throws -> Void) throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let token = try server.addUser("ann")
        let proxy = try FaultProxy(upstreamPort: server.port)
        defer {
            #expect(proxy.stop(), "every thread of the proxy ended")
            #expect(proxy.openSockets == 0)
        }
        try body(server, proxy, token)
    }

    private static let json = [("Content-Type", "application/json")]

    private static func reportBody() throws -> (path: String, body: Data) {
        let draft = try makeDraft()
        return ("/v1/reports/\(draft.id)", try WireCoding.encoder().encode(Components.Schemas.Report(draft)))
    }

    // MARK: - Passing through

    @Test("A large download passes through byte for byte")
    func largeDownloadPassesThrough() throws {
        try withProxy { server, proxy, token in
            let photo = try LargePhotos.jpeg(bytes: 12 * 1024 * 1024, seed: 21)
            let path = "/v1/photos/\(Wire.sha256(photo))"
            let upload = try LoopbackConnection.request(port: server.port, "PUT", path, token: token, headers: [("Content-Type", "image/jpeg")], body: photo)
            #expect(upload.status == 201)

            let download = try LoopbackConnection.request(port: proxy.port, "GET", path, token: token)
            #expect(download.status == 200)
            #expect(download.body == photo)
            #expect(proxy.log == [ProxyLogEntry(method: "GET", path: path, outcome: .passed(status: 200))])
        }
    }

    @Test("A large upload passes through and is stored whole")
    func largeUploadPassesThrough() throws {
        try withProxy { server, proxy, token in
            let photo = try LargePhotos.jpeg(bytes: 12 * 1024 * 1024, seed: 22)
            let path = "/v1/photos/\(Wire.sha256(photo))"
            let upload = try LoopbackConnection.request(port: proxy.port, "PUT", path, token: token, headers: [("Content-Type", "image/jpeg")], body: photo)
            #expect(upload.status == 201)
            #expect(try LoopbackConnection.request(port: server.port, "GET", path, token: token).body == photo)
        }
    }

    @Test("Requests on one kept-open connection reuse one connection to the server")
    func keepAliveIsReusedOnBothSides() throws {
        try withProxy { _, proxy, token in
            let (path, body) = try Self.reportBody()
            let connection = try LoopbackConnection(port: proxy.port)
            try connection.sendKeepingOpen("PUT", path, token: token, body: body)
            #expect(try connection.readOneAnswer(method: "PUT").status == 201)
            try connection.sendKeepingOpen("HEAD", "/v1/photos/\(String(repeating: "a", count: 64))", token: token)
            #expect(try connection.readOneAnswer(method: "HEAD").status == 404)
            for _ in 0..<3 {
                try connection.sendKeepingOpen("GET", path, token: token)
                let answer = try connection.readOneAnswer()
                #expect(answer.status == 200)
                #expect(try WireCoding.decoder().decode(Components.Schemas.Report.self, from: answer.body).revision == 1)
            }
            #expect(proxy.clientConnections == 1)
            #expect(proxy.serverConnections == 1)
            #expect(proxy.url == "http://127.0.0.1:\(proxy.port)")
            #expect(proxy.log.map(\.outcome) == [.passed(status: 201), .passed(status: 404)] + Array(repeating: .passed(status: 200), count: 3))
        }
    }

    @Test("A chunked request body passes through to the server unchanged")
    func chunkedBodyPassesThrough() throws {
        try withProxy { server, proxy, token in
            let photo = try LargePhotos.jpeg(bytes: 600_000, seed: 23)
            let path = "/v1/photos/\(Wire.sha256(photo))"
            let connection = try LoopbackConnection(port: proxy.port)
            try connection.sendHead("PUT", path, headers: [
                ("Authorization", "Bearer \(token)"), ("Content-Type", "image/jpeg"), ("Transfer-Encoding", "chunked"),
            ])
            for start in stride(from: 0, to: photo.count, by: 100_000) {
                let chunk = photo[(photo.startIndex + start)..<(photo.startIndex + min(start + 100_000, photo.count))]
                try connection.send(Data(String(chunk.count, radix: 16).utf8) + Data("\r\n".utf8) + chunk + Data("\r\n".utf8))
            }
            try connection.send(Data("0\r\n\r\n".utf8))
            #expect(try connection.readAnswer(method: "PUT").status == 201)
            #expect(try LoopbackConnection.request(port: server.port, "GET", path, token: token).body == photo)
        }
    }

    @Test("An answer the server gives before the body ended (413 for 25 MiB declared) reaches the client")
    func earlyAnswerPassesThrough() throws {
        try withProxy { _, proxy, token in
            let connection = try LoopbackConnection(port: proxy.port)
            try connection.sendHead("PUT", "/v1/reports/\(UUID())", headers: [
                ("Authorization", "Bearer \(token)"), ("Content-Type", "application/json"), ("Content-Length", String(25 * 1024 * 1024)),
            ])
            let refused = try connection.readAnswer(method: "PUT")
            #expect(refused.status == 413)
            #expect(refused.headers["upload-limit"] == "max-size=20971520")
            #expect(proxy.log.map(\.outcome) == [.passed(status: 413)])
        }
    }

    @Test("Chunked, 204, HEAD, 304 and read-until-close answers to pipelined requests pass byte for byte on one connection")
    func everyFramingPassesThrough() throws {
        let answers = [
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;note=1\r\nhello\r\n6\r\n world\r\n0\r\nTrailer-Field: x\r\n\r\n",
            "HTTP/1.1 204 No Content\r\nX-Kept: 1\r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n",
            "HTTP/1.1 304 Not Modified\r\nETag: \"a\"\r\n\r\n",
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the server closes",
        ]
        let upstream = try ScriptedUpstream(answers: answers)
        defer { upstream.finish() }
        let proxy = try FaultProxy(upstreamPort: upstream.port)
        defer { #expect(proxy.stop()) }

        let requests = [("GET", "/a"), ("GET", "/b"), ("HEAD", "/c"), ("GET", "/d"), ("GET", "/e")]
        let connection = try LoopbackConnection(port: proxy.port)
        try connection.send(Data(requests.map { "\($0.0) \($0.1) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" }.joined().utf8))
        let received = try connection.readToEnd()

        #expect(String(decoding: received, as: UTF8.self) == answers.joined())
        #expect(upstream.requestLines.value.withLock { $0 } == requests.map { "\($0.0) \($0.1) HTTP/1.1" })
        #expect(proxy.log.map(\.outcome) == [200, 204, 200, 304, 200].map { .passed(status: $0) })
        #expect(proxy.serverConnections == 1)
    }

    // MARK: - Faults

    @Test("A dropped request never reaches the server; the client sees its connection closed")
    func dropRequest() throws {
        try withProxy { server, proxy, token in
            let (path, body) = try Self.reportBody()
            proxy.inject(.dropRequest, method: "PUT", path: .prefix("/v1/reports/"))
            #expect(throws: (any Error).self) {
                try LoopbackConnection.request(port: proxy.port, "PUT", path, token: token, headers: Self.json, body: body)
            }
            #expect(proxy.log == [ProxyLogEntry(method: "PUT", path: path, outcome: .droppedRequest)])
            #expect(try LoopbackConnection.request(port: server.port, "GET", path, token: token).status == 404)
            #expect(proxy.pendingFaults.isEmpty)
            #expect(proxy.serverConnections == 0)
        }
    }

    @Test("A dropped answer leaves the report stored while the client sees its connection closed")
    func dropResponse() throws {
        try withProxy { server, proxy, token in
            let (path, body) = try Self.reportBody()
            proxy.inject(.dropResponse, method: "PUT", path: .regex(#"^/v1/reports/[0-9A-Fa-f-]+$"#))
            #expect(throws: (any Error).self) {
                try LoopbackConnection.request(port: proxy.port, "PUT", path, token: token, headers: Self.json, body: body)
            }
            #expect(proxy.log == [ProxyLogEntry(method: "PUT", path: path, outcome: .droppedResponse(status: 201))])
            let stored = try LoopbackConnection.request(port: server.port, "GET", path, token: token)
            #expect(stored.status == 200)
            #expect(try WireCoding.decoder().decode(Components.Schemas.Report.self, from: stored.body).revision == 1)
        }
    }

    @Test("A duplicated save reaches the server twice; the client gets the second answer, a 409 conflict")
    func duplicate() throws {
        try withProxy { server, proxy, token in
            let (path, body) = try Self.reportBody()
            proxy.inject(.duplicate, method: "put", path: .prefix(path))
            let answer = try LoopbackConnection.request(port: proxy.port, "PUT", path, token: token, headers: Self.json, body: body)
            #expect(answer.status == 409)
            let problem = try WireCoding.decoder().decode(Components.Schemas.Problem.self, from: answer.body)
            #expect(problem.current?.revision == 1)
            #expect(proxy.log == [ProxyLogEntry(method: "PUT", path: path, outcome: .duplicated(firstStatus: 201, secondStatus: 409))])
            let stored = try LoopbackConnection.request(port: server.port, "GET", path, token: token)
            #expect(try WireCoding.decoder().decode(Components.Schemas.Report.self, from: stored.body).revision == 1)
        }
    }

    @Test("A 20 MB photo upload cut at 90 % leaves the server holding 90 % of it, to resume from")
    func cutUpload() throws {
        try withProxy { server, proxy, token in
            let photo = try LargePhotos.jpeg(bytes: 20_000_000, seed: 31)
            let path = "/v1/photos/\(Wire.sha256(photo))"
            proxy.inject(.cutUpload(fraction: 0.9), method: "PUT", path: .regex("/photos/"))
            let connection = try LoopbackConnection(port: proxy.port)
            try connection.sendHead("PUT", path, headers: [
                ("Authorization", "Bearer \(token)"), ("Content-Type", "image/jpeg"), ("Content-Length", String(photo.count)),
            ])
            // The proxy closes the connection once 90 % went by: sending the rest may fail.
            try? connection.send(photo)
            #expect(throws: (any Error).self) { try connection.readAnswer(method: "PUT") }
            let sent = photo.count * 9 / 10
            #expect(proxy.log == [ProxyLogEntry(method: "PUT", path: path, outcome: .cutUpload(sentBytes: sent, ofBytes: photo.count))])

            let held = try LoopbackConnection.partialUploadOffset(port: server.port, path: path, token: token)
            #expect(held == sent)
        }
    }

    @Test("A fault applies to matching requests only, as many times as asked, in the order added")
    func faultsMatchAndCount() throws {
        try withProxy { _, proxy, token in
            proxy.inject(.dropRequest, method: "GET", path: .prefix("/v1/reports"), times: 2)
            proxy.inject(.dropResponse, method: "GET", path: .prefix("/v1/"))
            let health = try LoopbackConnection.request(port: proxy.port, "GET", "/health")
            #expect(health.status == 200)
            for _ in 0..<3 {
                #expect(throws: (any Error).self) { try LoopbackConnection.request(port: proxy.port, "GET", "/v1/reports", token: token) }
            }
            #expect(try LoopbackConnection.request(port: proxy.port, "GET", "/v1/reports", token: token).status == 200)
            #expect(proxy.log.map(\.outcome) == [
                .passed(status: 200), .droppedRequest, .droppedRequest, .droppedResponse(status: 200), .passed(status: 200),
            ])
            #expect(proxy.pendingFaults.isEmpty)
        }
    }

    @Test("While down, open connections are closed and new ones refused; after up, requests pass again")
    func downAndUp() throws {
        try withProxy { server, proxy, token in
            let open = try LoopbackConnection(port: proxy.port)
            try open.sendKeepingOpen("GET", "/v1/reports", token: token)
            #expect(try open.readOneAnswer().status == 200)

            proxy.down()
            #expect(throws: (any Error).self) { try open.readOneAnswer() }
            #expect(throws: (any Error).self) { try LoopbackConnection.request(port: proxy.port, "GET", "/v1/reports", token: token) }
            #expect(proxy.waitForLog { $0.outcome == .refused }.last?.outcome == .refused)
            #expect(server.isRunning)

            proxy.up()
            #expect(try LoopbackConnection.request(port: proxy.port, "GET", "/v1/reports", token: token).status == 200)
        }
    }

    @Test("With the server stopped, a request finds it unreachable; restarted on a new port with its data, it is reached again")
    func serverRestartsOnAnotherPort() throws {
        try withProxy { server, proxy, token in
            let (path, body) = try Self.reportBody()
            #expect(try LoopbackConnection.request(port: proxy.port, "PUT", path, token: token, headers: Self.json, body: body).status == 201)
            try server.kill()
            #expect(throws: (any Error).self) { try LoopbackConnection.request(port: proxy.port, "GET", path, token: token) }
            #expect(proxy.log.last == ProxyLogEntry(method: "GET", path: path, outcome: .unreachable))

            let restarted = try server.restarted(port: 0)
            defer { _ = try? restarted.stop() }
            proxy.upstreamPort = restarted.port
            let again = try LoopbackConnection.request(port: proxy.port, "GET", path, token: token)
            #expect(again.status == 200)
            #expect(try WireCoding.decoder().decode(Components.Schemas.Report.self, from: again.body).revision == 1)
        }
    }

    @Test("The server killed in the middle of an upload and restarted on its port is reached again; the upload completes")
    func serverKilledMidUploadAndRestarted() throws {
        try withProxy { server, proxy, token in
            let photo = try LargePhotos.jpeg(bytes: 4 * 1024 * 1024, seed: 41)
            let path = "/v1/photos/\(Wire.sha256(photo))"
            let connection = try LoopbackConnection(port: proxy.port)
            try connection.sendHead("PUT", path, headers: [
                ("Authorization", "Bearer \(token)"), ("Content-Type", "image/jpeg"), ("Content-Length", String(photo.count)),
            ])
            try connection.send(photo.prefix(photo.count / 2))
            usleep(200_000)
            try server.kill()
            #expect(throws: (any Error).self) { try connection.readAnswer(method: "PUT") }
            let broken = try #require(proxy.waitForLog { $0.path == path }.last)
            let failed = switch broken.outcome {
            case .failed: true
            default: false
            }
            #expect(failed, "\(broken)")

            let restarted = try server.restarted()
            defer { _ = try? restarted.stop() }
            #expect(restarted.port == server.port)
            let head = try LoopbackConnection.request(port: proxy.port, "HEAD", path, token: token)
            let held = head.status == 200 ? head.headers["upload-offset"].flatMap(Int.init) ?? 0 : 0
            let rest = held > 0
                ? try LoopbackConnection.request(
                    port: proxy.port, "PATCH", path, token: token,
                    headers: [("Upload-Offset", String(held)), ("Content-Type", "application/partial-upload")], body: photo.dropFirst(held)
                )
                : try LoopbackConnection.request(port: proxy.port, "PUT", path, token: token, headers: [("Content-Type", "image/jpeg")], body: photo)
            #expect(rest.status == 201)
            #expect(try LoopbackConnection.request(port: proxy.port, "GET", path, token: token).body == photo)
        }
    }

    @Test("Stopping the proxy closes its connections and its port")
    func stopClosesEverything() throws {
        try withProxy { _, proxy, token in
            let idle = try LoopbackConnection(port: proxy.port)
            try idle.sendKeepingOpen("GET", "/v1/reports", token: token)
            #expect(try idle.readOneAnswer().status == 200)
            #expect(proxy.openSockets == 2)
            #expect(proxy.stop())
            #expect(proxy.openSockets == 0)
            #expect(throws: (any Error).self) { try idle.readOneAnswer() }
            #expect(throws: (any Error).self) { try LoopbackConnection(port: proxy.port) }
        }
    }
}
