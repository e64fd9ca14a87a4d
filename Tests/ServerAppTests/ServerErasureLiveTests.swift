import Data
import Domain
import Foundation
import ServerCore
import ServerSQLite
import Testing
import TestSupport
import WireAPI
import Storage
#if canImport(Glibc)
import Glibc
import ServerTestSupport
#endif

/// Personal data is removed for real: from the data folder and the bucket, when its last reference goes, on a
/// data-protection request, and when an upload is abandoned — proved by searching the storage for the bytes' hashes.
@Suite("Erasure and expiry against the real server", .serialized, .ownThreads)
struct ServerErasureLiveTests {
    static let json = [("Content-Type", "application/json")]

    /// Uploads `bytes` as `token`'s photo on `port`.
    static func upload(_ bytes: Data, port: Int, token: String) throws {
        let answer = try LoopbackConnection.request(
            port: port, "PUT", "/v1/photos/\(Wire.sha256(bytes))", token: token, headers: [("Content-Type", "image/jpeg")], body: bytes
        )
        #expect(answer.status == 201 || answer.status == 200)
    }

    /// Stores a draft holding these photos as `token`'s report.
    static func draft(_ photos: [Data], port: Int, token: String) throws -> CrashReport {
        var report = CrashReport.stub()
        for (index, bytes) in photos.enumerated() {
            try report.addPhoto(try makePhoto(bytes, section: index.isMultiple(of: 2) ? .crashScene : .yourVehicleDamage))
        }
        let answer = try LoopbackConnection.request(
            port: port, "PUT", "/v1/reports/\(report.id)", token: token, headers: json,
            body: try WireCoding.encoder().encode(Components.Schemas.Report(report))
        )
        #expect(answer.status == 201)
        return report
    }

    /// Every file under `folder` whose name holds the hash, or whose bytes are `bytes`.
    static func traces(of bytes: Data, under folder: URL) throws -> [String] {
        let hash = Wire.sha256(bytes)
        return try ServerLiveTests.files(under: folder).compactMap { file in
            if file.lastPathComponent.contains(hash) { return file.path }
            let size = (try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
            if size == bytes.count, (try? Data(contentsOf: file)) == bytes { return file.path }
            return nil
        }
    }

    @Test("Deleting a draft removes the photos no other report of the owner names; `user erase` removes the rest, but not another user's same photo")
    func deletedAndErasedPhotosAreGoneFromTheFolder() throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let ann = try server.addUser("ann")
        let bob = try server.addUser("bob")
        let detector = try server.addDetector("acme")
        let annsOnly = try Fixtures.distinctJPEG(21)
        let kept = try Fixtures.distinctJPEG(22)
        let shared = try Fixtures.distinctJPEG(23)
        for bytes in [annsOnly, kept, shared] { try Self.upload(bytes, port: server.port, token: ann) }
        try Self.upload(shared, port: server.port, token: bob)
        let draft = try Self.draft([annsOnly, shared], port: server.port, token: ann)
        _ = try Self.draft([kept], port: server.port, token: ann)
        let event = """
            {"user":"ann","eventId":"evt-erase","detectedAt":"2026-11-22T08:30:00Z",
             "position":{"latitude":47.4979,"longitude":19.0402,"trusted":true},"airbagsDeployed":false,"rollover":false,"test":false}
            """
        let receipt = try LoopbackConnection.request(
            port: server.port, "POST", "/v1/crash-events", token: detector, headers: Self.json + [("Idempotency-Key", "evt-erase")],
            body: Data(event.utf8)
        )
        #expect(receipt.status == 201)
        let smsFolder = server.dataFolder.appendingPathComponent("outbox-sms")
        #expect(try ServerProcess.waitForFiles(under: smsFolder, count: 1).count == 1)

        // The draft goes: the photo only it named goes with it; the one Bob holds too stays (his).
        #expect(try LoopbackConnection.request(port: server.port, "DELETE", "/v1/reports/\(draft.id)", token: ann).status == 204)
        #expect(try Self.traces(of: annsOnly, under: server.dataFolder).isEmpty)
        #expect(try Self.traces(of: kept, under: server.dataFolder).count == 1)
        #expect(try Self.traces(of: shared, under: server.dataFolder).count == 1)
        #expect(try LoopbackConnection.request(port: server.port, "GET", "/v1/photos/\(Wire.sha256(annsOnly))", token: ann).status == 404)
        // Ann's record of the shared photo went with her draft; Bob's stays.
        #expect(try LoopbackConnection.request(port: server.port, "GET", "/v1/photos/\(Wire.sha256(shared))", token: ann).status == 404)
        #expect(try LoopbackConnection.request(port: server.port, "GET", "/v1/photos/\(Wire.sha256(shared))", token: bob).status == 200)

        // A data-protection request: everything of Ann goes, Bob's photo stays.
        let erased = try ServerProcess.run(["user", "erase", "ann", "--data", server.dataFolder.path])
        #expect(erased.status == 0, "\(erased.errors)")
        #expect(erased.errors.contains("Erased user “ann”"))
        #expect(try Self.traces(of: kept, under: server.dataFolder).isEmpty)
        #expect(try Self.traces(of: shared, under: server.dataFolder).count == 1)
        #expect(try ServerLiveTests.files(under: smsFolder).isEmpty)
        #expect(try LoopbackConnection.request(port: server.port, "GET", "/v1/photos/\(Wire.sha256(shared))", token: bob).status == 200)
        #expect(try ServerPostgresLiveTests.refusedWithin(seconds: 15, port: server.port, path: "/v1/reports", method: "GET", token: ann))
        let rows = try Self.sqlite(server.dataFolder.appendingPathComponent("server.sqlite3").path, """
            SELECT (SELECT count(*) FROM reports) || ' ' || (SELECT count(*) FROM photos) || ' ' || (SELECT count(*) FROM crash_ids) || ' '
                || (SELECT count(*) FROM accounts WHERE name = 'ann')
            """)
        #expect(rows == "0 1 0 0")
    }

    @Test("With PostgreSQL and a bucket, `user erase` leaves none of the person's photos in the bucket, and another user's same photo")
    func erasedPhotosAreGoneFromTheBucket() async throws {
        let pair = try await InstancePair.start()
        defer { pair.stop() }
        let ann = try pair.add("ann")
        let bob = try pair.add("bob")
        let annsOnly = try Fixtures.distinctJPEG(24)
        let shared = try Fixtures.distinctJPEG(25)
        try Self.upload(annsOnly, port: pair.instances[0].port, token: ann)
        try Self.upload(shared, port: pair.instances[1].port, token: ann)
        try Self.upload(shared, port: pair.instances[0].port, token: bob)
        _ = try Self.draft([annsOnly, shared], port: pair.instances[1].port, token: ann)

        let moto = try MotoServer.start()
        let erased = try ServerProcess.run(
            ["user", "erase", "ann", "--data", pair.instances[0].dataFolder.path, "--database-url", pair.databaseURL,
             "--blob-url", moto.blobURL(of: pair.bucket)],
            environment: moto.credentialEnvironment
        )
        #expect(erased.status == 0, "\(erased.errors)")
        let keys = try await pair.bucket.list(prefix: "").map(\.key)
        #expect(!keys.contains { $0.contains(Wire.sha256(annsOnly)) })
        #expect(keys.contains { $0.contains(Wire.sha256(shared)) })
        #expect(try await pair.count("SELECT 1 FROM reports") == 0)
        #expect(try await pair.count("SELECT 1 FROM photos") == 1)
    }

    @Test("1,000 uploads abandoned mid-way are removed, rows and bytes, once past their bound; a finished photo is untouched")
    func abandonedUploadsAreSwept() throws {
        let server = try ServerProcess(arguments: ["--upload-expiry", "3", "--sweep-interval", "1"])
        defer { _ = try? server.stop() }
        let ann = try server.addUser("ann")
        let finished = try Fixtures.distinctJPEG(26)
        try Self.upload(finished, port: server.port, token: ann)
        let part = Data(repeating: 0xFF, count: 1_000)
        for index in 0..<1_000 {
            let connection = try LoopbackConnection(port: server.port)
            let sha = Wire.sha256(Data("abandoned \(index)".utf8))
            try connection.sendHead("PUT", "/v1/photos/\(sha)", headers: [
                ("Authorization", "Bearer \(ann)"), ("Content-Type", "image/jpeg"), ("Content-Length", "5000"),
            ])
            try connection.send(part)
            connection.cut()
        }
        let uploads = server.dataFolder.appendingPathComponent("uploads").path
        func partFiles() -> Int { ((try? FileManager.default.contentsOfDirectory(atPath: uploads)) ?? []).count }
        var left = partFiles()
        #expect(left > 0, "no upload was kept to resume from")
        for _ in 0..<100 where left > 0 {
            Thread.sleep(forTimeInterval: 0.2)
            left = partFiles()
        }
        #expect(left == 0)
        let rows = try Self.sqlite(server.dataFolder.appendingPathComponent("server.sqlite3").path, "SELECT count(*) FROM uploads")
        #expect(rows == "0")
        #expect(try LoopbackConnection.request(port: server.port, "GET", "/v1/photos/\(Wire.sha256(finished))", token: ann).body == finished)
    }

    /// The text of the first column of a query's first row, read beside the running server (WAL lets both read).
    static func sqlite(_ path: String, _ query: SQLiteQuery) throws -> String {
        let database = try SQLiteDatabase(path: path, migrations: ServerSchema.migrations)
        return try database.read { connection in
            let statement = try connection.statement(query)
            defer { statement.reset() }
            return try statement.step() ? statement.string(0) : ""
        }
    }
}
