import Domain
import Foundation
import NIOCore
import ServerPages
import Testing
import TestSupport
import WireAPI
import ServerTestSupport

/// The codes the other driver signs with, through a real Kannel gateway and its fake SMS centre, against the server
/// binary and its pages: a code signs only what it was texted for, and a number receives no more codes than the
/// ceiling however many links a driver makes.
@Suite("Statement codes through Kannel", .serialized, .ownThreads)
struct StatementCodesLiveTests {
    static let stranger = "+36301112233"
    static let otherNumber = "+36309998877"

    /// The other driver's side of one link, driven as a browser would: the page's CSRF value sent back as its cookie.
    struct LinkPages {
        let server: ServerProcess
        let path: String

        func get() throws -> LoopbackConnection.Answer {
            try LoopbackConnection.request(port: server.port, "GET", path)
        }

        /// Posts `fields` to `path + suffix` with the CSRF value (and the version, when the page shows one) of `page`.
        func post(_ suffix: String, page: LoopbackConnection.Answer, _ fields: [(String, String)]) throws -> LoopbackConnection.Answer {
            let html = page.text
            let csrf = try #require(html.firstMatch(of: /name="csrf" value="([0-9a-f]{64})"/).map { String($0.1) })
            var all = [("csrf", csrf)]
            if let version = html.firstMatch(of: /name="version" value="([0-9a-f]{64})"/).map({ String($0.1) }) { all.append(("version", version)) }
            all += fields
            let body = all.map { "\($0.0)=\(Self.encoded($0.1))" }.joined(separator: "&")
            return try LoopbackConnection.request(
                port: server.port, "POST", path + suffix,
                headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", "\(StatementPages.formCookie)=\(csrf)")],
                body: Data(body.utf8)
            )
        }

        static func encoded(_ value: String) -> String {
            var allowed = CharacterSet.alphanumerics
            allowed.insert(charactersIn: "-._~")
            return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
        }
    }

    /// ann's draft with vehicle A filled, stored on the server.
    static func storeDraft(_ server: ServerProcess, token: String) throws -> CrashReport {
        var report = try makeDraft()
        var statement = AccidentStatement()
        try statement.vehicleA.set(.plate, to: "SECRET-1")
        try statement.vehicleA.set(.policyholderName, to: "Jane Driver")
        try report.setStatement(statement)
        return try put(report, server, token: token, expecting: 201)
    }

    static func put(_ report: CrashReport, _ server: ServerProcess, token: String, expecting status: Int = 200) throws -> CrashReport {
        let answer = try LoopbackConnection.request(
            port: server.port, "PUT", "/v1/reports/\(report.id)", token: token, headers: [("Content-Type", "application/json")],
            body: try WireCoding.encoder().encode(Components.Schemas.Report(report))
        )
        #expect(answer.status == status, "\(answer.text)")
        return try Wire.report(ByteBuffer(bytes: answer.body))
    }

    static func get(_ id: ReportID, _ server: ServerProcess, token: String) throws -> CrashReport {
        try Wire.report(ByteBuffer(bytes: try LoopbackConnection.request(port: server.port, "GET", "/v1/reports/\(id)", token: token).body))
    }

    /// A new link for the report, its form filled in with `phone` in vehicle B: the link's pages and the review.
    static func linkWithPart(_ server: ServerProcess, report: ReportID, token: String, phone: String) throws -> (LinkPages, LoopbackConnection.Answer) {
        let made = try LoopbackConnection.request(port: server.port, "POST", "/v1/reports/\(report)/statement-link", token: token)
        #expect(made.status == 201, "\(made.text)")
        let url = try WireCoding.decoder().decode(Components.Schemas.StatementLink.self, from: made.body).url
        let pages = LinkPages(server: server, path: String(url.dropFirst("https://claims.example.com".count)))
        let form = try pages.get()
        let review = try pages.post("", page: form, [("driverName", "Greta Müller"), ("plate", "M-AB 1234"), ("policyholderPhone", phone)])
        #expect(review.status == 200, "\(review.text.prefix(500))")
        return (pages, review)
    }

    /// A gateway, a server sending through it, and ann's token with her draft (vehicle A filled) stored on it.
    static func serverWithDraft() throws -> (gateway: KannelGateway, server: ServerProcess, ann: String, draft: CrashReport) {
        let gateway = try KannelGateway()
        do {
            let server = try ServerSMSGatewayLiveTests.server(gateway)
            do {
                let ann = try server.add("ann")
                return (gateway, server, ann, try storeDraft(server, token: ann))
            } catch {
                _ = try? server.stop()
                throw error
            }
        } catch {
            gateway.stop()
            throw error
        }
    }

    /// The messages the fake SMS centre received for `number`.
    static func messages(to number: String, _ gateway: KannelGateway) -> [KannelGateway.Received] {
        gateway.received().filter { $0.to == number }
    }

    @Test("A code texted to one number does not sign after vehicle B's number changed; a new one does")
    func aCodeEndsWhenTheNumberChanges() throws {
        let (gateway, server, ann, draft) = try Self.serverWithDraft()
        defer { gateway.stop() }
        defer { _ = try? server.stop() }
        let (pages, review) = try Self.linkWithPart(server, report: draft.id, token: ann, phone: Self.stranger)
        let asked = try pages.post("/code", page: review, [])
        #expect(asked.status == 200)
        let texted = try #require(try gateway.waitForMessages(1).first)
        #expect(texted.to == Self.stranger)
        let code = try #require(texted.text.firstMatch(of: /(\d{6})/).map { String($0.1) })

        // The driver puts another number in vehicle B.
        var changed = try Self.get(draft.id, server, token: ann)
        var statement = changed.statement
        try statement.vehicleB.set(.policyholderPhone, to: Self.otherNumber)
        try changed.setStatement(statement)
        _ = try Self.put(changed, server, token: ann)

        let shown = try pages.get()
        #expect(shown.text.contains("+36•••"))
        let refused = try pages.post("/sign", page: shown, [("name", "Greta Müller"), ("code", code)])
        #expect(refused.status == 422)
        #expect(refused.text.contains("That code was texted for an earlier version of the statement, or to another number"))
        #expect(try Self.get(draft.id, server, token: ann).statement.signature(of: .b) == nil)

        // A code for the number the column holds now signs, and the signature names that number.
        let again = try pages.post("/code", page: refused, [])
        #expect(again.status == 200)
        let second = try gateway.waitForMessages(2)
        #expect(second.last?.to == Self.otherNumber)
        let newCode = try #require(second.last?.text.firstMatch(of: /(\d{6})/).map { String($0.1) })
        let signed = try pages.post("/sign", page: again, [("name", "Greta Müller"), ("code", newCode)])
        #expect(signed.status == 200)
        let held = try Self.get(draft.id, server, token: ann)
        #expect(held.statement.signature(of: .b)?.verification == .smsCode(try PhoneNumber(parsing: Self.otherNumber)))
    }

    @Test("Eight links for one report text one number no more than three codes in the hour; each page past it says so")
    func eightLinksCannotFloodANumber() throws {
        let (gateway, server, ann, draft) = try Self.serverWithDraft()
        defer { gateway.stop() }
        defer { _ = try? server.stop() }
        var refusals = 0
        var earlier: LinkPages?
        for _ in 0..<8 {
            let (pages, review) = try Self.linkWithPart(server, report: draft.id, token: ann, phone: Self.stranger)
            // The link before ended when this one was made.
            if let earlier {
                let ended = try earlier.get()
                #expect(ended.status == 410)
                #expect(ended.text.contains("This link was replaced"))
            }
            let asked = try pages.post("/code", page: review, [])
            if asked.status == 429 {
                refusals += 1
                #expect(asked.text.contains("3 codes were texted to this number in the last hour"), "\(asked.text.prefix(400))")
            } else {
                #expect(asked.status == 200)
            }
            earlier = pages
        }
        #expect(refusals == 5)
        _ = try gateway.waitForMessages(3)
        // Whatever was still on its way has arrived.
        Thread.sleep(forTimeInterval: 2)
        #expect(Self.messages(to: Self.stranger, gateway).count == 3)
        #expect(gateway.received().count == 3)
    }
}
