import Foundation
import Testing
import TestSupport

/// A pile-up with real parts on 127.0.0.1: the server with a sealing key, Kannel with its fake SMS centre, a webhook
/// receiver checking signatures, the app in a pipe, and each other driver in headless Chromium on a phone-sized
/// screen. The driver adds an injured cyclist and a third vehicle, and gives B and C each a link to their own
/// statement; B signs with a texted code, C declines; the driver is told of each, signs and creates; the server's PDF
/// and the notice of loss hold every party and both statements.
@Suite("A pile-up from the roadside to the notice of loss", .serialized, .ownThreads)
struct PileUpEndToEndTests {
    static let secret = CrashToClaimEndToEndTests.secret

    @Test("Two links, B signs by code and C declines, the driver is told of each; the sealed PDF has the parties and two statement pages; the notice lists three vehicles, the injury and the statements and meets its schema")
    func aPileUp() throws {
        let directory = TemporaryDirectory("pile-up")
        let gateway = try KannelGateway()
        defer { gateway.stop() }
        let receiver = try WebhookReceiver(secret: Self.secret, failFirst: 0)
        defer { receiver.stop() }
        let data = directory.url.appendingPathComponent("server")
        let port = try LoopbackPort.free()
        let (server, certificate) = try ServerProcess.sealing(dataFolder: data, port: port, arguments: [
            "--sms-url", gateway.smsURL() + "&report-url=http://127.0.0.1:\(port)", "--webhook-url", receiver.url, "--webhook-secret", Self.secret,
        ])
        defer { _ = try? server.stop() }
        let ann = try server.addUser("ann")
        let options = SyncEndToEndTests.serverOptions(port: server.port, token: ann, in: directory)
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let smsLog = gateway.folder.appendingPathComponent("fakesmsc.out").path

        // Vehicle A and B's link on the statement page; on the parties page an injured cyclist (party 1) and another
        // motor vehicle (party 2), whose own statement page makes its link; its driver was hurt (row 8 of "Who was
        // injured?", after the six and the cyclist).
        let app = try AppProcess.run([
            "1", "", "4", "1", "1 5 6 7", "Jane Doe", "Toyota Corolla", "abc 123", "hu", "d", "s", "d",
            "5", "add", "1", "Eva Kovács", "+36 30 765 4321", "Fő utca 2", "Allianz", "y",
            "add", "5", "s", "d", "d", "1", "8", "d", "x", "s", "q",
        ], arguments: options, in: directory.url)
        #expect(app.status == 0, "\(app.errors)")
        let links = app.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix(server.url + "/s/") }
        try #require(links.count == 2, "\(app.output)")
        #expect(app.output.contains("Accident statement with party 2"), "\(app.output)")

        // B signs theirs with the code texted to them; C declines theirs. Each page is that statement alone.
        let signed = try BrowserScript.run("statement_signing.py", [links[0], smsLog, "sign", "Toyota Corolla"])
        #expect(signed.status == 0, "\(signed.output)")
        let declined = try BrowserScript.run("statement_signing.py", [links[1], smsLog, "decline", "Toyota Corolla"])
        #expect(declined.status == 0, "\(declined.output)")
        let copyB = try #require(signed.output.split(separator: "\n").first { $0.hasPrefix("copy: ") }.map { String($0.dropFirst(6)) })

        // The driver is told of each, by whose statement it is.
        let sync = try AppProcess.run([], arguments: ["sync"] + options, in: directory.url)
        #expect(sync.output.contains("The other driver signed the accident statement of"), "\(sync.output)")
        #expect(sync.output.contains("The driver of party 2 did not agree to your accident statement with them"), "\(sync.output)")
        #expect(sync.output.contains("I was not reversing."), "\(sync.output)")

        // The driver signs B's statement too, and creates the report; it goes to the server.
        let (created, pdf) = try OtherDriverSignsEndToEndTests.signCreateAndFetch(server, token: ann, options: options, in: directory)
        #expect(created.contains("Party 2 did not agree to their statement with you"), "\(created)")

        // The server's PDF: the parties overview and a form page for each statement, sealed for B's.
        let verdict = try SealCheck.pyHanko(pdf, trusting: certificate, in: tools)
        #expect(verdict.status == 0, "\(verdict.output)")
        let text = try tools.text(pdf).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for expected in ["Other parties", "Eva Kovács", "European Accident Statement with party 2", "Vehicle B: signed by Greta Müller",
                         "I was not reversing.", "a cyclist, the driver of another vehicle", "Driver of party 2"] {
            #expect(text.contains(expected), "the PDF lacks “\(expected)”")
        }
        let formPages = try (1...12).compactMap { page -> Int? in
            let pageText = try? tools.text(pdf, page: page)
            return pageText?.contains("European Accident Statement") == true ? page : nil
        }
        #expect(formPages.count >= 2, "form pages: \(formPages)")
        let copy = directory.file("copy-b.pdf")
        #expect(try Curl.run(["-s", "-o", copy, "-w", "%{http_code}", copyB]) == "200")
        #expect(try SealCheck.pyHanko(copy, trusting: certificate, in: tools).status == 0)

        // The notice of loss: signed, three vehicles, the cyclist's and C's injuries, each statement; and its schema holds.
        let notice = try #require(try receiver.waitFor(1).first { ($0["id"] as? String)?.hasPrefix("fnol_") == true })
        #expect(notice["verified"] as? Bool == true)
        let body = try #require(notice["body"] as? [String: Any])
        let loss = try #require(body["data"] as? [String: Any])
        let parties = try #require(loss["parties"] as? [[String: Any]])
        let roles = parties.compactMap { $0["role"] as? String }
        #expect(roles.filter { $0 == "insured-vehicle" || $0 == "other-vehicle" }.count == 3, "\(roles)")
        let cyclist = try #require(parties.first { $0["role"] as? String == "cyclist" })
        #expect((cyclist["incidents"] as? [String])?.contains("injury") == true, "\(cyclist)")
        let vehicleC = try #require(parties.first { ($0["party"] as? [String: Any])?["kind"] as? String == "motor-vehicle" })
        #expect(vehicleC["incidents"] as? [String] == ["vehicle", "injury"], "\(vehicleC)")
        #expect((vehicleC["party"] as? [String: Any])?["hurt"] as? [String] == ["driver"], "\(vehicleC)")
        let statementC = try #require((vehicleC["party"] as? [String: Any])?["statement"] as? [String: Any])
        #expect((statementC["decline"] as? [String: Any])?["reason"] as? String == "I was not reversing.\nThe other car hit me.")
        #expect(((loss["statement"] as? [String: Any])?["signatures"] as? [Any])?.count == 2)
        let checked = try WireSchemaCheck.check(body, as: "FirstNoticeOfLoss")
        #expect(checked == "valid", "\(checked)")
    }
}
