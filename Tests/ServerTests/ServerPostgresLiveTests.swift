import Domain
import Foundation
@testable import Server
import Synchronization
import Testing
import TestSupport
import WireAPI
#if canImport(Glibc)
import Glibc
#endif

/// The real server binary with `--database-url`: two instances sharing one PostgreSQL, and the answers when the
/// database cannot be used.
@Suite("Server instances over PostgreSQL", .serialized)
struct ServerPostgresLiveTests {
    /// The URL the server is given for a location of the test run's PostgreSQL.
    static func url(_ location: PostgresLocation) -> String {
        "postgres://\(location.username)@\(location.host):\(location.port)/\(location.database)?sslmode=disable"
    }

    /// Adds an account through `user add` / `detector add` on the database and returns its token.
    static func add(_ name: String, kind: String = "user", database: String, folder: URL) throws -> String {
        let result = try ServerProcess.run([kind, "add", name, "--data", folder.path, "--database-url", database])
        guard result.status == 0 else { throw ServerProcess.Failure(description: "\(kind) add failed: \(result.errors)") }
        return result.output.trimmingCharacters(in: .newlines)
    }

    @Test("Two instances share one database: a report saved on one is read and edited on the other, a stale save is refused on both")
    func twoInstancesShareReports() async throws {
        let database = Self.url(try await PostgresProcess.shared().createDatabase())
        let one = try ServerProcess(arguments: ["--database-url", database])
        defer { _ = try? one.stop() }
        let two = try ServerProcess(arguments: ["--database-url", database])
        defer { _ = try? two.stop() }
        let ann = try Self.add("ann", database: database, folder: one.dataFolder)
        let json = [("Content-Type", "application/json")]

        let draft = try makeDraft()
        let created = try LoopbackConnection.request(
            port: one.port, "PUT", "/v1/reports/\(draft.id)", token: ann, headers: json,
            body: try WireCoding.encoder().encode(Components.Schemas.Report(draft))
        )
        #expect(created.status == 201)
        let read = try LoopbackConnection.request(port: two.port, "GET", "/v1/reports/\(draft.id)", token: ann)
        #expect(read.status == 200)
        let stored = try CrashReport(wire: WireCoding.decoder().decode(Components.Schemas.Report.self, from: read.body))
        #expect(stored.revision == 1)

        var edit = stored
        try edit.setNote("edited on the second instance")
        let body = try WireCoding.encoder().encode(Components.Schemas.Report(edit))
        #expect(try LoopbackConnection.request(port: two.port, "PUT", "/v1/reports/\(draft.id)", token: ann, headers: json, body: body).status == 200)
        #expect(try LoopbackConnection.request(port: one.port, "PUT", "/v1/reports/\(draft.id)", token: ann, headers: json, body: body).status == 409)
        #expect(try LoopbackConnection.request(port: two.port, "PUT", "/v1/reports/\(draft.id)", token: ann, headers: json, body: body).status == 409)
        let list = try LoopbackConnection.request(port: one.port, "GET", "/v1/reports", token: ann)
        let reports = try WireCoding.decoder().decode(Components.Schemas.ReportList.self, from: list.body).reports
        #expect(reports.map(\.revision) == [2])
    }

    @Test("A crash event posted to both instances at once makes one crash ID, one report and one SMS")
    func aCrashEventPostedToBothIsTakenOnce() async throws {
        let database = Self.url(try await PostgresProcess.shared().createDatabase())
        let one = try ServerProcess(arguments: ["--database-url", database])
        defer { _ = try? one.stop() }
        let two = try ServerProcess(arguments: ["--database-url", database])
        defer { _ = try? two.stop() }
        let ann = try Self.add("ann", database: database, folder: one.dataFolder)
        let detector = try Self.add("detector-1", kind: "detector", database: database, folder: one.dataFolder)
        let event = Components.Schemas.CrashEvent(
            user: "ann", eventId: "evt-both", detectedAt: Date().addingTimeInterval(-60),
            position: .init(latitude: 47.4979, longitude: 19.0402, accuracyMeters: 5, trusted: true),
            airbagsDeployed: true, rollover: false, test: true
        )
        let body = try WireCoding.encoder().encode(event)
        let ports = [one.port, two.port]
        let answers = Mutex<[LoopbackConnection.Answer]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let answer = try? LoopbackConnection.request(
                port: ports[index], "POST", "/v1/crash-events", token: detector,
                headers: [("Content-Type", "application/json"), ("Idempotency-Key", "evt-both")], body: body
            )
            if let answer { answers.withLock { $0.append(answer) } }
        }
        let both = answers.withLock { $0 }
        try #require(both.count == 2)
        #expect(both.map(\.status).sorted() == [200, 201])
        let receipts = try both.map { try WireCoding.decoder().decode(Components.Schemas.CrashEventReceipt.self, from: $0.body) }
        #expect(Set(receipts.map(\.crashId)).count == 1)
        // The SMS is a job a worker of either instance does soon after the answer.
        var messages: [URL] = []
        for _ in 0..<100 {
            messages = try ServerLiveTests.files(under: one.dataFolder.appendingPathComponent("outbox-sms"))
                + ServerLiveTests.files(under: two.dataFolder.appendingPathComponent("outbox-sms"))
            if !messages.isEmpty { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        try await Task.sleep(for: .milliseconds(300))
        messages = try ServerLiveTests.files(under: one.dataFolder.appendingPathComponent("outbox-sms"))
            + ServerLiveTests.files(under: two.dataFolder.appendingPathComponent("outbox-sms"))
        #expect(messages.count == 1)
        let list = try LoopbackConnection.request(port: two.port, "GET", "/v1/reports", token: ann)
        #expect(try WireCoding.decoder().decode(Components.Schemas.ReportList.self, from: list.body).reports.count == 1)
    }

    @Test("A report submitted on one instance answers once its PDF is rendered, by a worker of either; the other serves the PDF")
    func aSubmitWaitsForItsRenderJob() async throws {
        let database = Self.url(try await PostgresProcess.shared().createDatabase())
        let folder = TemporaryDirectory("server-pg-shared")
        let one = try ServerProcess(dataFolder: folder.url, arguments: ["--database-url", database])
        defer { _ = try? one.stop() }
        let two = try ServerProcess(dataFolder: folder.url, arguments: ["--database-url", database])
        defer { _ = try? two.stop() }
        let ann = try Self.add("ann", database: database, folder: folder.url)
        let draft = try makeDraft()
        let created = try LoopbackConnection.request(
            port: one.port, "PUT", "/v1/reports/\(draft.id)", token: ann, headers: [("Content-Type", "application/json")],
            body: try WireCoding.encoder().encode(Components.Schemas.Report(draft))
        )
        #expect(created.status == 201)

        let submitted = try LoopbackConnection.request(port: one.port, "POST", "/v1/reports/\(draft.id)/submit", token: ann)
        #expect(submitted.status == 200)
        let pdf = try LoopbackConnection.request(port: two.port, "GET", "/v1/reports/\(draft.id)/report.pdf", token: ann)
        #expect(pdf.status == 200)
        #expect(pdf.body.starts(with: Data("%PDF-".utf8)))
    }

    @Test("An instance killed in the middle of an upload: the upload is resumed on the other, one file and one row per photo")
    func anUploadCutByAKilledInstanceResumesOnTheOther() async throws {
        let postgres = try PostgresProcess.shared()
        let location = try await postgres.createDatabase()
        let database = Self.url(location)
        // Both instances keep bytes in one folder (a shared disk), and everything else in the one database.
        let folder = TemporaryDirectory("server-pg-shared")
        let one = try ServerProcess(dataFolder: folder.url, arguments: ["--database-url", database])
        defer { _ = try? one.stop(SIGKILL) }
        let two = try ServerProcess(dataFolder: folder.url, arguments: ["--database-url", database])
        defer { _ = try? two.stop() }
        let ann = try Self.add("ann", database: database, folder: folder.url)
        let photo = try LargePhotos.jpeg(bytes: 3 * 1024 * 1024, seed: 23)
        let path = "/v1/reports/\(UUID())/photos/\(Wire.sha256(photo))"
        let sent = photo.count * 6 / 10

        let connection = try LoopbackConnection(port: one.port)
        try connection.sendHead("PUT", path, headers: [
            ("Authorization", "Bearer \(ann)"), ("Content-Type", "image/jpeg"), ("Content-Length", String(photo.count)),
        ])
        try connection.send(photo.prefix(sent))
        try await Task.sleep(for: .milliseconds(300))
        try one.stop(SIGKILL)

        // The killed instance's lock went with its connection: the other answers, from what the database holds.
        var offset: Int?
        for _ in 0..<100 {
            let head = try LoopbackConnection.request(port: two.port, "HEAD", path, token: ann)
            if head.status == 200, head.headers["upload-complete"] == "?0" {
                offset = head.headers["upload-offset"].flatMap(Int.init)
                break
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        let resumeAt = try #require(offset, "HEAD on the other instance never reported the partial upload")
        #expect(resumeAt <= sent)
        let rest = try LoopbackConnection.request(
            port: two.port, "PATCH", path, token: ann,
            headers: [("Upload-Offset", String(resumeAt)), ("Content-Type", "application/partial-upload")],
            body: photo.dropFirst(resumeAt)
        )
        #expect(rest.status == 201)
        #expect(try LoopbackConnection.request(port: two.port, "GET", path, token: ann).body == photo)

        #expect(try ServerLiveTests.files(under: folder.url.appendingPathComponent("blobs")).count == 1)
        #expect(try await postgres.execute("SELECT 1 FROM photos", in: location) == 1)
        #expect(try await postgres.execute("SELECT 1 FROM uploads", in: location) == 0)
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
}
