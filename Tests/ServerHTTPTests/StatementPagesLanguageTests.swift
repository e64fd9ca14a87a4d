import Domain
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import ServerCore
import ServerPages
import Testing
import TestSupport
import Wording
import ServerTestSupport

/// The other driver's pages in their language: chosen by `Accept-Language`, switched with the page's own links and
/// remembered for that link, and complete — no English sentence of the product's left on a page in another language.
@Suite("The other driver's pages in their language", .ownThreads)
struct StatementPagesLanguageTests {
    /// The product's English sentences of at least three words, placeholders cut out: a page in another language
    /// that shows one of them has a message left untranslated.
    static let englishSentences = EnglishMessages.fragments(minimumWords: 3)

    /// The text a reader sees: the markup's text with its entities read, white space folded.
    static func visibleText(_ html: String) -> String {
        let text = html.replacing(/<style[^>]*>[\s\S]*?<\/style>/, with: "").replacing(/<[^>]+>/, with: " ")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func untranslated(in html: String) -> [String] {
        let text = visibleText(html)
        return englishSentences.filter { text.contains($0) }
    }

    static func post(
        _ client: any TestClientProtocol, _ path: String, page: TestResponse, language: String, _ fields: [(String, String)]
    ) async throws -> TestResponse {
        let csrf = try #require(HandlerPagesRouteTests.csrf(in: page))
        var headers = StatementLinkRouteTests.formType
        headers[.cookie] = "\(StatementPages.formCookie)=\(csrf)"
        headers[.acceptLanguage] = language
        var form = [("csrf", csrf)] + fields
        if let version = String(buffer: page.body).firstMatch(of: /name="version" value="([0-9a-f]{64})"/).map({ String($0.1) }) {
            form.append(("version", version))
        }
        return try await client.execute(uri: path, method: .post, headers: headers, body: HandlerPagesRouteTests.form(form))
    }

    @Test("Every shipped language: the form, the review and what was decided carry no English sentence, say their language, and keep the boxes' numbers")
    func everyLanguageIsComplete() async throws {
        #expect(Self.englishSentences.count > 150, "the message template was not read")
        let languages = Languages.shipped.codes.filter { $0 != "en" }
        #expect(Set(languages).isSuperset(of: ["de", "fr", "es", "it", "pl", "hu"]))
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        try await harness.withClient { client in
            for (index, code) in languages.enumerated() {
                let report = try await StatementLinkRouteTests.storeDraft(client, token: ann, crashID: "CR-2345678\(index + 2)")
                let path = StatementLinkRouteTests.path(of: try #require(try await StatementLinkRouteTests.link(client, report: report.id, token: ann).1))
                var headers = HTTPFields()
                headers[.acceptLanguage] = "\(code);q=0.9,en;q=0.5"
                let form = try await client.execute(uri: path, method: .get, headers: headers)
                let formHTML = String(buffer: form.body)
                #expect(form.headers[.contentLanguage] == code)
                #expect(formHTML.contains("<html lang=\"\(code)\">"))
                #expect(Self.untranslated(in: formHTML) == [], "\(code) form")
                // The circumstances keep their numbers in every language.
                for number in 1...17 { #expect(formHTML.contains("<span class=\"number\">\(number)</span>"), "\(code): box \(number)") }

                let review = try await Self.post(client, path, page: form, language: code, [("driverName", "Greta Müller"), ("c8", "1")])
                #expect(review.status == .ok)
                let reviewHTML = String(buffer: review.body)
                #expect(Self.untranslated(in: reviewHTML) == [], "\(code) review")
                #expect(reviewHTML.contains(Words.english("European Accident Statement")) == false, "\(code) review names the form in English")

                let refused = try await Self.post(client, path + "/decline", page: review, language: code, [("reason", " ")])
                #expect(refused.status == .badRequest)
                #expect(Self.untranslated(in: String(buffer: refused.body)) == [], "\(code) refused decline")
                let decided = try await Self.post(client, path + "/decline", page: refused, language: code, [("reason", "Nem így történt.")])
                #expect(decided.status == .ok)
                #expect(Self.untranslated(in: String(buffer: decided.body)) == [], "\(code) decided")

                let copy = try await client.execute(uri: path + "/statement.pdf", method: .get, headers: headers)
                #expect(copy.status == .ok)
                #expect(copy.headers[.contentDisposition]?.contains("-\(code).pdf") == true)
                let tools = try PDFTools()
                defer { tools.cleanUp() }
                // The boxes' ticks stand beside a wrapped wording's first line: read without them.
                let text = try tools.text(try tools.write(Data(buffer: copy.body))).replacing(/[☐☒]/, with: " ")
                    .split(whereSeparator: \.isWhitespace).joined(separator: " ")
                for number in 1...15 { #expect(text.contains("\(number). "), "\(code) copy: box \(number)") }
                let words = Languages.shipped.words(code)
                #expect(text.contains(StatementWords(words).circumstance(.hitRearSameDirectionSameLane)), "\(code) copy")
                #expect(!text.contains(StatementWords.english.circumstance(.hitRearSameDirectionSameLane)), "\(code) copy")
                #expect(Self.untranslated(in: text) == [], "\(code) copy")
            }
        }
    }

    @Test("The browser's language first; the page's own link switches and is remembered for that link only; an unknown one is ignored")
    func switchingIsRemembered() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        try await harness.withClient { client in
            let report = try await StatementLinkRouteTests.storeDraft(client, token: ann)
            let path = StatementLinkRouteTests.path(of: try #require(try await StatementLinkRouteTests.link(client, report: report.id, token: ann).1))
            var german = HTTPFields()
            german[.acceptLanguage] = "de-DE,de;q=0.9,en;q=0.8"
            let form = try await client.execute(uri: path, method: .get, headers: german)
            let html = String(buffer: form.body)
            #expect(html.contains("<html lang=\"de\">"))
            #expect(html.contains(Languages.shipped.words("de")("Send my part")))
            // Every language is offered by its own name, the current one marked.
            #expect(html.contains("hreflang=\"pl\" lang=\"pl\">Polski</a>"))
            #expect(html.contains("hreflang=\"de\" lang=\"de\" aria-current=\"true\">Deutsch</a>"))
            #expect(form.headers[.setCookie]?.contains(PageLanguage.cookieName) != true)

            let switched = try await client.execute(uri: path + "?lang=pl", method: .get, headers: german)
            #expect(String(buffer: switched.body).contains("<html lang=\"pl\">"))
            let cookie = try #require(switched.headers[values: .setCookie].first { $0.hasPrefix(PageLanguage.cookieName + "=") })
            #expect(cookie.contains("\(PageLanguage.cookieName)=pl") && cookie.contains("Path=\(path)") && cookie.contains("HttpOnly"))

            var remembered = german
            remembered[.cookie] = "\(PageLanguage.cookieName)=pl"
            #expect(String(buffer: try await client.execute(uri: path, method: .get, headers: remembered).body).contains("<html lang=\"pl\">"))
            // A language the product does not speak is ignored: the browser's is used, nothing is remembered.
            let unknown = try await client.execute(uri: path + "?lang=xx", method: .get, headers: german)
            #expect(String(buffer: unknown.body).contains("<html lang=\"de\">"))
            #expect(unknown.headers[.setCookie]?.contains(PageLanguage.cookieName) != true)
            // No language asked: English.
            #expect(String(buffer: try await client.execute(uri: path, method: .get).body).contains("<html lang=\"en\">"))
            // A link that is no link answers in the reader's language too.
            let none = try await client.execute(uri: "/s/nosuchtoken1234567890", method: .get, headers: german)
            #expect(none.status == .notFound)
            #expect(String(buffer: none.body).contains(Languages.shipped.words("de")("No such link")))
        }
    }

    @Test("The code to sign is texted in the language of the page that asked for it")
    func codeInTheReadersLanguage() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        try await harness.withClient { client in
            let (_, path, review) = try await StatementSigningRouteTests.sentPart(client, token: ann)
            let asked = try await Self.post(client, path + "/code", page: review, language: "hu-HU", [])
            #expect(asked.status == .ok)
            await harness.doJobs()
            let text = try #require(await harness.sms.sent.last?.text)
            let hungarian = Languages.shipped.words("hu")
            let code = try #require(text.firstMatch(of: /(\d{6})/).map { String($0.1) })
            #expect(text == "Crash Assistant: " + hungarian.plural(
                "{code} is your code to sign the accident statement of crash {crashID}. It works for {count} minute. Do not share it.",
                "{code} is your code to sign the accident statement of crash {crashID}. It works for {count} minutes. Do not share it.",
                count: 10, ["code": code, "crashID": "CR-23456789"]
            ))
            #expect(!text.contains("is your code"))
        }
    }
}
