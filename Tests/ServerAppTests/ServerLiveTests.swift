import Domain
import Foundation
import ServerCore
import Testing
import TestSupport
import WireAPI
import Data
import Storage
#if canImport(Glibc)
import Glibc
import ServerTestSupport
#endif

/// The real server binary on 127.0.0.1, driven over sockets.
@Suite("Server on a port", .serialized, .ownThreads)
struct ServerLiveTests {
    @Test("`user add` prints the token alone; only its SHA-256 is stored; a taken name is refused")
    func userAdd() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("server-accounts-\(UUID().uuidString)")
        let first = try ServerProcess.run(["user", "add", "ann", "--data", folder.path])
        #expect(first.status == 0)
        let token = first.output.trimmingCharacters(in: .newlines)
        #expect(first.output == token + "\n")
        #expect(token.count == 46)
        // Never taken for an option on a command line.
        #expect(token.hasPrefix("ca_"))
        #expect(first.errors.contains("ann"))
        let database = try Data(contentsOf: folder.appendingPathComponent("server.sqlite3"))
        #expect(database.range(of: Data(token.utf8)) == nil)
        #expect(database.range(of: Data(TokenDigest(token: token).hex.utf8)) != nil)

        let again = try ServerProcess.run(["user", "add", "ann", "--data", folder.path])
        #expect(again.status != 0)
        #expect(again.output.isEmpty)
        #expect(again.errors.contains("exists already"))
        let detector = try ServerProcess.run(["detector", "add", "ann", "--data", folder.path])
        #expect(detector.status == 0)
    }

    @Test("`user add --customer --policy` and `user set-reference` keep the insurer's references; a customer reference another user has is refused before anything is added")
    func insurerReferences() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("server-references-\(UUID().uuidString)")
        let added = try ServerProcess.run(["user", "add", "ann", "--customer", "CUS-000123", "--policy", "POL/2026/881", "--data", folder.path])
        #expect(added.status == 0, "\(added.errors)")
        let taken = try ServerProcess.run(["user", "add", "bob", "--customer", "CUS-000123", "--data", folder.path])
        #expect(taken.status == 64 && taken.errors.contains("Another user has the customer reference “CUS-000123”"), "\(taken.errors)")
        #expect(taken.output.isEmpty, "no token: nothing was added")
        let bob = try ServerProcess.run(["user", "add", "bob", "--data", folder.path])
        #expect(bob.status == 0, "bob's name is still free: \(bob.errors)")
        let set = try ServerProcess.run(["user", "set-reference", "bob", "--policy", "POL/2026/881", "--data", folder.path])
        #expect(set.status == 0 && set.errors.contains("customer reference none, policy reference “POL/2026/881”"), "\(set.errors)")
        let cleared = try ServerProcess.run(["user", "set-reference", "ann", "--no-policy", "--data", folder.path])
        #expect(cleared.errors.contains("customer reference “CUS-000123”, policy reference none"), "\(cleared.errors)")
        let hostile = try ServerProcess.run(["user", "set-reference", "ann", "--customer", "CUS<script>", "--data", folder.path])
        #expect(hostile.status == 64 && hostile.errors.contains("--customer takes 1–64 letters"), "\(hostile.errors)")
        let nothing = try ServerProcess.run(["user", "set-reference", "ann", "--data", folder.path])
        #expect(nothing.status == 64)
        let detector = try ServerProcess.run(["detector", "add", "car", "--customer", "CUS-1", "--data", folder.path])
        #expect(detector.status == 64 && detector.errors.contains("Only users have the insurer's references"))
    }

    @Test("`user add --phone` and `user set-phone` keep a mobile number in E.164; a number without its country code, a landline or a number no plan has is refused saying so")
    func phoneNumbers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("server-phones-\(UUID().uuidString)")
        let national = try ServerProcess.run(["user", "add", "ann", "--phone", "06 30 123 4567", "--data", folder.path])
        #expect(national.status == 64)
        #expect(national.errors.contains("with + and its country code"))
        let added = try ServerProcess.run(["user", "add", "ann", "--phone", "+36 30 123 4567", "--data", folder.path])
        #expect(added.status == 0)
        #expect(added.errors.contains("Crash SMS go to +36301234567"))
        let detector = try ServerProcess.run(["detector", "add", "car", "--phone", "+36301234567", "--data", folder.path])
        #expect(detector.status == 64)
        #expect(detector.errors.contains("Only users have a phone number"))

        let changed = try ServerProcess.run(["user", "set-phone", "ann", "0044 7400 123456", "--data", folder.path])
        #expect(changed.status == 0)
        #expect(changed.errors.contains("+447400123456"))
        let database = try Data(contentsOf: folder.appendingPathComponent("server.sqlite3"))
        #expect(database.range(of: Data("+447400123456".utf8)) != nil)
        let removed = try ServerProcess.run(["user", "set-phone", "ann", "--none", "--data", folder.path])
        #expect(removed.errors.contains("no phone number now"))
        let nobody = try ServerProcess.run(["user", "set-phone", "bob", "+447400123456", "--data", folder.path])
        #expect(nobody.status == 1)
        #expect(nobody.errors.contains("There is no user named “bob”"))
        let unknownCountry = try ServerProcess.run(["user", "set-phone", "ann", "+999 123 45678", "--data", folder.path])
        #expect(unknownCountry.status == 64)
        #expect(unknownCountry.errors.contains("no country has the calling code"))
        // As libphonenumber judges them: a landline takes no SMS; a number no plan has is refused.
        let landline = try ServerProcess.run(["user", "set-phone", "ann", "+36 1 234 5678", "--data", folder.path])
        #expect(landline.status == 64)
        #expect(landline.errors.contains("+3612345678 is not a mobile number (a landline)"))
        // Written as at home, read in the country given (its code or its plates' sign).
        let home = try ServerProcess.run(["user", "set-phone", "ann", "06 30 123 4567", "--country", "H", "--data", folder.path])
        #expect(home.status == 0, "\(home.errors)")
        #expect(home.errors.contains("+36301234567"))
        let badCountry = try ServerProcess.run(["user", "set-phone", "ann", "06 30 123 4567", "--country", "Hungaria", "--data", folder.path])
        #expect(badCountry.status == 64)
        #expect(badCountry.errors.contains("--country: “Hungaria” is not a country"))
        let unused = try ServerProcess.run(["user", "set-phone", "ann", "+44 7700 900123", "--data", folder.path])
        #expect(unused.status == 64)
        #expect(unused.errors.contains("no phone number in use looks like this one"))
    }

    @Test("Metrics are served on their own listener only: requests by route and status with their latency, refusals by type")
    func metrics() throws {
        let server = try ServerProcess(arguments: ["--metrics-port", "0"])
        defer { _ = try? server.stop() }
        var metricsPort: Int?
        for _ in 0..<100 where metricsPort == nil {
            if let range = server.output.range(of: #"metrics on http://127\.0\.0\.1:\d+"#, options: .regularExpression) {
                metricsPort = Int(server.output[range].split(separator: ":").last ?? "")
            } else {
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        let port = try #require(metricsPort)
        let ann = try server.add("ann")
        for _ in 0..<3 { #expect(try LoopbackConnection.request(port: server.port, "GET", "/v1/changes", token: ann).status == 200) }
        #expect(try LoopbackConnection.request(port: server.port, "GET", "/v1/changes", token: "wrong").status == 401)
        // Not on the public listener: no route there, token or not.
        #expect(try LoopbackConnection.request(port: server.port, "GET", "/metrics").status == 404)
        #expect(try LoopbackConnection.request(port: server.port, "GET", "/metrics", token: ann).status == 404)

        let answer = try LoopbackConnection.request(port: port, "GET", "/metrics")
        #expect(answer.status == 200)
        let text = String(decoding: answer.body, as: UTF8.self)
        #expect(text.contains(#"http_server_requests_total{http_route="/v1/changes",http_request_method="GET",http_response_status_code="200"} 3"#))
        #expect(text.contains(#"http_server_request_duration_seconds_count{http_route="/v1/changes",http_request_method="GET",http_response_status_code="200"} 3"#))
        #expect(text.contains(#"crash_assistant_problems_total{type="not-signed-in"} 1"#))
        #expect(text.contains(#"http_server_requests_total{http_route="NotFound",http_request_method="GET",http_response_status_code="404"} 2"#))
        #expect(text.contains("http_server_request_duration_seconds_bucket"))
    }

    @Test("Two users on a live server reach only their own reports and photos")
    func isolation() throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let ann = try server.add("ann")
        let bob = try server.add("bob")
        let draft = try makeDraft()
        let body = try WireCoding.encoder().encode(Components.Schemas.Report(draft))
        let put = try LoopbackConnection.request(
            port: server.port, "PUT", "/v1/reports/\(draft.id)", token: ann, headers: [("Content-Type", "application/json")], body: body
        )
        #expect(put.status == 201)
        let jpeg = try Fixtures.jpeg()
        let photoPath = "/v1/photos/\(Wire.sha256(jpeg))"
        #expect(try LoopbackConnection.request(port: server.port, "PUT", photoPath, token: ann, headers: [("Content-Type", "image/jpeg")], body: jpeg).status == 201)

        #expect(try LoopbackConnection.request(port: server.port, "GET", "/v1/reports/\(draft.id)", token: bob).status == 404)
        #expect(try LoopbackConnection.request(port: server.port, "GET", photoPath, token: bob).status == 404)
        let bobsList = try LoopbackConnection.request(port: server.port, "GET", "/v1/reports", token: bob)
        #expect(try WireCoding.decoder().decode(Components.Schemas.ReportList.self, from: bobsList.body).reports.isEmpty)
        let annsList = try LoopbackConnection.request(port: server.port, "GET", "/v1/reports", token: ann)
        #expect(try WireCoding.decoder().decode(Components.Schemas.ReportList.self, from: annsList.body).reports.count == 1)
        #expect(try LoopbackConnection.request(port: server.port, "GET", "/v1/reports", token: "wrong").status == 401)
    }

    @Test("An upload cut off mid-body is resumed from where it stopped, and the photo is stored once")
    func cutUploadResumes() throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let ann = try server.add("ann")
        let photo = try LargePhotos.jpeg(bytes: 3 * 1024 * 1024, seed: 11)
        let path = "/v1/photos/\(Wire.sha256(photo))"
        let sent = photo.count * 6 / 10

        let connection = try LoopbackConnection(port: server.port)
        try connection.sendHead("PUT", path, headers: [
            ("Authorization", "Bearer \(ann)"), ("Content-Type", "image/jpeg"), ("Content-Length", String(photo.count)),
        ])
        try connection.send(photo.prefix(sent))
        usleep(200_000)
        connection.cut()

        let resumeAt = try LoopbackConnection.partialUploadOffset(port: server.port, path: path, token: ann)
        #expect(resumeAt == sent)

        let rest = try LoopbackConnection.request(
            port: server.port, "PATCH", path, token: ann,
            headers: [("Upload-Offset", String(resumeAt)), ("Content-Type", "application/partial-upload")], body: photo.dropFirst(resumeAt)
        )
        #expect(rest.status == 201)
        let download = try LoopbackConnection.request(port: server.port, "GET", path, token: ann)
        #expect(download.body == photo)
        let again = try LoopbackConnection.request(port: server.port, "PUT", path, token: ann, headers: [("Content-Type", "image/jpeg")], body: photo)
        #expect(again.status == 200)

        let stored = try Self.files(under: server.dataFolder.appendingPathComponent("blobs"))
        #expect(stored.count == 1)
        #expect(try Self.files(under: server.dataFolder.appendingPathComponent("uploads")).isEmpty)
    }

    @Test("A stale save on a live server is refused with 409 and the current version")
    func revisionConflict() throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let ann = try server.add("ann")
        let draft = try makeDraft()
        let path = "/v1/reports/\(draft.id)"
        let json = [("Content-Type", "application/json")]
        let body = try WireCoding.encoder().encode(Components.Schemas.Report(draft))
        #expect(try LoopbackConnection.request(port: server.port, "PUT", path, token: ann, headers: json, body: body).status == 201)
        let stale = try LoopbackConnection.request(port: server.port, "PUT", path, token: ann, headers: json, body: body)
        #expect(stale.status == 409)
        let problem = try WireCoding.decoder().decode(Components.Schemas.Problem.self, from: stale.body)
        #expect(problem.current?.revision == 1)
    }

    @Test("A submitted report's PDF downloads and passes qpdf --check; the crash event's SMS is in the outbox folder")
    func submitAndPDF() throws {
        let server = try ServerProcess(arguments: ["--public-url", "https://claims.example.com"])
        defer { _ = try? server.stop() }
        let ann = try server.add("ann")
        let detector = try server.add("detector-1", kind: "detector")
        let event = Components.Schemas.CrashEvent(
            user: "ann", eventId: "evt-1", detectedAt: Date().addingTimeInterval(-60),
            position: .init(latitude: 47.4979, longitude: 19.0402, accuracyMeters: 5, trusted: true),
            airbagsDeployed: true, rollover: false, test: true
        )
        let posted = try LoopbackConnection.request(
            port: server.port, "POST", "/v1/crash-events", token: detector,
            headers: [("Content-Type", "application/json"), ("Idempotency-Key", "evt-1")], body: try WireCoding.encoder().encode(event)
        )
        #expect(posted.status == 201)
        let receipt = try WireCoding.decoder().decode(Components.Schemas.CrashEventReceipt.self, from: posted.body)
        #expect(receipt.sms.state == .queued)
        let messages = try ServerProcess.waitForFiles(under: server.dataFolder.appendingPathComponent("outbox-sms"), count: 1)
        #expect(messages.count == 1)
        let sms = try String(contentsOf: try #require(messages.first), encoding: .utf8)
        #expect(sms.contains("To: \(ServerProcess.testPhone)"))
        #expect(sms.contains("https://claims.example.com/c/\(receipt.crashId)"))

        // The driver adds two photos to the report the crash event made, and submits it.
        let reportPath = "/v1/reports/\(receipt.reportId)"
        let seeded = try CrashReport(wire: WireCoding.decoder().decode(
            Components.Schemas.Report.self, from: LoopbackConnection.request(port: server.port, "GET", reportPath, token: ann).body
        ))
        var report = seeded
        for seed in 1...2 {
            let bytes = try LargePhotos.jpeg(bytes: 300_000, seed: seed)
            try report.addPhoto(try makePhoto(bytes))
            let upload = try LoopbackConnection.request(
                port: server.port, "PUT", "/v1/photos/\(Wire.sha256(bytes))", token: ann, headers: [("Content-Type", "image/jpeg")], body: bytes
            )
            #expect(upload.status == 201)
        }
        let saved = try LoopbackConnection.request(
            port: server.port, "PUT", reportPath, token: ann, headers: [("Content-Type", "application/json")],
            body: try WireCoding.encoder().encode(Components.Schemas.Report(report))
        )
        #expect(saved.status == 200)
        let submitted = try LoopbackConnection.request(port: server.port, "POST", "\(reportPath)/submit", token: ann)
        #expect(submitted.status == 200)
        let pdf = try LoopbackConnection.request(port: server.port, "GET", "\(reportPath)/report.pdf", token: ann)
        #expect(pdf.status == 200)
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let file = try tools.write(pdf.body)
        _ = try tools.checkStructure(file)
        let text = try tools.run("pdftotext", [file, "-"])
        #expect(text.contains(receipt.crashId))
    }

    @Test("A 25 MiB body is refused with 413, said up front or chunked, while other requests keep being served")
    func oversizedBodies() throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let ann = try server.add("ann")
        let declared = try LoopbackConnection(port: server.port)
        try declared.sendHead("PUT", "/v1/reports/\(UUID())", headers: [
            ("Authorization", "Bearer \(ann)"), ("Content-Type", "application/json"), ("Content-Length", String(25 * 1024 * 1024)),
        ])
        let refused = try declared.readAnswer(method: "PUT")
        #expect(refused.status == 413)
        #expect(refused.headers["upload-limit"] == "max-size=20971520")

        // Each route's own limit: a report's JSON is far smaller than a photo.
        let routes = [
            ("/v1/reports/\(UUID())", "application/json", 1_048_576),
            ("/v1/photos/\(String(repeating: "b", count: 64))", "image/jpeg", 20_971_520),
        ]
        for (path, type, limit) in routes {
            let chunked = try LoopbackConnection(port: server.port)
            try chunked.sendHead("PUT", path, headers: [
                ("Authorization", "Bearer \(ann)"), ("Content-Type", type), ("Transfer-Encoding", "chunked"),
            ])
            let sender = Thread {
                let chunk = Data(repeating: 0x42, count: 1024 * 1024)
                let framed = Data("100000\r\n".utf8) + chunk + Data("\r\n".utf8)
                // Sends 25 MiB unless the server closes the connection first (after its 413).
                var open = true
                for _ in 0..<25 where open {
                    open = (try? chunked.send(framed)) != nil
                    usleep(20_000)
                }
                if open { try? chunked.send(Data("0\r\n\r\n".utf8)) }
            }
            sender.start()
            for _ in 0..<10 {
                #expect(try LoopbackConnection.request(port: server.port, "GET", "/health").status == 200)
            }
            let answer = try chunked.readAnswer(method: "PUT")
            #expect(answer.status == 413, "\(path)")
            #expect(answer.headers["upload-limit"] == "max-size=\(limit)")
        }
        #expect(try LoopbackConnection.request(port: server.port, "GET", "/v1/reports", token: ann).status == 200)
    }

    @Test("The list of reports comes a page at a time, newest change first; the app's client reads every page")
    func theListIsPaged() async throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let ann = try server.add("ann")
        var made: [ReportID] = []
        for index in 0..<5 {
            let report = CrashReport.stub(note: "report \(index)", updatedAt: Date(timeIntervalSince1970: 1_795_000_000 + Double(index)))
            let put = try LoopbackConnection.request(
                port: server.port, "PUT", "/v1/reports/\(report.id)", token: ann, headers: [("Content-Type", "application/json")],
                body: try WireCoding.encoder().encode(Components.Schemas.Report(report))
            )
            #expect(put.status == 201)
            made.append(report.id)
        }
        var seen: [ReportID] = []
        var cursor: String?
        var pages = 0
        repeat {
            let query = "limit=2" + (cursor.map { "&cursor=\($0)" } ?? "")
            let page = try LoopbackConnection.request(port: server.port, "GET", "/v1/reports?\(query)", token: ann)
            let list = try WireCoding.decoder().decode(Components.Schemas.ReportList.self, from: page.body)
            #expect(list.reports.count <= 2)
            seen += try list.reports.map { try CrashReport(wire: $0).id }
            cursor = list.nextCursor
            pages += 1
        } while cursor != nil && pages < 10
        #expect(pages == 3)
        #expect(seen == made.reversed())

        let badCursor = try LoopbackConnection.request(port: server.port, "GET", "/v1/reports?cursor=not-ours", token: ann)
        #expect(badCursor.status == 400)
        #expect(try WireCoding.decoder().decode(Components.Schemas.Problem.self, from: badCursor.body).field == "cursor")
        #expect(try LoopbackConnection.request(port: server.port, "GET", "/v1/reports?limit=0", token: ann).status == 400)

        let client = ServerClient(address: try ServerAddress("http://127.0.0.1:\(server.port)", token: ann), retryPauses: [], pageSize: 2)
        #expect(try await client.reports().map(\.id) == made.reversed())
        await client.shutdown()
    }

    @Test("SIGTERM lets the upload in flight finish, then the server exits cleanly")
    func gracefulShutdown() throws {
        let server = try ServerProcess()
        let ann = try server.add("ann")
        let photo = try LargePhotos.jpeg(bytes: 2 * 1024 * 1024, seed: 5)
        let path = "/v1/photos/\(Wire.sha256(photo))"
        let connection = try LoopbackConnection(port: server.port)
        try connection.sendHead("PUT", path, headers: [
            ("Authorization", "Bearer \(ann)"), ("Content-Type", "image/jpeg"), ("Content-Length", String(photo.count)),
        ])
        try connection.send(photo.prefix(photo.count / 2))
        usleep(200_000)
        kill(pid_t(server.processIdentifier), SIGTERM)
        usleep(300_000)
        try connection.send(photo.dropFirst(photo.count / 2))
        let answer = try connection.readAnswer(method: "PUT")
        #expect(answer.status == 201)
        #expect(try server.stop() == 0)
        #expect(server.output.contains("stopped"))
    }

    // MARK: - Helpers

    /// Every regular file under the folder, however deep.
    static func files(under folder: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) else { return [] }
        var files: [URL] = []
        for case let url as URL in walker where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            files.append(url)
        }
        return files
    }
}
