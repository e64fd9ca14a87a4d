import Domain
import Foundation
import ServerPages
import Testing
import TestSupport
import WireAPI
#if canImport(Glibc)
import Glibc
import ServerTestSupport
#endif

/// The real server binary against clients that stop sending, send slowly, send too much or too many: it keeps
/// serving others, frees what they held, and holds no more than its bounds.
@Suite("Hostile clients against the real server", .serialized, .ownThreads)
struct ServerHostileClientTests {
    // MARK: - A stalled upload

    /// Sends the head of a photo upload and half its bytes, then nothing, keeping the socket open as a phone that lost
    /// its signal does; then asks `HEAD` until it answers the offset held, and finishes with `PATCH`.
    /// - Returns: the seconds from the stall to the first `HEAD` answering the offset.
    static func stallThenResume(photo: Data, stallOn stalled: Int, resumeOn resumed: @escaping () -> Int, token: String) throws -> Double {
        let sha = Wire.sha256(photo)
        let half = photo.count / 2
        let connection = try LoopbackConnection(port: stalled)
        try connection.sendHead("PUT", "/v1/photos/\(sha)", headers: [
            ("Authorization", "Bearer \(token)"), ("Content-Type", "image/jpeg"), ("Content-Length", String(photo.count)),
        ])
        try connection.send(photo.prefix(half))
        let stalledAt = Date()
        var offset: Int?
        while offset == nil, Date().timeIntervalSince(stalledAt) < 30 {
            let head = try LoopbackConnection.request(port: resumed(), "HEAD", "/v1/photos/\(sha)", token: token)
            if head.headers["upload-complete"] == "?0" { offset = head.headers["upload-offset"].flatMap { Int($0) } }
            if offset == nil { usleep(100_000) }
        }
        let held = try #require(offset, "HEAD never answered the offset of the stalled upload")
        let waited = Date().timeIntervalSince(stalledAt)
        #expect(held == half)
        let patched = try LoopbackConnection.request(
            port: resumed(), "PATCH", "/v1/photos/\(sha)", token: token,
            headers: [("Upload-Offset", String(held)), ("Upload-Complete", "?1"), ("Content-Type", "application/partial-upload")],
            body: photo.dropFirst(held)
        )
        #expect(patched.status == 201)
        let whole = try LoopbackConnection.request(port: resumed(), "GET", "/v1/photos/\(sha)", token: token)
        #expect(whole.body == photo)
        return waited
    }

    @Test("A stalled upload is ended within the idle bound: HEAD answers its offset at once, and PATCH completes it once")
    func aStalledUploadIsResumable() throws {
        let server = try ServerProcess(arguments: ServerProcess.pacedBodies + ["--idle-timeout", "2"])
        defer { _ = try? server.stop() }
        let token = try server.addUser("ann")
        let photo = try LargePhotos.jpeg(bytes: 2_000_000, seed: 11)

        let waited = try Self.stallThenResume(photo: photo, stallOn: server.port, resumeOn: { server.port }, token: token)

        #expect(waited < 30)
        #expect(server.storedPhotoFiles().count == 1)
        print("stalled upload to a working HEAD: \(String(format: "%.2f", waited)) s (idle bound 2 s)")
    }

    @Test("With PostgreSQL and a bucket, a stalled upload on one instance is resumed on the other: its lock did not outlive it")
    func aStalledUploadIsResumableAcrossInstances() async throws {
        let pair = try await InstancePair.start(extraArguments: ["--idle-timeout", "2"])
        defer { pair.stop() }
        let token = try pair.add("ann")
        let photo = try LargePhotos.jpeg(bytes: 2_000_000, seed: 12)

        let waited = try Self.stallThenResume(photo: photo, stallOn: pair.instances[0].port, resumeOn: { pair.instances[1].port }, token: token)

        #expect(waited < 30)
        let objects = try await pair.bucket.list(prefix: "photo/")
        #expect(objects.count == 1)
    }

    // MARK: - Slow and many connections

    @Test("300 connections trickling a request head: a normal client is still answered, and they are closed within the head bound")
    func slowHeadsDoNotStarveOthers() throws {
        let server = try ServerProcess(arguments: ServerProcess.pacedBodies + ["--head-timeout", "3", "--idle-timeout", "30"])
        defer { _ = try? server.stop() }
        var slow: [LoopbackConnection] = []
        for index in 0..<300 {
            // From twenty clients, under the per-client bound.
            let connection = try LoopbackConnection(port: server.port, from: "127.0.0.\(2 + index % 20)")
            try connection.send(Data("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8))
            slow.append(connection)
        }
        var slowest = 0.0
        for _ in 0..<20 {
            let started = Date()
            #expect(try LoopbackConnection.request(port: server.port, "GET", "/health").status == 200)
            slowest = max(slowest, Date().timeIntervalSince(started))
        }
        print("a normal client beside 300 slow heads: slowest of 20 requests \(String(format: "%.1f", slowest * 1000)) ms")
        // Past the head bound, the server has closed them all, though they kept sending.
        Thread.sleep(forTimeInterval: 4)
        var closed = 0
        for connection in slow {
            _ = try? connection.send(Data("X-Still: here\r\n".utf8))
            if (try? connection.readToEnd()) != nil { closed += 1 }
        }
        #expect(closed == slow.count)
    }

    @Test("Connections past --max-connections are closed at once; those admitted are served")
    func theExcessConnectionsAreRefused() throws {
        let server = try ServerProcess(arguments: ServerProcess.pacedBodies + ["--max-connections", "10"])
        defer { _ = try? server.stop() }
        let held = try (0..<10).map { _ in try LoopbackConnection(port: server.port) }
        Thread.sleep(forTimeInterval: 0.3)
        let extra = try LoopbackConnection(port: server.port)
        try? extra.send(Data("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
        // Closed (or reset) without an answer, at once.
        let started = Date()
        #expect((try? extra.readToEnd()).map(\.isEmpty) ?? true, "the eleventh connection was answered")
        #expect(Date().timeIntervalSince(started) < 30)
        try held[0].sendHead("GET", "/health", headers: [])
        #expect(try held[0].readAnswer().status == 200)
        _ = held
    }

    // MARK: - Bodies nobody asked for

    @Test("50 anonymous 8 MiB JSON bodies to /health and to a JSON route at once: all refused, little memory, still serving")
    func largeAnonymousBodiesAreRefusedUnread() throws {
        let server = try ServerProcess(arguments: ServerProcess.pacedBodies)
        defer { _ = try? server.stop() }
        let before = try Self.peakResidentKiB(of: server.processIdentifier)
        let body = Data(repeating: UInt8(ascii: " "), count: 8 * 1024 * 1024)
        let statuses = Shared<[Int]>([])
        let group = DispatchGroup()
        for index in 0..<50 {
            group.enter()
            Thread {
                defer { group.leave() }
                let path = index.isMultiple(of: 2) ? "/health" : "/v1/reports/\(UUID())"
                let method = index.isMultiple(of: 2) ? "GET" : "PUT"
                let status = (try? LoopbackConnection.request(
                    port: server.port, method, path, headers: [("Content-Type", "application/json")], body: body
                ))?.status ?? -1
                statuses.value.withLock { $0.append(status) }
            }.start()
        }
        #expect(group.wait(timeout: .now() + 120) == .success)
        let after = try Self.peakResidentKiB(of: server.processIdentifier)
        let answered = statuses.value.withLock { $0 }
        #expect(answered.count == 50)
        #expect(answered.allSatisfy { $0 == 400 || $0 == 401 || $0 == -1 }, "\(answered)")
        #expect(after - before < 100 * 1024, "peak resident memory grew by \((after - before) / 1024) MiB")
        print("50 × 8 MiB anonymous bodies: peak resident memory \(before / 1024) → \(after / 1024) MiB")
        #expect(try LoopbackConnection.request(port: server.port, "GET", "/health").status == 200)
    }

    @Test("Oversized claims bodies and page forms are refused at their bounds, forged and wrong sign-ins by the hundred change nothing, and the server still serves")
    func claimsAndPagesHoldTheirBounds() throws {
        let server = try ServerProcess(arguments: ServerProcess.pacedBodies)
        defer { _ = try? server.stop() }
        let handler = try server.add("hana", kind: "handler")
        let json = [("Content-Type", "application/json")]
        let big = Data((#"{"claimNumber":"1","message":""# + String(repeating: "a", count: 9 * 1_024) + #""}"#).utf8)
        let acknowledgement = try LoopbackConnection.request(
            port: server.port, "PUT", "/v1/claims/\(UUID())/acknowledgement", token: handler, headers: json, body: big
        )
        #expect(acknowledgement.status == 413)
        let form = [("Content-Type", "application/x-www-form-urlencoded")]
        let hugeForm = Data(("token=" + String(repeating: "a", count: 1_024 * 1_024)).utf8)
        // Without the sign-in page's cookie a sign-in is refused unread; with one, a form past its bound is refused at it.
        #expect(try LoopbackConnection.request(port: server.port, "POST", "/handler/sign-in", headers: form, body: hugeForm).status == 403)
        let withCookie = form + [("Cookie", "\(HandlerPages.signInCookie)=v")]
        #expect(try LoopbackConnection.request(port: server.port, "POST", "/handler/sign-in", headers: withCookie, body: hugeForm).status == 413)
        // Without a session a form is not read at all: to the sign-in page.
        let unsigned = try LoopbackConnection.request(port: server.port, "POST", "/handler/claims/\(UUID())/acknowledge", headers: form, body: hugeForm)
        #expect(unsigned.status == 303)
        #expect(unsigned.headers["location"] == "/handler/sign-in")

        // Two hundred sign-ins with wrong tokens, or without the form's own value, at once from twenty clients: every one
        // refused.
        let statuses = Shared<[Int]>([])
        let group = DispatchGroup()
        for index in 0..<200 {
            group.enter()
            Thread {
                defer { group.leave() }
                let cookie = index.isMultiple(of: 2) ? [("Cookie", "\(HandlerPages.signInCookie)=v\(index)")] : []
                let body = Data("csrf=v\(index)&token=ca_wrong-\(index)".utf8)
                let status = (try? LoopbackConnection.request(
                    port: server.port, "POST", "/handler/sign-in", headers: form + cookie, body: body, from: "127.0.0.\(2 + index % 20)"
                ))?.status ?? -1
                statuses.value.withLock { $0.append(status) }
            }.start()
        }
        #expect(group.wait(timeout: .now() + 120) == .success)
        let answered = statuses.value.withLock { $0 }
        #expect(answered.count == 200)
        #expect(answered.allSatisfy { $0 == 401 || $0 == 403 }, "\(answered.filter { $0 != 401 && $0 != 403 })")
        #expect(try LoopbackConnection.request(port: server.port, "GET", "/health").status == 200)
    }

    @Test("A note, an address or a file name of a few characters and millions of bytes, or holding escape codes, is refused naming the field")
    func textLargeInBytesIsRefused() throws {
        let server = try ServerProcess(arguments: ServerProcess.pacedBodies)
        defer { _ = try? server.stop() }
        let token = try server.addUser("ann")
        let heavy = "a" + String(repeating: "\u{0301}", count: 100_000)
        #expect(heavy.count == 1)
        let photo = Photo(
            section: .crashScene, contentHash: .stub("a"), mediaType: .jpeg, byteCount: 10,
            pixelSize: PixelSize(width: 1, height: 1), originalFileName: "scene.jpg", addedAt: Date()
        )
        let report = CrashReport.stub(photos: [photo])
        var wire = Components.Schemas.Report(report)
        let cases: [(String, (inout Components.Schemas.Report) -> Void)] = [
            ("otherDriverNote", { $0.otherDriverNote = heavy }),
            ("scene.address", { $0.scene.address = heavy }),
            ("photos[0].originalFileName", { $0.photos[0].originalFileName = heavy }),
        ]
        let escapes: [(String, (inout Components.Schemas.Report) -> Void)] = [
            ("otherDriverNote", { $0.otherDriverNote = "abc\u{1B}[D\u{1B}[DZ" }),
            ("scene.address", { $0.scene.address = "\u{1B}[2JMain St" }),
            ("photos[0].originalFileName", { $0.photos[0].originalFileName = "scene\u{07}.jpg" }),
        ]
        for (field, spoil) in cases + escapes {
            var spoiled = wire
            spoil(&spoiled)
            let answer = try LoopbackConnection.request(
                port: server.port, "PUT", "/v1/reports/\(report.id)", token: token,
                headers: [("Content-Type", "application/json")], body: try WireCoding.encoder().encode(spoiled)
            )
            #expect(answer.status == 400, "\(field)")
            let problem = try WireCoding.decoder().decode(Components.Schemas.Problem.self, from: answer.body)
            #expect(problem.field == field)
            #expect(ProblemType(uri: problem._type) == .invalidReport)
        }
        wire.otherDriverNote = "fine"
        #expect(try LoopbackConnection.request(
            port: server.port, "PUT", "/v1/reports/\(report.id)", token: token,
            headers: [("Content-Type", "application/json")], body: try WireCoding.encoder().encode(wire)
        ).status == 201)
    }

    // MARK: - Helpers

    /// The process's peak resident memory (`VmHWM`), in KiB.
    static func peakResidentKiB(of pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let value = line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap({ Int($0) }) else {
            throw ServerProcess.Failure(description: "no VmHWM in /proc/\(pid)/status")
        }
        return value
    }
}
