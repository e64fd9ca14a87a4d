import Domain
import Foundation
import ServerCore
import ServerPostgres
import Testing
import TestSupport
import WireAPI
import ServerTestSupport

/// The real server binary with `--database-url` and `--blob-url`: two instances sharing one PostgreSQL and one bucket
/// and nothing else (``InstancePair``), and the answers when the database cannot be used.
@Suite("Two server instances over one PostgreSQL and one bucket", .serialized, .ownThreads)
struct ServerPostgresLiveTests {
    /// The URL the server is given for a location of the test run's PostgreSQL.
    static func url(_ location: PostgresLocation) -> String {
        "postgres://\(location.username)@\(location.host):\(location.port)/\(location.database)?sslmode=disable"
    }

    /// Adds an account through `user add` / `detector add` on the database and returns its token.
    static func add(_ name: String, kind: String = "user", database: String, folder: URL) throws -> String {
        let phone = kind == "user" ? ["--phone", ServerProcess.testPhone] : []
        let result = try ServerProcess.run([kind, "add", name, "--data", folder.path, "--database-url", database] + phone)
        guard result.status == 0 else { throw ServerProcess.Failure(description: "\(kind) add failed: \(result.errors)") }
        return result.output.trimmingCharacters(in: .newlines)
    }

    @Test("A rotated and a revoked token are refused on both instances within seconds; the new token opens the account on both")
    func rotatedAndRevokedTokensAreRefusedEverywhere() async throws {
        let pair = try await InstancePair.start()
        defer { pair.stop() }
        let old = try pair.add("ann")
        let detector = try pair.add("detector-1", kind: "detector")
        for instance in pair.instances {
            #expect(try LoopbackConnection.request(port: instance.port, "GET", "/v1/reports", token: old).status == 200)
        }

        let rotated = try ServerProcess.run(["user", "rotate", "ann", "--data", pair.instances[0].dataFolder.path, "--database-url", pair.databaseURL])
        #expect(rotated.status == 0, "\(rotated.errors)")
        let new = rotated.output.trimmingCharacters(in: .newlines)
        #expect(new != old && !new.isEmpty)
        let revoked = try ServerProcess.run(["detector", "revoke", "detector-1", "--data", pair.instances[0].dataFolder.path, "--database-url", pair.databaseURL])
        #expect(revoked.status == 0, "\(revoked.errors)")

        for instance in pair.instances {
            #expect(try Self.refusedWithin(seconds: 15, port: instance.port, path: "/v1/reports", method: "GET", token: old))
            #expect(try Self.refusedWithin(seconds: 15, port: instance.port, path: "/v1/crash-events", method: "POST", token: detector))
            #expect(try LoopbackConnection.request(port: instance.port, "GET", "/v1/reports", token: new).status == 200)
        }
        let unknown = try ServerProcess.run(["user", "revoke", "nobody", "--data", pair.instances[0].dataFolder.path, "--database-url", pair.databaseURL])
        #expect(unknown.status != 0)
        #expect(unknown.errors.contains("no user named “nobody”"))
    }

    /// Whether the token is answered 401 within `seconds` (asked every 200 ms).
    static func refusedWithin(seconds: Double, port: Int, path: String, method: String, token: String) throws -> Bool {
        let started = Date()
        while Date().timeIntervalSince(started) < seconds {
            if try LoopbackConnection.request(port: port, method, path, token: token).status == 401 { return true }
            usleep(200_000)
        }
        return false
    }

    @Test("A client alternating between two instances over one database and one bucket walks the whole API: crash IDs, a crash event, reports, a conflict, photos, submit and the PDF")
    func aClientAlternatingBetweenTheInstancesWalksTheWholeAPI() async throws {
        let pair = try await InstancePair.start()
        defer { pair.stop() }
        let ann = try pair.add("ann")
        let detector = try pair.add("detector-1", kind: "detector")
        let json = [("Content-Type", "application/json")]

        // Crash IDs from either instance are never the same.
        let issued = try (0..<2).map { _ in
            let answer = try pair.request("POST", "/v1/crash-ids", token: ann)
            #expect(answer.status == 201)
            return try WireCoding.decoder().decode(Components.Schemas.IssuedCrashID.self, from: answer.body).crashId
        }
        #expect(Set(issued).count == 2)

        // A crash event, then the same event again on the other instance: the same answer, no second SMS.
        let event = try Self.crashEvent("evt-walk")
        let eventHeaders = json + [("Idempotency-Key", "evt-walk")]
        let first = try pair.request("POST", "/v1/crash-events", token: detector, headers: eventHeaders, body: event)
        let again = try pair.request("POST", "/v1/crash-events", token: detector, headers: eventHeaders, body: event)
        #expect(first.status == 201)
        #expect(again.status == 200)
        let receipt = try WireCoding.decoder().decode(Components.Schemas.CrashEventReceipt.self, from: first.body)
        #expect(try WireCoding.decoder().decode(Components.Schemas.CrashEventReceipt.self, from: again.body).crashId == receipt.crashId)
        let seeded = try pair.request("GET", "/v1/reports/\(receipt.reportId)", token: ann)
        #expect(seeded.status == 200)
        #expect(try WireCoding.decoder().decode(Components.Schemas.Report.self, from: seeded.body).crashId == receipt.crashId)

        // A report of the driver's own: created, read, edited, and a stale save refused by both instances.
        var report = try makeDraft(crashID: issued[0])
        let reportPath = "/v1/reports/\(report.id)"
        #expect(try pair.request("PUT", reportPath, token: ann, headers: json, body: Self.wire(report)).status == 201)
        let read = try pair.request("GET", reportPath, token: ann)
        #expect(read.status == 200)
        report = try CrashReport(wire: WireCoding.decoder().decode(Components.Schemas.Report.self, from: read.body))
        #expect(report.revision == 1)

        // Photos: one cut off on one instance, its offset asked of the other, the rest sent to the first; one whole.
        let cutPhoto = try LargePhotos.jpeg(bytes: 1_500_000, seed: 31)
        let wholePhoto = try LargePhotos.jpeg(bytes: 300_000, seed: 32)
        let cutPath = "/v1/photos/\(Wire.sha256(cutPhoto))"
        let wholePath = "/v1/photos/\(Wire.sha256(wholePhoto))"
        let sent = cutPhoto.count / 2
        let connection = try LoopbackConnection(port: pair.instances[0].port)
        try connection.sendHead("PUT", cutPath, headers: [
            ("Authorization", "Bearer \(ann)"), ("Content-Type", "image/jpeg"), ("Content-Length", String(cutPhoto.count)),
        ])
        try connection.send(cutPhoto.prefix(sent))
        try await Task.sleep(for: .milliseconds(300))
        connection.cut()
        let offset = try LoopbackConnection.partialUploadOffset(port: pair.instances[1].port, path: cutPath, token: ann)
        #expect(offset == sent)
        let rest = try LoopbackConnection.request(
            port: pair.instances[0].port, "PATCH", cutPath, token: ann,
            headers: [("Upload-Offset", String(offset)), ("Content-Type", "application/partial-upload")], body: cutPhoto.dropFirst(offset)
        )
        #expect(rest.status == 201)
        let whole = try pair.request("PUT", wholePath, token: ann, headers: [("Content-Type", "image/jpeg")], body: wholePhoto)
        #expect(whole.status == 201)
        let head = try pair.request("HEAD", cutPath, token: ann)
        #expect(head.headers["upload-complete"] == "?1")
        #expect(head.headers["upload-offset"] == String(cutPhoto.count))
        #expect(try pair.request("GET", cutPath, token: ann).body == cutPhoto)
        #expect(try pair.request("GET", wholePath, token: ann).body == wholePhoto)

        try report.addPhoto(try makePhoto(cutPhoto))
        try report.addPhoto(try makePhoto(wholePhoto, section: .yourVehicleDamage))
        let saved = try Self.wire(report)
        #expect(try pair.request("PUT", reportPath, token: ann, headers: json, body: saved).status == 200)
        for _ in 0..<2 {
            #expect(try pair.request("PUT", reportPath, token: ann, headers: json, body: saved).status == 409)
        }
        let list = try pair.request("GET", "/v1/reports", token: ann)
        let listed = try WireCoding.decoder().decode(Components.Schemas.ReportList.self, from: list.body).reports
        #expect(Set(listed.map { $0.id.lowercased() }) == [report.id.description, receipt.reportId.lowercased()])

        // Submitted on one, its PDF (rendered by a worker of either) served by the other.
        #expect(try pair.request("POST", "\(reportPath)/submit", token: ann).status == 200)
        let pdf = try pair.request("GET", "\(reportPath)/report.pdf", token: ann)
        #expect(pdf.status == 200)
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let text = try tools.run("pdftotext", [try tools.write(pdf.body), "-"])
        #expect(text.contains(issued[0]))

        // The crash event's report deleted on one is gone on the other.
        #expect(try pair.request("DELETE", "/v1/reports/\(receipt.reportId)", token: ann).status == 204)
        #expect(try pair.request("GET", "/v1/reports/\(receipt.reportId)", token: ann).status == 404)
        let after = try WireCoding.decoder().decode(
            Components.Schemas.ReportList.self, from: pair.request("GET", "/v1/reports", token: ann).body
        ).reports
        #expect(after.map { $0.id.lowercased() } == [report.id.description])

        // The bucket holds each photo once and the PDF, and no upload in progress; the data folders hold no blob.
        let keys = try await pair.bucket.list(prefix: "").map(\.key).sorted()
        #expect(keys == [
            "document/\(ContentHash.sha256(of: pdf.body).hex)", "photo/\(Wire.sha256(cutPhoto))", "photo/\(Wire.sha256(wholePhoto))",
        ].sorted())
        #expect(try await pair.count("SELECT 1 FROM photos") == 2)
        #expect(try await pair.count("SELECT 1 FROM uploads") == 0)
        for instance in pair.instances {
            #expect(try ServerLiveTests.files(under: instance.dataFolder.appendingPathComponent("blobs")).isEmpty)
        }
        try await pair.waitForJobs()
        #expect(try pair.messages().count == 1)
    }

    @Test("A crash event posted to both instances at once with one Idempotency-Key makes one crash ID, one report and one SMS")
    func aCrashEventPostedToBothIsTakenOnce() async throws {
        let pair = try await InstancePair.start()
        defer { pair.stop() }
        let ann = try pair.add("ann")
        let detector = try pair.add("detector-1", kind: "detector")
        let body = try Self.crashEvent("evt-both")

        // Both requests sent but for their last byte, then the last bytes one right after the other.
        let connections = try pair.instances.map { instance in
            let connection = try LoopbackConnection(port: instance.port)
            try connection.sendHead("POST", "/v1/crash-events", headers: [
                ("Authorization", "Bearer \(detector)"), ("Content-Type", "application/json"),
                ("Idempotency-Key", "evt-both"), ("Content-Length", String(body.count)),
            ])
            try connection.send(body.dropLast())
            return connection
        }
        for connection in connections { try connection.send(body.suffix(1)) }
        let answers = try connections.map { try $0.readAnswer(method: "POST") }
        #expect(answers.map(\.status).sorted() == [200, 201])
        let receipts = try answers.map { try WireCoding.decoder().decode(Components.Schemas.CrashEventReceipt.self, from: $0.body) }
        #expect(Set(receipts.map(\.crashId)).count == 1)
        #expect(try await pair.count("SELECT 1 FROM crash_ids") == 1)

        // The SMS is one job in the shared database, done once by a worker of either instance, which writes it to its
        // own outbox: one job, done at its first attempt, and one file across both outboxes.
        try await pair.waitForJobs()
        #expect(try await pair.count("SELECT 1 FROM jobs WHERE kind = 'send_sms'") == 1)
        #expect(try await pair.count("SELECT 1 FROM jobs WHERE kind = 'send_sms' AND state = 'done' AND attempts = 1") == 1)
        let messages = try pair.messages()
        #expect(messages.count == 1)
        let sms = try String(contentsOf: try #require(messages.first), encoding: .utf8)
        #expect(sms.contains(receipts[0].crashId))
        let list = try pair.request("GET", "/v1/reports", token: ann)
        #expect(try WireCoding.decoder().decode(Components.Schemas.ReportList.self, from: list.body).reports.count == 1)
    }

    @Test("An instance killed (SIGKILL) in the middle of an upload: the upload is resumed on the other, one object in the bucket and one row per photo")
    func anUploadCutByAKilledInstanceResumesOnTheOther() async throws {
        let pair = try await InstancePair.start()
        defer { pair.stop() }
        let (one, two) = (pair.instances[0], pair.instances[1])
        let ann = try pair.add("ann")
        let photo = try LargePhotos.jpeg(bytes: 3 * 1024 * 1024, seed: 23)
        let path = "/v1/photos/\(Wire.sha256(photo))"
        let sent = photo.count * 6 / 10

        let connection = try LoopbackConnection(port: one.port)
        try connection.sendHead("PUT", path, headers: [
            ("Authorization", "Bearer \(ann)"), ("Content-Type", "image/jpeg"), ("Content-Length", String(photo.count)),
        ])
        try connection.send(photo.prefix(sent))
        try LoopbackConnection.waitUntilUploadIsKnown(port: two.port, path: path, token: ann)
        try await Task.sleep(for: .milliseconds(300))
        try one.kill()

        // The killed instance's lock went with its database connection: the other answers, from what the database
        // and the bucket hold (what the killed instance had not yet written is sent again).
        let resumeAt = try LoopbackConnection.partialUploadOffset(port: two.port, path: path, token: ann)
        #expect(resumeAt <= sent)
        let rest = try LoopbackConnection.request(
            port: two.port, "PATCH", path, token: ann,
            headers: [("Upload-Offset", String(resumeAt)), ("Content-Type", "application/partial-upload")],
            body: photo.dropFirst(resumeAt)
        )
        #expect(rest.status == 201)
        #expect(try LoopbackConnection.request(port: two.port, "GET", path, token: ann).body == photo)
        let again = try LoopbackConnection.request(port: two.port, "PUT", path, token: ann, headers: [("Content-Type", "image/jpeg")], body: photo)
        #expect(again.status == 200)

        let objects = try await pair.bucket.list(prefix: "")
        #expect(objects.map(\.key) == ["photo/\(Wire.sha256(photo))"])
        #expect(objects.first?.size == photo.count)
        #expect(try await pair.count("SELECT 1 FROM photos") == 1)
        #expect(try await pair.count("SELECT 1 FROM uploads") == 0)
        for instance in pair.instances {
            #expect(try ServerLiveTests.files(under: instance.dataFolder.appendingPathComponent("blobs")).isEmpty)
            #expect(try ServerLiveTests.files(under: instance.dataFolder.appendingPathComponent("uploads")).isEmpty)
        }
    }

    @Test("A database URL that is not one ends `serve` with 78 naming the problem; nothing listening there, with 69")
    func unusableDatabasesEndServeSayingWhy() async throws {
        let folder = TemporaryDirectory("server-pg")
        let notAURL = try ServerProcess.run(["serve", "--port", "0", "--data", folder.path, "--database-url", "mysql://db.example.com/x"])
        #expect(notAURL.status == 78)
        #expect(notAURL.errors.contains("--database-url must be a postgres:// URL"), "\(notAURL.errors)")

        let server = try PostgresProcess.shared()
        let closed = "postgres://postgres@127.0.0.1:1/postgres?sslmode=disable"
        let unreachable = try ServerProcess.run(["serve", "--port", "0", "--data", folder.path, "--database-url", closed])
        #expect(unreachable.status == 69)
        #expect(unreachable.errors.contains("Cannot reach the database postgres://postgres@127.0.0.1:1/postgres"), "\(unreachable.errors)")

        let missing = Self.url(server.location(database: "no_such_database"))
        let refused = try ServerProcess.run(["user", "add", "ann", "--data", folder.path, "--database-url", missing])
        #expect(refused.status == 78)
        #expect(refused.errors.contains("refused the server"), "\(refused.errors)")
        #expect(refused.output.isEmpty)
    }

    // MARK: - Bodies

    /// A crash event for ann, detected a minute ago, as its wire JSON.
    static func crashEvent(_ id: String) throws -> Data {
        try WireCoding.encoder().encode(Components.Schemas.CrashEvent(
            user: "ann", eventId: id, detectedAt: Date().addingTimeInterval(-60),
            position: .init(latitude: 47.4979, longitude: 19.0402, accuracyMeters: 5, trusted: true),
            airbagsDeployed: true, rollover: false, test: true
        ))
    }

    /// A report's wire JSON.
    static func wire(_ report: CrashReport) throws -> Data {
        try WireCoding.encoder().encode(Components.Schemas.Report(report))
    }
}
