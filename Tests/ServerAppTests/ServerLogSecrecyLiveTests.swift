import Domain
import Foundation
import ServerCore
import ServerPages
import Testing
import TestSupport
import WireAPI
import ServerTestSupport

/// The server binary at `--log-level trace`, sent the traffic that carries every kind of secret it issues or takes:
/// bearer tokens (a driver's, a detector's, a handler's, and a wrong one), a statement link's token in its path, the
/// SMS gateway's delivery report token in its query, the handlers' session and sign-in cookies, the Kannel password, a
/// failure logged at error. None of them is in the log; the routes are, by their patterns.
@Suite("No secret in the log", .serialized, .ownThreads)
struct ServerLogSecrecyLiveTests {
    /// The value of the named cookie among an answer's `Set-Cookie` headers.
    static func cookie(_ name: String, in answer: LoopbackConnection.Answer) -> String? {
        for header in answer.setCookies where header.hasPrefix(name + "=") {
            let value = String(header.dropFirst(name.count + 1).prefix { $0 != ";" })
            if !value.isEmpty { return value }
        }
        return nil
    }

    static func formBody(_ fields: [(String, String)]) -> Data {
        Data(fields.map { $0 + "=" + ($1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") }.joined(separator: "&").utf8)
    }

    @Test("A trace-level log of every kind of request holds none of the tokens, cookies or passwords it carried")
    func noSecretInTheLog() throws {
        let gateway = try KannelGateway()
        defer { gateway.stop() }
        let port = try LoopbackPort.free()
        let server = try ServerProcess(port: port, arguments: [
            "--log-level", "trace", "--max-reports", "1",
            "--sms-url", gateway.smsURL() + "&report-url=http://127.0.0.1:\(port)",
        ])
        defer { _ = try? server.stop() }
        let ann = try server.add("ann")
        let detector = try server.add("detector-1", kind: "detector")
        let handler = try server.add("hana", kind: "handler")
        let json = [("Content-Type", "application/json")]
        var secrets = [ann, detector, handler, gateway.password]

        // A driver's report, and one past the quota: refused 507 and logged as a failure.
        var report = CrashReport.stub(injuries: [.myself], note: "white van")
        var statement = AccidentStatement()
        try statement.vehicleA.set(.plate, to: "ABC 123")
        try report.setStatement(statement)
        let saved = try LoopbackConnection.request(
            port: port, "PUT", "/v1/reports/\(report.id)", token: ann, headers: json,
            body: try WireCoding.encoder().encode(Components.Schemas.Report(report))
        )
        #expect(saved.status == 201)
        let second = CrashReport.stub(note: "second")
        let refused = try LoopbackConnection.request(
            port: port, "PUT", "/v1/reports/\(second.id)", token: ann, headers: json,
            body: try WireCoding.encoder().encode(Components.Schemas.Report(second))
        )
        #expect(refused.status == 507)
        // A token the server never issued.
        let wrong = AccessToken.generate()
        secrets.append(wrong)
        #expect(try LoopbackConnection.request(port: port, "GET", "/v1/reports", token: wrong).status == 401)

        // The other driver's link: its token in the path, the form's value in a cookie.
        let made = try LoopbackConnection.request(port: port, "POST", "/v1/reports/\(report.id)/statement-link", token: ann)
        #expect(made.status == 201)
        let url = try WireCoding.decoder().decode(Components.Schemas.StatementLink.self, from: made.body).url
        let linkPath = String(url[try #require(url.range(of: "/s/")).lowerBound...])
        secrets.append(String(linkPath.dropFirst(3)))
        let form = try LoopbackConnection.request(port: port, "GET", linkPath)
        #expect(form.status == 200)
        let formCSRF = try #require(Self.cookie(StatementPages.formCookie, in: form))
        secrets.append(formCSRF)
        let sent = try LoopbackConnection.request(
            port: port, "POST", linkPath,
            headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", "\(StatementPages.formCookie)=\(formCSRF)")],
            body: Self.formBody([("csrf", formCSRF), ("policyholderName", "Hans Müller"), ("policyholderPhone", "+4915123456789"), ("plate", "M-AB 1234")])
        )
        #expect(sent.status == 200)
        // The review: a code texted through Kannel, and the signature with it.
        let reviewCSRF = try #require(Self.cookie(StatementPages.formCookie, in: sent))
        secrets.append(reviewCSRF)
        let version = try #require(String(decoding: sent.body, as: UTF8.self).firstMatch(of: /name="version" value="([0-9a-f]{64})"/).map { String($0.1) })
        let reviewHeaders = [("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", "\(StatementPages.formCookie)=\(reviewCSRF)")]
        let asked = try LoopbackConnection.request(
            port: port, "POST", linkPath + "/code", headers: reviewHeaders, body: Self.formBody([("csrf", reviewCSRF), ("version", version)])
        )
        #expect(asked.status == 200)
        let texted = try #require(try gateway.waitForMessages(1).last { $0.to.hasSuffix("4915123456789") })
        let code = try #require(texted.text.removingPercentEncoding?.replacingOccurrences(of: "+", with: " ").firstMatch(of: /Crash Assistant: (\d{6})/).map { String($0.1) }, "\(texted)")
        let signCSRF = try #require(Self.cookie(StatementPages.formCookie, in: asked))
        let signed = try LoopbackConnection.request(
            port: port, "POST", linkPath + "/sign",
            headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", "\(StatementPages.formCookie)=\(signCSRF)")],
            body: Self.formBody([("csrf", signCSRF), ("version", version), ("name", "Hans Müller"), ("code", code)])
        )
        #expect(signed.status == 200)

        // A crash event: its SMS through Kannel, whose delivery reports carry their token in the query.
        let event = Components.Schemas.CrashEvent(
            user: "ann", eventId: "evt-log", detectedAt: Date().addingTimeInterval(-60),
            position: .init(latitude: 47.4979, longitude: 19.0402, accuracyMeters: 5, trusted: true),
            airbagsDeployed: true, rollover: false, test: false
        )
        let posted = try LoopbackConnection.request(
            port: port, "POST", "/v1/crash-events", token: detector, headers: json + [("Idempotency-Key", "evt-log")],
            body: try WireCoding.encoder().encode(event)
        )
        #expect(posted.status == 201)
        let crashID = try WireCoding.decoder().decode(Components.Schemas.CrashEventReceipt.self, from: posted.body).crashId
        try ServerSMSGatewayLiveTests.waitForState("delivered", server, crashID: crashID)

        // A claims handler signs in on the pages: a sign-in cookie, then a session cookie.
        let signInPage = try LoopbackConnection.request(port: port, "GET", "/handler/sign-in")
        let signInCSRF = try #require(Self.cookie(HandlerPages.signInCookie, in: signInPage))
        secrets.append(signInCSRF)
        let signedIn = try LoopbackConnection.request(
            port: port, "POST", "/handler/sign-in",
            headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Cookie", "\(HandlerPages.signInCookie)=\(signInCSRF)")],
            body: Self.formBody([("csrf", signInCSRF), ("token", handler)])
        )
        #expect(signedIn.status == 303)
        let session = try #require(Self.cookie(HandlerPages.sessionCookie, in: signedIn))
        secrets.append(session)
        let claims = try LoopbackConnection.request(port: port, "GET", "/handler/claims", headers: [("Cookie", "\(HandlerPages.sessionCookie)=\(session)")])
        #expect(claims.status == 200)

        _ = try server.stop()
        let log = server.output
        // The log was written at trace, routes by their patterns.
        #expect(log.contains("hb.request.route=/s/{token}"))
        #expect(log.contains("hb.request.route=/v1/sms/{messageId}/delivery"))
        #expect(log.contains("hb.request.route=/v1/reports/{reportID}"))
        #expect(log.contains("request failed"))
        for secret in secrets {
            #expect(!log.contains(secret), "the log holds a secret: \(secret.prefix(6))…")
        }
        // The code to sign (six digits, so looked for with the words around it).
        #expect(!log.contains("code \(code)") && !log.contains("code=\(code)") && !log.contains("\(code) signs"))
        #expect(!log.contains("token="))
        #expect(!log.lowercased().contains("authorization"))
        #expect(!log.lowercased().contains("cookie:"))
    }
}
