import Domain
import Foundation
import Testing
import TestSupport
import WireAPI
#if canImport(Glibc)
import Glibc
import ServerTestSupport
#endif

/// The release of connections held by slow senders, against the server binary: many sockets trickling bodies from
/// other loopback addresses (`127.0.0.2`…, as other clients), one client opening many, a body that keeps a byte now
/// and then (which the idle bound alone would let live), and a driver uploading slowly but steadily.
@Suite("Slow clients against the real server", .serialized, .ownThreads)
struct ServerSlowClientTests {
    /// Asks `/health` from 127.0.0.1 every `interval` until `deadline`; returns the slowest answer's seconds and the
    /// statuses seen.
    static func watchHealth(port: Int, until deadline: Date, every interval: TimeInterval = 0.25) -> (slowest: Double, statuses: Set<Int>) {
        var slowest = 0.0
        var statuses: Set<Int> = []
        while Date() < deadline {
            let started = Date()
            let status = (try? LoopbackConnection.request(port: port, "GET", "/health"))?.status ?? -1
            slowest = max(slowest, Date().timeIntervalSince(started))
            statuses.insert(status)
            Thread.sleep(forTimeInterval: interval)
        }
        return (slowest, statuses)
    }

    @Test("600 sockets from 20 other addresses trickling sign-in bodies: /health answers within a second throughout, and they are closed within the anonymous body bound")
    func tricklingBodiesDoNotStarveOthers() throws {
        let server = try ServerProcess(arguments: ServerProcess.pacedBodies)
        defer { _ = try? server.stop() }
        var slow: [LoopbackConnection] = []
        for index in 0..<600 {
            let connection = try LoopbackConnection(port: server.port, from: "127.0.0.\(2 + index / 30)")
            try connection.sendHead("POST", "/handler/sign-in", headers: [
                ("Content-Type", "application/x-www-form-urlencoded"), ("Content-Length", "16000"),
            ])
            try connection.send(Data("c".utf8))
            slow.append(connection)
        }
        let opened = Date()
        // A byte on each every few seconds (the idle bound restarts on each), while a normal client asks for /health.
        let trickling = Shared(true)
        let all = slow
        let trickler = Thread {
            while trickling.value.withLock({ $0 }) {
                for connection in all { _ = try? connection.send(Data("s".utf8)) }
                Thread.sleep(forTimeInterval: 2)
            }
        }
        trickler.start()
        let (slowest, statuses) = Self.watchHealth(port: server.port, until: opened.addingTimeInterval(14))
        trickling.value.withLock { $0 = false }
        print("/health beside 600 trickling bodies: slowest answer \(String(format: "%.1f", slowest * 1000)) ms")
        #expect(statuses == [200], "\(statuses)")
        #expect(slowest < 1)
        // Past the anonymous bound (10 s), every trickling socket was closed by the server.
        var closed = 0
        for connection in slow where (try? connection.readToEnd()) != nil { closed += 1 }
        #expect(closed == slow.count)
    }

    @Test("One client's connections past --max-connections-per-client are closed at once; other clients and a trusted proxy are served")
    func oneClientHoldsFewConnections() throws {
        let server = try ServerProcess(arguments: ServerProcess.pacedBodies + ["--max-connections-per-client", "5", "--trusted-proxy", "127.0.0.9"])
        defer { _ = try? server.stop() }
        let held = try (0..<5).map { _ in try LoopbackConnection(port: server.port, from: "127.0.0.2") }
        Thread.sleep(forTimeInterval: 0.3)
        let extra = try LoopbackConnection(port: server.port, from: "127.0.0.2")
        try? extra.send(Data("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
        #expect((try? extra.readToEnd()).map(\.isEmpty) ?? true, "the sixth connection of one client was answered")
        // Another client, and the same client once one of its connections is done.
        let other = try LoopbackConnection(port: server.port, from: "127.0.0.3")
        try other.sendHead("GET", "/health", headers: [])
        #expect(try other.readAnswer().status == 200)
        try held[0].sendHead("GET", "/health", headers: [])
        #expect(try held[0].readAnswer().status == 200)
        held[0].cut()
        Thread.sleep(forTimeInterval: 0.5)
        let again = try LoopbackConnection(port: server.port, from: "127.0.0.2")
        try again.sendHead("GET", "/health", headers: [])
        #expect(try again.readAnswer().status == 200)
        // A proxy's connections carry many clients: not held to the bound.
        let proxied = try (0..<8).map { _ in try LoopbackConnection(port: server.port, from: "127.0.0.9") }
        Thread.sleep(forTimeInterval: 0.3)
        for connection in proxied {
            try connection.sendHead("GET", "/health", headers: [])
            #expect(try connection.readAnswer().status == 200)
        }
        _ = held
        let refused = try ServerProcess.run(["serve", "--port", "0", "--trusted-proxy", "proxy.example.com"])
        #expect(refused.status == 64)
        #expect(refused.errors.contains("--trusted-proxy"))
    }

    @Test("Through a trusted proxy a client's requests under way are counted by X-Forwarded-For: one past the bound is answered 429 unread; other clients are served; the header is believed from the proxy only")
    func forwardedClientsAreCountedThroughATrustedProxy() throws {
        let server = try ServerProcess(arguments: ServerProcess.pacedBodies + ["--max-connections-per-client", "3", "--trusted-proxy", "127.0.0.9"])
        defer { _ = try? server.stop() }
        let ann = try server.add("ann")
        func get(_ path: String, from address: String, forwardedFor: String?) throws -> LoopbackConnection.Answer {
            let connection = try LoopbackConnection(port: server.port, from: address)
            try connection.sendHead("GET", path, headers: forwardedFor.map { [("X-Forwarded-For", $0)] } ?? [])
            return try connection.readAnswer()
        }
        // Three uploads of one client under way through the proxy, their bodies part sent.
        let uploads = try (1...3).map { seed in
            let photo = try LargePhotos.jpeg(bytes: 50_000, seed: 40 + seed)
            let connection = try LoopbackConnection(port: server.port, from: "127.0.0.9")
            try connection.sendHead("PUT", "/v1/photos/\(Wire.sha256(photo))", headers: [
                ("Authorization", "Bearer \(ann)"), ("Content-Type", "image/jpeg"), ("Content-Length", String(photo.count)),
                ("X-Forwarded-For", "203.0.113.7"),
            ])
            try connection.send(photo.prefix(1_000))
            return (connection, photo)
        }
        Thread.sleep(forTimeInterval: 0.5)
        // Its fourth request is refused at once, also when it came through a proxy before this one.
        for forwardedFor in ["198.51.100.1, 203.0.113.7", "203.0.113.7, 127.0.0.9"] {
            let refused = try get("/health", from: "127.0.0.9", forwardedFor: forwardedFor)
            #expect(refused.status == 429)
            #expect(refused.headers["retry-after"] == "5")
            #expect(refused.text.contains("rate-limited") && refused.text.contains("from your address"))
        }
        // Another client through the proxy, the proxy's own request and the same header from an address not trusted
        // (believed from the proxy only) are served.
        #expect(try get("/health", from: "127.0.0.9", forwardedFor: "198.51.100.2").status == 200)
        #expect(try get("/health", from: "127.0.0.9", forwardedFor: nil).status == 200)
        #expect(try get("/health", from: "127.0.0.3", forwardedFor: "203.0.113.7").status == 200)
        // Once one of its uploads is answered, the client's next request goes.
        try uploads[0].0.send(uploads[0].1.dropFirst(1_000))
        #expect(try uploads[0].0.readAnswer().status == 201)
        #expect(try get("/health", from: "127.0.0.9", forwardedFor: "203.0.113.7").status == 200)
        for (connection, _) in uploads.dropFirst() { connection.cut() }
    }

    @Test("A body the server is not reading yet (its upload waits for another's lock) is not held to the pace: it is answered once its turn comes")
    func aBodyWaitingForTheServerIsNotCut() throws {
        let server = try ServerProcess(arguments: ServerProcess.pacedBodies)
        defer { _ = try? server.stop() }
        let ann = try server.add("ann")
        let photo = try LargePhotos.jpeg(bytes: 40_000, seed: 9)
        let path = "/v1/photos/\(Wire.sha256(photo))"
        let headers = [("Authorization", "Bearer \(ann)"), ("Content-Type", "image/jpeg"), ("Content-Length", String(photo.count))]
        // The first upload goes at 2 KB/s, above the pace: it holds the upload's lock for 20 s.
        let slow = try LoopbackConnection(port: server.port, from: "127.0.0.2")
        try slow.sendHead("PUT", path, headers: headers)
        let cutAt = Shared<Int?>(nil)
        let sender = Thread {
            var offset = 0
            while offset < photo.count {
                let end = min(offset + 1_000, photo.count)
                do {
                    try slow.send(photo[offset..<end])
                } catch {
                    cutAt.value.withLock { $0 = offset }
                    return
                }
                offset = end
                Thread.sleep(forTimeInterval: 0.5)
            }
        }
        sender.start()
        Thread.sleep(forTimeInterval: 1)
        // The second sends everything at once and waits for the lock, its body unread all that time.
        let waiting = try LoopbackConnection(port: server.port, from: "127.0.0.3")
        try waiting.sendHead("PUT", path, headers: headers)
        try waiting.send(photo)
        let started = Date()
        let answer = try waiting.readAnswer()
        let waited = Date().timeIntervalSince(started)
        print("an upload that waited for another's lock: \(answer.status) after \(String(format: "%.1f", waited)) s")
        #expect(answer.status == 200 || answer.status == 201)
        #expect(waited > 15, "the first upload did not hold the lock as long as expected")
        // The paced upload was never cut: it kept above the pace the whole time.
        #expect(cutAt.value.withLock { $0 } == nil, "the upload at 2 KB/s was cut")
        #expect(try slow.readAnswer().status == 201)
        #expect(try LoopbackConnection.request(port: server.port, "GET", path, token: ann).body == photo)
    }

    @Test("One account's fifth upload at once is refused 429 with Retry-After, before any lock is taken; another account's is not; once one ends, the next goes")
    func oneAccountHoldsFewUploadLocks() throws {
        let server = try ServerProcess(arguments: ServerProcess.pacedBodies)
        defer { _ = try? server.stop() }
        let ann = try server.add("ann")
        let bob = try server.add("bob")
        func begin(_ seed: Int, token: String) throws -> (LoopbackConnection, Data) {
            let photo = try LargePhotos.jpeg(bytes: 100_000, seed: seed)
            let connection = try LoopbackConnection(port: server.port, from: "127.0.0.\(2 + seed)")
            try connection.sendHead("PUT", "/v1/photos/\(Wire.sha256(photo))", headers: [
                ("Authorization", "Bearer \(token)"), ("Content-Type", "image/jpeg"), ("Content-Length", String(photo.count)),
            ])
            try connection.send(photo.prefix(1_000))
            return (connection, photo)
        }
        let held = try (1...4).map { try begin($0, token: ann) }
        Thread.sleep(forTimeInterval: 0.5)
        let (fifth, _) = try begin(5, token: ann)
        let refused = try fifth.readAnswer()
        #expect(refused.status == 429)
        #expect(refused.headers["retry-after"] == "5")
        #expect(refused.text.contains("photo uploads under way"))
        // Bob is not held back by ann's.
        let (bobs, bobsPhoto) = try begin(6, token: bob)
        try bobs.send(bobsPhoto.dropFirst(1_000))
        #expect(try bobs.readAnswer().status == 201)
        // Ann finishes one; her next goes.
        try held[0].0.send(held[0].1.dropFirst(1_000))
        #expect(try held[0].0.readAnswer().status == 201)
        Thread.sleep(forTimeInterval: 0.3)
        let (next, nextPhoto) = try begin(7, token: ann)
        try next.send(nextPhoto.dropFirst(1_000))
        #expect(try next.readAnswer().status == 201)
        for (connection, _) in held.dropFirst() { connection.cut() }
    }

    @Test("A sign-in posted without the page's cookie is refused before its body is read")
    func aForgedSignInIsRefusedUnread() throws {
        let server = try ServerProcess(arguments: ServerProcess.pacedBodies)
        defer { _ = try? server.stop() }
        let connection = try LoopbackConnection(port: server.port, from: "127.0.0.2")
        try connection.sendHead("POST", "/handler/sign-in", headers: [
            ("Content-Type", "application/x-www-form-urlencoded"), ("Content-Length", "16000"),
        ])
        try connection.send(Data("csrf=".utf8))
        // Answered with 16,000 bytes still to come.
        let answer = try connection.readOneAnswer(method: "POST")
        #expect(answer.status == 403)
        #expect(answer.text.contains("The sign-in form had expired"))
    }

    @Test("A photo sent at 20 KB/s completes; one that keeps a byte every 500 ms is closed by the pace bound, what arrived kept to resume")
    func thePaceOfABody() throws {
        let server = try ServerProcess(arguments: ServerProcess.pacedBodies + ["--idle-timeout", "60"])
        defer { _ = try? server.stop() }
        let ann = try server.add("ann")

        // Steady: 240 KB in 2 KB steps every 100 ms.
        let photo = try LargePhotos.jpeg(bytes: 240_000, seed: 7)
        let steady = try LoopbackConnection(port: server.port, from: "127.0.0.2")
        try steady.sendHead("PUT", "/v1/photos/\(Wire.sha256(photo))", headers: [
            ("Authorization", "Bearer \(ann)"), ("Content-Type", "image/jpeg"), ("Content-Length", String(photo.count)),
        ])
        var offset = 0
        let started = Date()
        while offset < photo.count {
            let end = min(offset + 2_000, photo.count)
            try steady.send(photo[offset..<end])
            offset = end
            Thread.sleep(forTimeInterval: 0.1)
        }
        let stored = try steady.readAnswer()
        print("a photo of \(photo.count) bytes at 20 KB/s: \(stored.status) after \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        #expect(stored.status == 201)

        // A trickle: two bytes a second, far below the pace, though never idle for long.
        let other = try LargePhotos.jpeg(bytes: 50_000, seed: 8)
        let sha = Wire.sha256(other)
        let trickle = try LoopbackConnection(port: server.port, from: "127.0.0.3")
        try trickle.sendHead("PUT", "/v1/photos/\(sha)", headers: [
            ("Authorization", "Bearer \(ann)"), ("Content-Type", "image/jpeg"), ("Content-Length", String(other.count)),
        ])
        let tricklingSince = Date()
        var sent = 0
        var closedAfter: Double?
        while Date().timeIntervalSince(tricklingSince) < 40 {
            do {
                try trickle.send(other[sent..<(sent + 1)])
                sent += 1
            } catch {
                closedAfter = Date().timeIntervalSince(tricklingSince)
                break
            }
            Thread.sleep(forTimeInterval: 0.5)
        }
        let closed = try #require(closedAfter, "a trickling body was kept for 40 s")
        print("a body at 2 bytes a second: closed after \(String(format: "%.1f", closed)) s, \(sent) bytes sent")
        #expect(closed < 30)
        // What arrived is kept to resume from.
        var held: Int?
        for _ in 0..<50 where held == nil {
            let head = try LoopbackConnection.request(port: server.port, "HEAD", "/v1/photos/\(sha)", token: ann)
            held = head.headers["upload-complete"] == "?0" ? head.headers["upload-offset"].flatMap(Int.init) : nil
            if held == nil { Thread.sleep(forTimeInterval: 0.1) }
        }
        let kept = try #require(held)
        #expect(kept > 0 && kept <= sent)
    }
}
