import Foundation
import Testing
import TestSupport

/// The accident statement as evidence, with real parts on 127.0.0.1: the server with a sealing key, Kannel with its fake
/// SMS centre as the phone network, the app in a pipe, and the other driver in headless Chromium on a phone-sized
/// screen. The other driver signs with a code texted to them, the driver is told at the sync and signs too, and the
/// server's PDF is sealed as poppler and pyHanko check it; in a second report the other driver declines.
@Suite("The other driver signs or declines from the link", .serialized, .ownThreads)
struct OtherDriverSignsEndToEndTests {
    /// Starts a report, fills vehicle A and makes the link: the link the app printed.
    static func reportWithLink(options: [String], in directory: TemporaryDirectory) throws -> String {
        let app = try AppProcess.run([
            "1", "", "4", "1", "1 5 6 7", "Jane Doe", "Toyota Corolla", "abc 123", "hu", "d", "s", "d", "x", "s", "q",
        ], arguments: options, in: directory.url)
        #expect(app.status == 0, "\(app.errors)")
        let line = try #require(app.output.split(separator: "\n").first { $0.contains("/s/") }, "\(app.output)")
        return line.trimmingCharacters(in: .whitespaces)
    }

    /// The server's report list, newest change first: (id, crash ID, status).
    static func reports(_ server: ServerProcess, token: String) throws -> [(id: String, crashID: String, status: String)] {
        let list = try Curl.run(["-s", "-H", "Authorization: Bearer \(token)", "\(server.url)/v1/reports"])
        let reports = try #require((try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [String: Any])?["reports"] as? [[String: Any]], "\(list)")
        return reports.compactMap { report in
            guard let id = report["id"] as? String, let crashID = report["crashId"] as? String, let status = report["status"] as? String else { return nil }
            return (id, crashID, status)
        }
    }

    /// The driver opens the first report, signs vehicle A of its statement with B, creates the report and syncs; the
    /// server's PDF of it, fetched: the app's output and the PDF's path.
    static func signCreateAndFetch(
        _ server: ServerProcess, token: String, options: [String], in directory: TemporaryDirectory
    ) throws -> (output: String, pdf: String) {
        let signed = try AppProcess.run(["2", "1", "4", "g", "", "d", "c", "y", "b", "q"], arguments: options, in: directory.url)
        #expect(signed.output.contains("created"), "\(signed.output)")
        let sent = try AppProcess.run([], arguments: ["sync"] + options, in: directory.url)
        #expect(sent.status == 0, "\(sent.output) \(sent.errors)")
        let report = try #require(try reports(server, token: token).first { $0.status == "completed" }, "no completed report")
        let pdf = directory.file("server-report.pdf")
        #expect(try Curl.run(["-s", "-o", pdf, "-w", "%{http_code}", "-H", "Authorization: Bearer \(token)", "\(server.url)/v1/reports/\(report.id)/report.pdf"]) == "200")
        return (signed.output, pdf)
    }

    @Test("The other driver reviews, gets the code at the SMS centre, types a wrong one and the right one; the driver is told, signs and creates; the server's PDF is sealed and a flipped byte breaks the seal; the copy downloads. A decline: the driver is told, the report completes and its PDF says so")
    func signingAndDeclining() throws {
        let directory = TemporaryDirectory("other-driver-signs")
        let gateway = try KannelGateway()
        defer { gateway.stop() }
        let data = directory.url.appendingPathComponent("server")
        let port = try LoopbackPort.free()
        let (server, certificate) = try ServerProcess.sealing(
            dataFolder: data, port: port, arguments: ["--sms-url", gateway.smsURL() + "&report-url=http://127.0.0.1:\(port)"]
        )
        defer { _ = try? server.stop() }
        let ann = try server.addUser("ann")
        let options = SyncEndToEndTests.serverOptions(port: server.port, token: ann, in: directory)
        let tools = try PDFTools()
        defer { tools.cleanUp() }

        // The driver makes the link; the other driver signs on their phone with the code texted to them.
        let link = try Self.reportWithLink(options: options, in: directory)
        let page = try BrowserScript.run("statement_signing.py", [link, gateway.folder.appendingPathComponent("fakesmsc.out").path, "sign", "Toyota Corolla"])
        #expect(page.status == 0, "\(page.output)")
        #expect(page.output.contains("ok: a wrong code is refused and the tries counted"), "\(page.output)")
        let texts = gateway.received().filter { $0.to.hasSuffix("4915123456789") }
        #expect(texts.count == 1, "\(gateway.received())")
        #expect(texts.first?.text.contains("is your code to sign the accident statement of crash") == true, "\(texts)")
        let copyURL = try #require(page.output.split(separator: "\n").first { $0.hasPrefix("copy: ") }.map { String($0.dropFirst(6)) })

        // The driver's sync says so; the driver signs vehicle A on the same version and creates the report.
        let sync = try AppProcess.run([], arguments: ["sync"] + options, in: directory.url)
        #expect(sync.output.contains("The other driver filled in their part (vehicle B)"), "\(sync.output)")
        #expect(sync.output.contains("The other driver signed the accident statement of"), "\(sync.output)")
        let (signed, pdf) = try Self.signCreateAndFetch(server, token: ann, options: options, in: directory)
        #expect(signed.contains("Both drivers signed this version"), "\(signed)")
        #expect(signed.contains("signed by both drivers"), "\(signed)")

        // The server's PDF of the report is sealed; one byte changed and neither tool accepts it.
        let poppler = try SealCheck.pdfsig(pdf, trusting: certificate, in: tools)
        #expect(poppler.contains("Signature Validation: Signature is Valid.") && poppler.contains("Total document signed"), "\(poppler)")
        let verdict = try SealCheck.pyHanko(pdf, trusting: certificate, in: tools)
        #expect(verdict.status == 0, "\(verdict.output)")
        let text = try tools.text(pdf).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("Vehicle B: signed by Greta Müller") && text.contains("with a one-time code texted to +49"), "\(text)")
        #expect(text.contains("Both drivers signed this version of the front side"), "\(text)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: pdf)[.size] as? Int)
        let flipped = try SealCheck.flipped(pdf, at: size / 3, in: tools)
        #expect(!(try SealCheck.pdfsig(flipped, trusting: certificate, in: tools)).contains("Signature is Valid."))
        #expect(try SealCheck.pyHanko(flipped, trusting: certificate, in: tools).status != 0)

        // The other driver's copy: the statement alone, sealed now that both signed.
        let copy = directory.file("copy.pdf")
        #expect(try Curl.run(["-s", "-o", copy, "-w", "%{http_code}", copyURL]) == "200")
        #expect(try SealCheck.pyHanko(copy, trusting: certificate, in: tools).status == 0)
        let copyText = try tools.text(copy).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(copyText.contains("European Accident Statement") && copyText.contains("Toyota Corolla") && !copyText.contains("Crash scene photos"))

        // A second report: the other driver declines; the driver is told, and the report completes saying so.
        let second = try Self.reportWithLink(options: options, in: directory)
        let declined = try BrowserScript.run("statement_signing.py", [second, gateway.folder.appendingPathComponent("fakesmsc.out").path, "decline", "Toyota Corolla"])
        #expect(declined.status == 0, "\(declined.output)")
        let told = try AppProcess.run([], arguments: ["sync"] + options, in: directory.url)
        #expect(told.output.contains("The other driver did not agree to the accident statement of"), "\(told.output)")
        #expect(told.output.contains("I was not reversing."), "\(told.output)")
        let drafts = try Self.reports(server, token: ann).filter { $0.status == "draft" }
        #expect(drafts.count == 1)
        let completed = try AppProcess.run(["2", "1", "d", "c", "y", "b", "q"], arguments: options, in: directory.url)
        #expect(completed.output.contains("created"), "\(completed.output)")
        _ = try AppProcess.run([], arguments: ["sync"] + options, in: directory.url)
        let declinedReport = try #require(try Self.reports(server, token: ann).first { $0.crashID == drafts.first?.crashID })
        #expect(declinedReport.status == "completed")
        let declinedPDF = directory.file("declined.pdf")
        #expect(try Curl.run(["-s", "-o", declinedPDF, "-w", "%{http_code}", "-H", "Authorization: Bearer \(ann)", "\(server.url)/v1/reports/\(declinedReport.id)/report.pdf"]) == "200")
        let declinedText = try tools.text(declinedPDF).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(declinedText.contains("The other driver did not agree") && declinedText.contains("I was not reversing."), "\(declinedText)")
        #expect(declinedText.contains("Not sealed"), "\(declinedText)")
    }
}
