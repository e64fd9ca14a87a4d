import Domain
import Foundation
import Testing
import TestSupport
import Wording

/// The other driver's phone speaks German, with real parts on 127.0.0.1 (the server, Kannel and its fake SMS centre,
/// headless Chromium): the form, the review and signing in German, the page's own link to Polish, and the copy in
/// Polish with the boxes numbered as in the English statement.
@Suite("The other driver in their own language", .serialized, .ownThreads)
struct StatementLanguageEndToEndTests {
    /// The numbers that start a line of a statement's text (`1.`, `12.`, the circumstances' `8.`), in reading order.
    static func boxNumbers(_ text: String) -> [Int] {
        text.split(separator: "\n").compactMap { line in
            line.firstMatch(of: /^\s*(\d{1,2})\.\s/).flatMap { Int($0.1) }
        }
    }

    @Test("German from the browser's language: form, review and signing; Polish from the page's link, remembered; the copy in Polish with the English statement's box numbers")
    func germanThenPolish() throws {
        let directory = TemporaryDirectory("statement-language")
        let gateway = try KannelGateway()
        defer { gateway.stop() }
        let data = directory.url.appendingPathComponent("server")
        let port = try LoopbackPort.free()
        let server = try ServerProcess(dataFolder: data, port: port, arguments: ["--sms-url", gateway.smsURL() + "&report-url=http://127.0.0.1:\(port)"])
        defer { _ = try? server.stop() }
        let ann = try server.addUser("ann")
        let options = SyncEndToEndTests.serverOptions(port: server.port, token: ann, in: directory)
        let link = try OtherDriverSignsEndToEndTests.reportWithLink(options: options, in: directory)

        let german = Languages.shipped.words("de"), polish = Languages.shipped.words("pl")
        let expected: [String: [String: String]] = [
            "de": [
                "formTitle": german("Your part of the accident statement"), "sendMyPart": german("Send my part"),
                "box8": StatementWords(german).circumstance(.hitRearSameDirectionSameLane),
                "reviewTitle": german("Review and sign the accident statement"),
                "circumstances": german("{number}. {title}", context: "a numbered box of the form", ["number": "12", "title": german("Circumstances")]),
                "textACode": german("Text a code to {{.}}").components(separatedBy: "{{.}}")[0].trimmingCharacters(in: .whitespaces),
                "codeTexted": german.plural(
                    "We texted a 6-digit code to {phone}. It works until {time}, for {count} try.",
                    "We texted a 6-digit code to {phone}. It works until {time}, for {count} tries.", count: 5
                ).components(separatedBy: "{phone}")[0],
                "signButton": german("Sign the accident statement"), "signedTitle": german("You signed the accident statement"),
            ],
            "pl": [
                "signedTitle": polish("You signed the accident statement"), "download": polish("Download your copy of the statement (PDF)"),
                "reviewTitle": polish("Review and sign the accident statement"),
            ],
        ]
        let expectedFile = directory.file("expected.json")
        try JSONSerialization.data(withJSONObject: expected).write(to: URL(fileURLWithPath: expectedFile))
        let copy = directory.file("copy-pl.pdf")
        let page = try BrowserScript.run("statement_language.py", [link, gateway.folder.appendingPathComponent("fakesmsc.out").path, expectedFile, copy])
        #expect(page.status == 0, "\(page.output)")
        #expect(page.output.contains("ok: the link remembers Polish though the browser asks for German"), "\(page.output)")
        let texts = gateway.received().filter { $0.to.hasSuffix("4915123456789") }
        #expect(texts.count == 1 && texts.first?.text.hasPrefix("Crash Assistant: ") == true && texts.first?.text.contains("is your code") == false, "\(texts)")
        let copyURL = try #require(page.output.split(separator: "\n").first { $0.hasPrefix("copy: ") }.map { String($0.dropFirst(6)) })

        // The same statement in English, as a browser asking for no language gets it.
        let english = directory.file("copy-en.pdf")
        #expect(try Curl.run(["-s", "-o", english, "-w", "%{http_code}", copyURL]) == "200")
        let tools = try PDFTools()
        defer { tools.cleanUp() }
        let polishText = try tools.text(copy), englishText = try tools.text(english)
        let flowing = polishText.replacing(/[☐☒]/, with: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flowing.contains(polish("European Accident Statement")), "\(flowing)")
        #expect(flowing.contains(StatementWords(polish).circumstance(.hitRearSameDirectionSameLane)), "\(flowing)")
        #expect(!flowing.contains("Circumstances") && !flowing.contains("Signatures"), "\(flowing)")
        #expect(try tools.notdefGlyphs(copy) == 0)
        // The same numbered boxes as the English copy (the form's columns are read in whatever order the text falls).
        let numbers = Self.boxNumbers(polishText)
        #expect(numbers.sorted() == Self.boxNumbers(englishText).sorted(), "\(numbers) \(Self.boxNumbers(englishText))")
        for box in [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] { #expect(numbers.contains(box), "box \(box)") }
        // Every one of the 17 circumstances, in Polish.
        for circumstance in Circumstance.allCases {
            let name: String = StatementWords(polish).circumstance(circumstance)
            let start = name.split(separator: " ").prefix(2).joined(separator: " ")
            #expect(flowing.contains("\(circumstance.number). \(start)"), "\(circumstance.number): \(start)")
        }
    }
}
