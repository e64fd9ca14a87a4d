import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `crash-assistant --store server` against the real server on 127.0.0.1: offline first, `sync`, `open`.
@Suite("The app on the server", .serialized, .ownThreads)
struct SyncEndToEndTests {
    /// The options that make the app use a server, its database in `directory`.
    static func serverOptions(port: Int, token: String, in directory: TemporaryDirectory) -> [String] {
        ["--store", "server", "--server", "http://127.0.0.1:\(port)", "--token", token, "--database", directory.file("reports.sqlite")]
    }

    /// What the server holds for this token, as JSON.
    static func reportsOnServer(port: Int, token: String) throws -> [[String: Any]] {
        let result = try Curl.run(["-s", "-H", "Authorization: Bearer \(token)", "http://127.0.0.1:\(port)/v1/reports"])
        let object = try JSONSerialization.jsonObject(with: Data(result.utf8)) as? [String: Any]
        return object?["reports"] as? [[String: Any]] ?? []
    }

    @Test("The scripted run: the report made while the server is stopped arrives whole with `sync`, photos once, its PDF rendered")
    func theScriptedRunFromTheReadme() throws {
        let directory = TemporaryDirectory("sync-e2e")
        let serverFolder = ServerProcess.freshDataFolder()
        let token = try ServerProcess.addUser("ann", dataFolder: serverFolder)
        let port = try LoopbackPort.free()
        let options = Self.serverOptions(port: port, token: token, in: directory)

        // The server is stopped: the whole flow works.
        let offline = try AppProcess.run([
            "1", "", "2",
            "add 1 \(Fixtures.url("photo-64x48.jpg").path)",
            "add 2 \(Fixtures.url("photo-40x30.png").path)",
            "note Blue hatchback, calm driver", "d", "c", "y", "b", "q",
        ], arguments: options, in: directory.url)
        #expect(offline.status == 0, "\(offline.errors)")
        #expect(offline.output.contains("created."))

        let server = try ServerProcess(dataFolder: serverFolder, port: port)
        defer { _ = try? server.stop() }
        let sync = try AppProcess.run([], arguments: ["sync"] + options, in: directory.url)
        #expect(sync.status == 0, "\(sync.output) \(sync.errors)")
        #expect(sync.output.contains("Sent: 2 photos, 1 report."))
        #expect(sync.output.contains("now has the crash ID CA-"))
        #expect(sync.output.contains("All sent."))

        let held = try Self.reportsOnServer(port: port, token: token)
        #expect(held.count == 1)
        #expect(held.first?["status"] as? String == "completed")
        #expect(held.first?["otherDriverNote"] as? String == "Blue hatchback, calm driver")
        #expect((held.first?["photos"] as? [Any])?.count == 2)
        #expect(server.storedPhotoFiles().count == 2)
        let id = try #require(held.first?["id"] as? String)
        let pdf = try Curl.run(["-s", "-o", "/dev/null", "-w", "%{http_code} %{content_type}", "-H", "Authorization: Bearer \(token)", "http://127.0.0.1:\(port)/v1/reports/\(id)/report.pdf"])
        #expect(pdf == "200 application/pdf")

        let again = try AppProcess.run([], arguments: ["sync"] + options, in: directory.url)
        #expect(again.output.contains("Sent: 0 photos, 0 reports."))
    }

    @Test("A claims handler acknowledges a submitted report: the driver's sync says the claim number once, the list, the report and its PDF name it; the claim's later steps are told once each and shown on the report")
    func theClaimNumberComesBack() throws {
        let directory = TemporaryDirectory("claim-e2e")
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let token = try server.addUser("ann")
        let handler = try server.add("hana", kind: "handler")
        let options = Self.serverOptions(port: server.port, token: token, in: directory)
        let made = try AppProcess.run([
            "1", "", "2", "add 1 \(Fixtures.url("photo-64x48.jpg").path)", "note White van", "d", "c", "y", "b", "q",
        ], arguments: options, in: directory.url)
        #expect(made.status == 0, "\(made.errors)")
        let first = try AppProcess.run([], arguments: ["sync"] + options, in: directory.url)
        #expect(first.status == 0, "\(first.output) \(first.errors)")

        // The handler finds it among the claims and acknowledges it.
        let base = "http://127.0.0.1:\(server.port)"
        let listed = try Curl.run(["-s", "-H", "Authorization: Bearer \(handler)", base + "/v1/claims"])
        let claims = (try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [String: Any])?["claims"] as? [[String: Any]] ?? []
        #expect(claims.count == 1, "\(listed)")
        let claim = try #require(claims.first?["id"] as? String)
        let report = try #require(claims.first?["report"] as? [String: Any])
        let crashID = try #require(report["crashId"] as? String)
        let answer = try Curl.run([
            "-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "PUT", "-H", "Authorization: Bearer \(handler)", "-H", "Content-Type: application/json",
            "--data", #"{"claimNumber":"2026-04417","message":"We will call you today."}"#, base + "/v1/claims/\(claim)/acknowledgement",
        ])
        #expect(answer == "200")

        let sync = try AppProcess.run([], arguments: ["sync"] + options, in: directory.url)
        #expect(sync.status == 0, "\(sync.errors)")
        #expect(sync.output.contains("Your insurer received \(crashID) — claim 2026-04417."), "\(sync.output)")
        #expect(sync.output.contains("They wrote: “We will call you today.”"))
        let again = try AppProcess.run([], arguments: ["sync"] + options, in: directory.url)
        #expect(!again.output.contains("Your insurer received"), "\(again.output)")

        let database = ["--database", directory.file("reports.sqlite")]
        let list = try AppProcess.run([], arguments: ["reports"] + database, in: directory.url)
        #expect(list.output.contains("claim 2026-04417"), "\(list.output)")
        let json = try AppProcess.run([], arguments: ["reports", "--json"] + database, in: directory.url)
        let rows = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]]
        #expect(rows?.first?["claimNumber"] as? String == "2026-04417", "\(json.output)")
        let opened = try AppProcess.run(["b", "q"], arguments: ["open", crashID] + options, in: directory.url)
        #expect(opened.output.contains("Your insurer's claim: 2026-04417 — “We will call you today.”"), "\(opened.output)")

        // The claims system records two steps; the next sync tells each once, and the report shows the timeline.
        for step in [
            #"{"status":"assigned","name":"Éva Kiss","phone":"+36 1 234 5678","note":"Call me after 9."}"#,
            #"{"status":"vehicle-at","repairer":"Autó Kft.","address":"Fő utca 2, Győr"}"#,
        ] {
            let recorded = try Curl.run([
                "-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", "PUT", "-H", "Authorization: Bearer \(handler)", "-H", "Content-Type: application/json",
                "--data", step, base + "/v1/claims/\(claim)/status",
            ])
            #expect(recorded == "200")
        }
        let told = try AppProcess.run([], arguments: ["sync"] + options, in: directory.url)
        #expect(told.output.contains("Your claim for \(crashID): Assigned to Éva Kiss, phone +36 1 234 5678. Your insurer wrote: “Call me after 9.”"), "\(told.output)")
        #expect(told.output.contains("Your claim for \(crashID): Vehicle at Autó Kft., Fő utca 2, Győr."), "\(told.output)")
        #expect(!(try AppProcess.run([], arguments: ["sync"] + options, in: directory.url)).output.contains("Your claim for"))
        let timeline = try AppProcess.run(["b", "q"], arguments: ["open", crashID] + options, in: directory.url)
        #expect(timeline.output.contains("Your claim so far:"), "\(timeline.output)")
        #expect(timeline.output.contains(": Assigned to Éva Kiss, phone +36 1 234 5678 — “Call me after 9.”"), "\(timeline.output)")
        #expect(timeline.output.contains(": Vehicle at Autó Kft., Fő utca 2, Győr"), "\(timeline.output)")
        let latest = try AppProcess.run([], arguments: ["reports", "--json"] + database, in: directory.url)
        let latestRows = try JSONSerialization.jsonObject(with: Data(latest.output.utf8)) as? [[String: Any]]
        #expect(latestRows?.first?["claimStatus"] as? String == "vehicle-at", "\(latest.output)")

        // The PDF the driver shares is the server's, drawn again with the claim number.
        let shared = directory.url.appendingPathComponent("shared.pdf")
        let export = try AppProcess.run([], arguments: ["export", crashID, shared.path] + database, in: directory.url)
        #expect(export.status == 0, "\(export.errors)")
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let text = try tools.text(shared.path)
        #expect(text.contains("Insurer's claim: 2026-04417"), "\(text)")
        #expect(text.contains("We will call you today."))
    }

    @Test("A crash event's SMS link opens the Crash Assistant on that crash, with the server's time and place")
    func theSMSLinkOpensTheCrash() throws {
        let directory = TemporaryDirectory("sync-e2e")
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let token = try server.addUser("ann")
        let detector = try server.addDetector("acme")
        let event = """
            {"user":"ann","eventId":"evt-9","detectedAt":"\(ISO8601DateFormatter().string(from: Date()))",
             "position":{"latitude":47.4979,"longitude":19.0402,"accuracyMeters":8,"trusted":true},
             "headingDegrees":90,"speedKmh":48,"deltaVKmh":22,"airbagsDeployed":true,"rollover":false,"test":false}
            """
        _ = try Curl.run(["-s", "-X", "POST", "-H", "Authorization: Bearer \(detector)", "-H", "Content-Type: application/json",
                                    "-H", "Idempotency-Key: evt-9", "-d", event, "http://127.0.0.1:\(server.port)/v1/crash-events"])
        let smsFolder = server.dataFolder.appendingPathComponent("outbox-sms")
        let sms = try #require(try ServerProcess.waitForFiles(under: smsFolder, count: 1).first)
        let text = try String(contentsOf: sms, encoding: .utf8)
        let link = try #require(text.split(whereSeparator: \.isWhitespace).first { $0.contains("/c/CA-") }.map(String.init))
        let crashID = try #require(link.split(separator: "/").last.map(String.init))

        let run = try AppProcess.run(["", "x", "s", "q"], arguments: ["open", link] + Self.serverOptions(port: server.port, token: token, in: directory), in: directory.url)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("Collect Crash Info — crash ID \(crashID)"))
        #expect(run.output.contains("Where: 47.49790, 19.04020"))
        #expect(run.output.contains("Detected by the vehicle: "), "\(run.output)")
        #expect(run.output.contains("(within 8 m), 48 km/h, delta-V 22 km/h, airbags deployed, no rollover"), "\(run.output)")

        let appLink = try AppProcess.run(["", "x", "s", "q"], arguments: ["open", "crashassistant://crash/\(crashID)"] + Self.serverOptions(port: server.port, token: token, in: directory), in: directory.url)
        #expect(appLink.output.contains("Collect Crash Info — crash ID \(crashID)"))
        let list = try AppProcess.run([], arguments: ["reports", "--database", directory.file("reports.sqlite")], in: directory.url)
        #expect(list.output.split(separator: "\n").filter { $0.contains(crashID) }.count == 1)
    }

    @Test("A link opened offline for a detected crash, a note and a photo added, then sync: one report with both sides' entries")
    func aLinkOpenedOfflineBecomesOneReport() throws {
        let directory = TemporaryDirectory("sync-e2e")
        let serverFolder = ServerProcess.freshDataFolder()
        let token = try ServerProcess.addUser("ann", dataFolder: serverFolder)
        let detector = try ServerProcess.addDetector("acme", dataFolder: serverFolder)
        let port = try LoopbackPort.free()
        let options = Self.serverOptions(port: port, token: token, in: directory)

        // The server detects the crash and texts the link; then the driver is offline.
        let first = try ServerProcess(dataFolder: serverFolder, port: port)
        let event = """
            {"user":"ann","eventId":"evt-offline","detectedAt":"\(ISO8601DateFormatter().string(from: Date()))",
             "position":{"latitude":47.4979,"longitude":19.0402,"accuracyMeters":8,"trusted":true},
             "airbagsDeployed":true,"rollover":false,"test":false}
            """
        let receipt = try Curl.run(["-s", "-X", "POST", "-H", "Authorization: Bearer \(detector)", "-H", "Content-Type: application/json",
                                    "-H", "Idempotency-Key: evt-offline", "-d", event, "http://127.0.0.1:\(port)/v1/crash-events"])
        let crashID = try #require((try JSONSerialization.jsonObject(with: Data(receipt.utf8)) as? [String: Any])?["crashId"] as? String)
        _ = try first.stop()

        let offline = try AppProcess.run([
            "", "2", "add 1 \(Fixtures.url("photo-64x48.jpg").path)", "note white van, Vienna plates", "d", "x", "s", "q",
        ], arguments: ["open", "crashassistant://crash/\(crashID)"] + options, in: directory.url)
        #expect(offline.status == 0, "\(offline.errors)")
        #expect(offline.output.contains("Collect Crash Info — crash ID \(crashID)"))

        let server = try ServerProcess(dataFolder: serverFolder, port: port)
        defer { _ = try? server.stop() }
        let sync = try AppProcess.run([], arguments: ["sync"] + options, in: directory.url)
        #expect(sync.status == 0, "\(sync.output) \(sync.errors)")
        #expect(sync.output.contains("was joined with the server's report"))

        let held = try Self.reportsOnServer(port: port, token: token)
        #expect(held.count == 1)
        #expect(held.first?["crashId"] as? String == crashID)
        #expect(held.first?["otherDriverNote"] as? String == "white van, Vienna plates")
        #expect((held.first?["photos"] as? [Any])?.count == 1)
        #expect(((held.first?["scene"] as? [String: Any])?["coordinate"] as? [String: Any])?["latitude"] as? Double == 47.4979)
        let list = try AppProcess.run([], arguments: ["reports", "--database", directory.file("reports.sqlite")], in: directory.url)
        #expect(list.output.split(separator: "\n").filter { $0.contains(crashID) }.count == 1)
        let again = try AppProcess.run([], arguments: ["sync"] + options, in: directory.url)
        #expect(again.output.contains("Sent: 0 photos, 0 reports."))
        #expect(try Self.reportsOnServer(port: port, token: token).count == 1)
    }

    @Test("A malformed link is refused with a sentence and status 65", arguments: ["crashassistant://crash/", "https://example.com/x/CA-1", "ftp://h/c/CA-ABC"])
    func aMalformedLinkIsRefused(_ link: String) throws {
        let directory = TemporaryDirectory("sync-e2e")
        let run = try AppProcess.run([], arguments: ["open", link, "--database", directory.file("reports.sqlite")], in: directory.url)
        #expect(run.status == 65)
        #expect(run.errors.contains("link"))
        #expect(run.output.isEmpty)
    }

    @Test("A change stored just before the app was killed is sent at its next start, with nothing typed; the menu follows")
    func aChangeKilledBeforeItsPushIsSentAtTheNextStart() throws {
        let directory = TemporaryDirectory("sync-e2e")
        let serverFolder = ServerProcess.freshDataFolder()
        let token = try ServerProcess.addUser("ann", dataFolder: serverFolder)
        let port = try LoopbackPort.free()
        let options = Self.serverOptions(port: port, token: token, in: directory)

        let app = try AppProcess(options, in: directory.url)
        // The menu says the server cannot be reached, printed while its prompt waits.
        #expect(app.waitForOutput(containing: "Server: unreachable since"), "\(app.output.text) \(app.errors.text)")
        app.send(["1", "", "2", "note written just before the crash of the app"])
        #expect(app.waitForOutput(containing: "Note saved."))
        kill(app.process.processIdentifier, SIGKILL)
        _ = app.finish()

        let server = try ServerProcess(dataFolder: serverFolder, port: port)
        defer { _ = try? server.stop() }
        let next = try AppProcess(options, in: directory.url)
        #expect(next.waitForOutput(containing: "Server: all sent.", seconds: 30))
        next.send(["q"])
        _ = next.finish()
        let held = try Self.reportsOnServer(port: port, token: token)
        #expect(held.first?["otherDriverNote"] as? String == "written just before the crash of the app")
    }

    @Test("A wrong token is told with status 77, and the report stays on the device")
    func aWrongTokenIsTold() throws {
        let directory = TemporaryDirectory("sync-e2e")
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        _ = try server.addUser("ann")
        let options = Self.serverOptions(port: server.port, token: "wrong-token", in: directory)
        let app = try AppProcess(options, in: directory.url)
        // The menu says so while its prompt waits, once the first pass was refused.
        #expect(app.waitForOutput(containing: "refused the token"))
        app.send(["1", "", "2", "note kept here", "d", "x", "s", "q"])
        app.closeInput()
        #expect(app.finish().status == 0)

        let sync = try AppProcess.run([], arguments: ["sync"] + options, in: directory.url)
        #expect(sync.status == 77)
        #expect(sync.errors.contains("refused the token"))
        #expect(sync.output.contains("Waiting on this device: 1 report change."))
        let list = try AppProcess.run([], arguments: ["reports", "--database", directory.file("reports.sqlite")], in: directory.url)
        #expect(list.output.contains("Draft"))
    }

    @Test("--store server without a server or token says what to give, with status 78")
    func aServerStoreNeedsAServerAndAToken() throws {
        let directory = TemporaryDirectory("sync-e2e")
        let noServer = try AppProcess.run([], arguments: ["--store", "server"], in: directory.url)
        #expect(noServer.status == 78)
        #expect(noServer.errors.contains("--server URL"))
        let noToken = try AppProcess.run([], arguments: ["--server", "http://127.0.0.1:9"], in: directory.url)
        #expect(noToken.status == 78)
        #expect(noToken.errors.contains("--token"))
        let badURL = try AppProcess.run([], arguments: ["--server", "ftp://x", "--token", "t"], in: directory.url)
        #expect(badURL.status == 78)
        #expect(badURL.errors.contains("http"))
    }

    @Test("Plain http:// to another machine is refused unless allowed; a token file keeps the token out of the process list")
    func plainHTTPAndTokenFiles() throws {
        let directory = TemporaryDirectory("sync-e2e")
        let plain = try AppProcess.run([], arguments: ["reports", "--server", "http://claims.example.com", "--token", "t"], in: directory.url)
        #expect(plain.status == 78)
        #expect(plain.errors.contains("unencrypted"))
        #expect(plain.errors.contains("--allow-plain-http"))

        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let token = try server.addUser("ann")
        let file = try directory.write(Data((token + "\n").utf8), to: "token")
        let options = ["--server", "http://127.0.0.1:\(server.port)", "--token-file", file.path, "--database", directory.file("reports.sqlite")]
        let sync = try AppProcess.run([], arguments: ["sync"] + options, in: directory.url)
        #expect(sync.status == 0, "\(sync.errors)")
        #expect(sync.output.contains("All sent."))
        let missing = try AppProcess.run([], arguments: ["sync", "--server", "http://127.0.0.1:\(server.port)", "--token-file", directory.file("none")], in: directory.url)
        #expect(missing.status == 78)
        #expect(missing.errors.contains("token file"))
    }

    @Test("A report made offline says its crash ID is provisional; after sync it is found by either ID, in either case, and the server's PDF keeps the scene's time zone")
    func aProvisionalCrashIDStaysAnAlias() throws {
        let directory = TemporaryDirectory("sync-e2e")
        let serverFolder = ServerProcess.freshDataFolder()
        let token = try ServerProcess.addUser("ann", dataFolder: serverFolder)
        let port = try LoopbackPort.free()
        let options = Self.serverOptions(port: port, token: token, in: directory)
        let budapest = ["TZ": "Europe/Budapest"]

        let offline = try AppProcess.run([
            "1", "", "w 2026-11-22 17:42 47.4979,19.0402", "1", "1", "d", "c", "y", "b", "q",
        ], arguments: options, in: directory.url, environment: budapest)
        #expect(offline.status == 0, "\(offline.errors)")
        #expect(offline.output.contains("(provisional: given on this device without the server"), "\(offline.output)")
        let local = try #require(offline.output.firstMatch(of: /Crash report (CR-[A-Z0-9]{8}) created/)?.1).description
        let documents = directory.url.appendingPathComponent("documents")
        #expect(FileManager.default.fileExists(atPath: documents.appendingPathComponent("crash-report-\(local).pdf").path))

        let server = try ServerProcess(dataFolder: serverFolder, port: port)
        defer { _ = try? server.stop() }
        let sync = try AppProcess.run([], arguments: ["sync"] + options, in: directory.url, environment: budapest)
        #expect(sync.status == 0, "\(sync.output) \(sync.errors)")
        let issued = try #require(sync.output.firstMatch(of: /now has the crash ID (CA-[A-Z0-9]{10})/)?.1).description

        // The old ID still finds the report, typed in any case; the list names both; the old PDF is gone.
        let export = try AppProcess.run([], arguments: ["export", local.lowercased(), "again.pdf", "--database", directory.file("reports.sqlite")], in: directory.url)
        #expect(export.status == 0, "\(export.errors)")
        let list = try AppProcess.run([], arguments: ["reports", "--database", directory.file("reports.sqlite")], in: directory.url)
        #expect(list.output.contains("\(issued) (was \(local))"), "\(list.output)")
        #expect(!FileManager.default.fileExists(atPath: documents.appendingPathComponent("crash-report-\(local).pdf").path))
        let json = try AppProcess.run([], arguments: ["reports", "--json", "--database", directory.file("reports.sqlite")], in: directory.url)
        let rows = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]]
        #expect(rows?.first?["provisionalCrashId"] as? String == local, "\(json.output)")
        #expect(rows?.first?["crashId"] as? String == issued)
        #expect(rows?.first?["utcOffsetMinutes"] as? Int == 60)

        // The server's PDF shows the scene's local time, as this device's did, and both IDs.
        let held = try Self.reportsOnServer(port: port, token: token)
        let id = try #require(held.first?["id"] as? String)
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let pdf = directory.url.appendingPathComponent("server.pdf")
        _ = try Curl.run(["-s", "-o", pdf.path, "-H", "Authorization: Bearer \(token)", "http://127.0.0.1:\(port)/v1/reports/\(id)/report.pdf"])
        let text = try tools.text(pdf.path)
        #expect(text.contains("When: 22 Nov 2026, 17:42 (UTC+01:00)"), "\(text)")
        #expect(text.contains("\(issued) (first given as \(local))"))
        let exported = try tools.text(directory.url.appendingPathComponent("again.pdf").path)
        #expect(exported.contains("When: 22 Nov 2026, 17:42 (UTC+01:00)"))

        // `open` takes a typed crash ID, old or new; one nobody has is refused with 66.
        let opened = try AppProcess.run(["b", "q"], arguments: ["open", local.lowercased()] + options, in: directory.url)
        #expect(opened.output.contains("Crash report — crash ID \(issued)"), "\(opened.output) \(opened.errors)")
        let unknown = try AppProcess.run([], arguments: ["open", "CR-ZZZZZZZZ"] + options, in: directory.url)
        #expect(unknown.status == 66, "\(unknown.output) \(unknown.errors)")
        #expect(unknown.errors.contains("No report on this device has the crash ID CR-ZZZZZZZZ"))
    }

    @Test("A link to a detected crash with no server configured says it cannot bring the crash and how to open it (78); nothing is made")
    func aLinkWithoutAServerSaysWhatToDo() throws {
        let directory = TemporaryDirectory("sync-e2e")
        let run = try AppProcess.run([], arguments: ["open", "https://claims.example.com/c/CA-MX879ZSTDW", "--database", directory.file("reports.sqlite")], in: directory.url)
        #expect(run.status == 78, "\(run.output) \(run.errors)")
        #expect(run.errors.contains("cannot bring what the server holds"))
        #expect(run.errors.contains("--server https://claims.example.com --token"))
        #expect(!run.output.contains("Collect Crash Info"))
        let list = try AppProcess.run([], arguments: ["reports", "--json", "--database", directory.file("reports.sqlite")], in: directory.url)
        #expect((try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [Any])?.isEmpty == true, "\(list.output)")
        let bad = try AppProcess.run([], arguments: ["open", "crashassistant://crash/ZZZ", "--database", directory.file("reports.sqlite")], in: directory.url)
        #expect(bad.status == 65)
        #expect(bad.errors.contains("crash IDs look like CA-MX879ZSTDW"))
    }

    @Test("A data folder belongs to the account of its first sync: another user's token is refused with 78, nothing sent or removed")
    func anotherAccountsTokenIsRefused() throws {
        let directory = TemporaryDirectory("sync-e2e")
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let ann = try server.addUser("ann")
        let bob = try server.addUser("bob")
        let annOptions = Self.serverOptions(port: server.port, token: ann, in: directory)
        let bobOptions = Self.serverOptions(port: server.port, token: bob, in: directory)

        // ann's first report reaches her account and binds the folder to it.
        let first = try AppProcess.run(["1", "", "1", "1", "d", "x", "s", "q"], arguments: annOptions, in: directory.url)
        #expect(first.status == 0, "\(first.errors)")
        let bound = try AppProcess.run([], arguments: ["sync"] + annOptions, in: directory.url)
        #expect(bound.status == 0, "\(bound.output) \(bound.errors)")
        #expect(try Self.reportsOnServer(port: server.port, token: ann).count == 1)

        // A second draft made offline-first with bob's token (its crash ID is a local one: the server is not asked).
        let second = try AppProcess.run(["1", "", "1", "3", "d", "x", "s", "q"], arguments: bobOptions, in: directory.url)
        #expect(second.status == 0, "\(second.errors)")
        let refused = try AppProcess.run([], arguments: ["sync"] + bobOptions, in: directory.url)
        #expect(refused.status == 78, "\(refused.output) \(refused.errors)")
        #expect(refused.errors.contains("holds the reports of “ann”"), "\(refused.errors)")
        #expect(refused.errors.contains("“bob”"))
        #expect(refused.errors.contains("--database"))
        #expect(!refused.output.contains("Sent:"), "\(refused.output)")
        #expect(!refused.output.contains("deleted on another device"))

        // Nothing reached bob's account, and nothing left ann's folder; her token sends the second draft.
        #expect(try Self.reportsOnServer(port: server.port, token: bob).isEmpty)
        let list = try AppProcess.run([], arguments: ["reports", "--json", "--database", directory.file("reports.sqlite")], in: directory.url)
        let rows = try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [[String: Any]]
        #expect(rows?.count == 2, "\(list.output)")
        let again = try AppProcess.run([], arguments: ["sync"] + annOptions, in: directory.url)
        #expect(again.status == 0, "\(again.output) \(again.errors)")
        #expect(try Self.reportsOnServer(port: server.port, token: ann).count == 2)
        #expect(try Self.reportsOnServer(port: server.port, token: bob).isEmpty)
    }
}

/// curl, as a person trying the server would use it.
enum Curl {
    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
