import Foundation
import Testing
import TestSupport

/// The other driver's part of the statement from the link, with real parts on 127.0.0.1: the server, the app in a
/// pipe printing the link and its QR code (decoded by zbarimg), and the other driver in headless Chromium on a
/// phone-sized screen; then the driver's sync brings their part and the PDF holds it.
@Suite("The other driver fills in vehicle B from a link", .serialized, .ownThreads)
struct OtherDriverLinkEndToEndTests {
    /// The QR code the app printed (its block characters, two rows of modules a line) as a PBM image, four pixels a
    /// module, for a decoder to read.
    static func image(ofQRCodeIn lines: [String]) -> Data {
        let scale = 4
        var rows: [[Bool]] = []  // true: dark
        for line in lines {
            var top: [Bool] = []
            var bottom: [Bool] = []
            for character in line {
                switch character {
                case "█": top.append(false); bottom.append(false)
                case "▀": top.append(false); bottom.append(true)
                case "▄": top.append(true); bottom.append(false)
                default: top.append(true); bottom.append(true)
                }
            }
            rows += [top, bottom]
        }
        let width = (rows.map(\.count).max() ?? 0) * scale
        var text = "P1\n\(width) \(rows.count * scale)\n"
        for row in rows {
            let line = row.flatMap { Array(repeating: $0 ? "1" : "0", count: scale) }.joined(separator: " ")
            for _ in 0..<scale { text += line + "\n" }
        }
        return Data(text.utf8)
    }

    @Test("The app prints a link and a QR code that decodes to it; the other driver fills the form on a phone; a second answer, an expired and a tampered link are refused; the driver's sync brings their part into the report and its PDF")
    func theOtherDriversPart() throws {
        let directory = TemporaryDirectory("other-driver")
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let ann = try server.addUser("ann")
        let options = SyncEndToEndTests.serverOptions(port: server.port, token: ann, in: directory)

        // A link made earlier, now past its day (the store's expiry moved back, as 24 hours would).
        let draft = """
            {"id":"6f1c2b9e-0d7a-4c1e-9a55-2f4a0c1d9b7e","crashId":"CR-XPRD2345","status":"draft","createdAt":"2026-11-20T08:00:00Z",
             "updatedAt":"2026-11-20T08:00:00Z","scene":{"occurredAt":"2026-11-20T08:00:00Z"},"injuries":[],"photos":[],"otherDriverNote":"","revision":0}
            """
        _ = try Curl.run(["-s", "-X", "PUT", "-H", "Authorization: Bearer \(ann)", "-H", "Content-Type: application/json", "-d", draft,
                          "\(server.url)/v1/reports/6f1c2b9e-0d7a-4c1e-9a55-2f4a0c1d9b7e"])
        let made = try Curl.run(["-s", "-X", "POST", "-H", "Authorization: Bearer \(ann)", "\(server.url)/v1/reports/6f1c2b9e-0d7a-4c1e-9a55-2f4a0c1d9b7e/statement-link"])
        let expired = try #require((try JSONSerialization.jsonObject(with: Data(made.utf8)) as? [String: Any])?["url"] as? String, "\(made)")
        _ = try DetachedCommand.run("/usr/bin/sqlite3", [server.dataFolder.appendingPathComponent("server.sqlite3").path, "UPDATE statement_links SET expires_at = 0"], capturing: true)

        // The driver starts a report, enters their own vehicle, and makes the link on the statement screen.
        let app = try AppProcess.run([
            "1", "", "4", "1", "1 5 6 7", "Jane Doe", "Toyota Corolla", "abc 123", "hu", "d", "s", "d", "x", "s", "q",
        ], arguments: options, in: directory.url)
        #expect(app.status == 0, "\(app.errors)")
        let output = app.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let linkLine = try #require(output.firstIndex { $0.contains("/s/") }, "\(app.output)")
        let link = output[linkLine].trimmingCharacters(in: .whitespaces)
        #expect(link.hasPrefix(server.url + "/s/"))
        let qr = output[..<linkLine].reversed().drop { $0.trimmingCharacters(in: .whitespaces).isEmpty }
            .prefix { $0.contains("█") }.reversed().map { String($0.dropFirst(2)) }
        #expect(qr.count > 10, "\(app.output)")
        let image = directory.file("link.pbm")
        try Self.image(ofQRCodeIn: qr).write(to: URL(fileURLWithPath: image))
        let decoded = try DetachedCommand.run("/usr/bin/zbarimg", ["--quiet", "--raw", image], capturing: true)
        #expect(decoded.trimmingCharacters(in: .whitespacesAndNewlines) == link, "zbarimg read \(decoded)")

        // The other driver, on their phone.
        var tampered = link
        tampered.removeLast()
        tampered += link.hasSuffix("A") ? "B" : "A"
        let page = try BrowserScript.run("statement_form.py", [link, expired, tampered, "Toyota Corolla"])
        #expect(page.status == 0, "\(page.output)")
        #expect(page.output.contains("ok: a second submission is refused"), "\(page.output)")
        #expect(page.output.contains("ok: text with <script> is shown as text, never run"), "\(page.output)")
        for (url, status) in [(link, "200"), (expired, "410"), (tampered, "404")] {
            #expect(try Curl.run(["-s", "-o", "/dev/null", "-w", "%{http_code}", url]) == status, "\(url)")
        }

        // The driver's next sync brings their part; the report created holds it, and so does its PDF.
        let sync = try AppProcess.run([], arguments: ["sync"] + options, in: directory.url)
        #expect(sync.output.contains("The other driver filled in their part (vehicle B) of the accident statement"), "\(sync.output)")
        let created = try AppProcess.run(["2", "1", "4", "2", "d", "d", "c", "y", "b", "q"], arguments: options, in: directory.url)
        #expect(created.output.contains("Vehicle B was entered by the other driver on their own phone"), "\(created.output)")
        #expect(created.output.contains("Policyholder's name: Hans <script>alert('x')</script> Müller"), "\(created.output)")
        let crashID = try #require(created.output.firstMatch(of: /Crash report (C[AR]-[0-9A-Z]+) created/).map { String($0.1) }, "\(created.output)")
        let pdf = directory.file("report.pdf")
        let export = try AppProcess.run([], arguments: ["export", crashID, pdf] + options, in: directory.url)
        #expect(export.status == 0, "\(export.errors)")
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let text = try tools.text(pdf).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for expected in ["Vehicle B was entered by the other driver on their own phone", "Hans <script>alert('x')</script> Müller",
                         "+4915123456789", "M-AB 1234", "Allianz", "12 Jun 1990", "rear, left corner", "I did not see it. Sorry.",
                         "Jane Doe", "Toyota Corolla", "ABC 123"] {
            #expect(text.contains(expected), "the PDF lacks “\(expected)”")
        }
    }

    @Test("A pile-up: the app makes a link on another vehicle's statement page; its driver's form shows that statement's column only; their decline reaches the app by the party's number")
    func anotherVehiclesLink() throws {
        let directory = TemporaryDirectory("pile-up-link")
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let ann = try server.addUser("ann")
        let options = SyncEndToEndTests.serverOptions(port: server.port, token: ann, in: directory)
        // B's column typed on the device, then another motor vehicle (party 1) whose statement page makes the link.
        let app = try AppProcess.run([
            "1", "", "4", "2", "1", "Bruno Second", "d", "d", "5", "add", "5", "1", "1 5 6 7", "Jane Doe", "Toyota Corolla", "abc 123", "hu",
            "d", "2", "2", "Carl Third", "d", "s", "d", "d", "x", "s", "q",
        ], arguments: options, in: directory.url)
        #expect(app.status == 0, "\(app.errors)")
        let link = try #require(
            app.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix(server.url + "/s/") }, "\(app.output)"
        )
        #expect(app.output.contains("Accident statement with party 1"), "\(app.output)")

        // Their form: their column as the driver typed it, nothing of B's.
        let jar = directory.file("cookies")
        let form = try Curl.run(["-s", "-c", jar, link])
        #expect(form.contains("Carl Third") && !form.contains("Bruno Second"), "\(form)")
        func csrf(_ html: String) throws -> String {
            try #require(html.firstMatch(of: /name="csrf" value="([^"]+)"/).map { String($0.1) }, "\(html)")
        }
        let review = try Curl.run([
            "-s", "-b", jar, "-c", jar, "--data-urlencode", "csrf=\(try csrf(form))", "--data-urlencode", "driverName=Carla Third",
            "--data-urlencode", "plate=C-DE 345", link,
        ])
        #expect(review.contains("Review and sign the accident statement") && review.contains("Carla Third") && !review.contains("Bruno Second"), "\(review)")
        let version = try #require(review.firstMatch(of: /name="version" value="([0-9a-f]{64})"/).map { String($0.1) }, "\(review)")
        let declined = try Curl.run([
            "-s", "-b", jar, "--data-urlencode", "csrf=\(try csrf(review))", "--data-urlencode", "version=\(version)",
            "--data-urlencode", "reason=I was not speeding", link + "/decline",
        ])
        #expect(declined.contains("You declined the accident statement"), "\(declined)")

        let sync = try AppProcess.run([], arguments: ["sync"] + options, in: directory.url)
        #expect(sync.output.contains("The driver of party 1 filled in their part (vehicle B) of your accident statement with them"), "\(sync.output)")
        #expect(sync.output.contains("The driver of party 1 did not agree to your accident statement with them"), "\(sync.output)")
        #expect(sync.output.contains("They wrote: “I was not speeding”"), "\(sync.output)")
        #expect(!sync.output.contains("The other driver"), "\(sync.output)")
    }
}
