import Crypto
import Domain
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Mustache
import ServerCore
import ServerHTTP

/// The insurer's claims handlers' web pages, rendered on the server with no script: sign in with a handler's token
/// (a session cookie: `HttpOnly`, `SameSite=Strict`, `Secure` when the server's address is https), the submitted
/// reports with who was injured marked, one report with its photos by section, the scene on a map and the PDF, and
/// the form that acknowledges it with the insurer's claim number. Every form carries the session's CSRF value; every
/// page a strict `Content-Security-Policy` (nothing but this server's style sheet and images).
package struct HandlerPages {
    package let services: ServerServices
    /// Whether cookies are marked `Secure` (the server's public address is https).
    package let secureCookies: Bool

    package static let sessionCookie = "ca_handler_session"
    package static let signInCookie = "ca_handler_sign_in"
    /// How long a session lasts after signing in: a working day.
    package static let sessionLifetime: TimeInterval = 12 * 3_600
    /// The most sessions one handler keeps (browsers); the oldest end first.
    package static let sessionsPerHandler = 20
    /// The largest form a page takes: 16 KiB (a claim number and a message of 500 characters, escaped).
    package static let maximumFormBytes = 16 * 1_024
    package static let claimsPerPage = 50

    package static let securityHeaders: HTTPFields = [
        .contentSecurityPolicy: "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        .xContentTypeOptions: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
        HTTPField.Name("X-Frame-Options")!: "DENY",
        .cacheControl: "no-store",
    ]

    package func register(on router: Router<ServerRequestContext>, table: RouteTable) {
        router.get(RouterPath(HandlerPaths.root)) { request, _ in try await home(request) }
        router.get(RouterPath(HandlerPaths.signIn)) { request, _ in try await signInPage(request, error: nil, status: .ok) }
        router.post(RouterPath(HandlerPaths.signIn)) { request, context in try await signIn(request, context) }
        router.post(RouterPath(HandlerPaths.signOut)) { request, context in try await signOut(request, context) }
        router.get(RouterPath(HandlerPaths.claims)) { request, context in try await page(request, context) { try await list(request, $0) } }
        router.get(RouterPath(HandlerPaths.claimPattern)) { request, context in
            try await page(request, context) { try await claimPage(request, context, $0, error: nil, typed: nil) }
        }
        router.post(RouterPath(HandlerPaths.acknowledgePattern)) { request, context in try await acknowledge(request, context) }
        router.get(RouterPath(HandlerPaths.documentPattern)) { request, context in
            try await page(request, context) { _ in
                // A PDF keeps no content policy of the pages' (the browser's viewer draws it), but is not stored either.
                Self.withHeaders(try await ClaimFileRoutes.document(of: try await claim(context), services: services), Self.securityHeaders.filter { $0.name != .contentSecurityPolicy })
            }
        }
        router.get(RouterPath(HandlerPaths.photoPattern)) { request, context in
            try await page(request, context) { _ in
                Self.withHeaders(
                    try await ClaimFileRoutes.photo(context.parameters.get(HandlerPaths.photoParameter) ?? "", of: try await claim(context), services: services),
                    Self.securityHeaders
                )
            }
        }
        router.get(RouterPath(HandlerPaths.styleSheet)) { _, _ in
            var headers = Self.securityHeaders
            headers[.contentType] = "text/css; charset=utf-8"
            headers[.cacheControl] = "public, max-age=3600"
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: HandlerTemplates.styleSheet)))
        }
        for path in [HandlerPaths.root, HandlerPaths.claims, HandlerPaths.claimPattern, HandlerPaths.documentPattern, HandlerPaths.photoPattern, HandlerPaths.styleSheet] {
            table.record(path, .get)
        }
        table.record(HandlerPaths.signIn, .get)
        for path in [HandlerPaths.signIn, HandlerPaths.signOut, HandlerPaths.acknowledgePattern] { table.record(path, .post) }
    }

    // MARK: - Signing in and out

    /// A signed-in handler: their session and account.
    package struct SignedIn {
        package let session: HandlerSession
        package let handler: Account
    }

    /// The request's session, while it has not expired and its handler's token is still the one it was opened with.
    private func signedIn(_ request: Request) async throws -> SignedIn? {
        guard let value = Self.cookie(Self.sessionCookie, in: request), value.utf8.count <= 128 else { return nil }
        guard let session = try await services.sessions.session(for: TokenDigest(token: value), at: services.clock.now()),
              let account = try await services.accounts.account(for: session.tokenDigest),
              account.id == session.account, account.kind == .handler else { return nil }
        return SignedIn(session: session, handler: account)
    }

    private func home(_ request: Request) async throws -> Response {
        Self.redirect(to: try await signedIn(request) == nil ? HandlerPaths.signIn : HandlerPaths.claims)
    }

    /// The sign-in form, with a fresh value in a cookie and in the form (a form posted from elsewhere has neither).
    private func signInPage(_ request: Request, error: String?, status: HTTPResponse.Status) async throws -> Response {
        if error == nil, try await signedIn(request) != nil { return Self.redirect(to: HandlerPaths.claims) }
        let csrf = Self.randomValue()
        var response = Self.html(HandlerViews.SignIn(csrf: csrf, error: error), template: "sign-in", status: status)
        response.headers.append(HTTPField(name: .setCookie, value: cookie(Self.signInCookie, csrf, maxAge: 3_600)))
        return response
    }

    private func signIn(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        // A post without the sign-in page's cookie (from elsewhere, or a client with no page) is refused unread.
        guard let expected = Self.cookie(Self.signInCookie, in: request) else {
            return try await signInPage(request, error: "The sign-in form had expired. Paste your token again.", status: .forbidden)
        }
        let form: FormBody
        do {
            form = try await Self.form(request)
        } catch {
            return try await signInPage(request, error: "The form was too large to be a sign-in. Paste only the token.", status: .contentTooLarge)
        }
        guard let sent = form["csrf"], Self.same(expected, sent) else {
            return try await signInPage(request, error: "The sign-in form had expired. Paste your token again.", status: .forbidden)
        }
        let token = (form["token"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty, token.utf8.count <= 512 else {
            return try await signInPage(request, error: "Paste the handler token you were given.", status: .badRequest)
        }
        let digest = TokenDigest(token: token)
        guard let account = try await services.accounts.account(for: digest) else {
            return try await signInPage(
                request, error: "That token is not one this server knows. Ask the operator for a new one (crash-assistant-server handler add NAME).",
                status: .unauthorized
            )
        }
        guard account.kind == .handler else {
            return try await signInPage(request, error: "That token is a \(account.kind.rawValue)'s; these pages need a claims handler's token.", status: .unauthorized)
        }
        let value = AccessToken.generate()
        let now = services.clock.now()
        try await services.sessions.addSession(
            HandlerSession(
                digest: TokenDigest(token: value), account: account.id, tokenDigest: digest, csrf: Self.randomValue(),
                createdAt: now, expiresAt: now.addingTimeInterval(Self.sessionLifetime)
            ),
            keeping: Self.sessionsPerHandler
        )
        context.logger.info("a claims handler signed in", metadata: ["handler": "\(account.name)"])
        var response = Self.redirect(to: HandlerPaths.claims)
        response.headers.append(HTTPField(name: .setCookie, value: cookie(Self.sessionCookie, value, maxAge: Int(Self.sessionLifetime))))
        response.headers.append(HTTPField(name: .setCookie, value: cookie(Self.signInCookie, "", maxAge: 0)))
        return response
    }

    private func signOut(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        guard let signedIn = try await signedIn(request) else { return Self.redirect(to: HandlerPaths.signIn) }
        guard let form = try? await Self.form(request), let sent = form["csrf"], Self.same(signedIn.session.csrf, sent) else {
            return problemPage(APIProblem(.invalidRequest, "The page was out of date. Open it again and sign out from there."), signedIn: signedIn, status: .forbidden)
        }
        try await services.sessions.removeSession(signedIn.session.digest)
        var response = Self.redirect(to: HandlerPaths.signIn)
        response.headers.append(HTTPField(name: .setCookie, value: cookie(Self.sessionCookie, "", maxAge: 0)))
        return response
    }

    // MARK: - Pages

    /// Runs a page for a signed-in handler; otherwise to the sign-in form. A refusal is a page saying it.
    private func page(
        _ request: Request, _ context: ServerRequestContext, _ body: (SignedIn) async throws -> Response
    ) async throws -> Response {
        guard let signedIn = try await signedIn(request) else { return Self.redirect(to: HandlerPaths.signIn) }
        do {
            return try await body(signedIn)
        } catch {
            let problem = ProblemMiddleware<ServerRequestContext>.problem(for: error)
            if problem.status.kind == .serverError {
                context.logger.error("a handler's page failed", metadata: ["route": "\(LogSafe.route(context))", "error": "\(LogSafe.describe(error))"])
            }
            return problemPage(problem, signedIn: signedIn, status: problem.status)
        }
    }

    private func list(_ request: Request, _ signedIn: SignedIn) async throws -> Response {
        let show = request.uri.queryParameters.get("show") ?? "all"
        let acknowledged: Bool? = switch show {
        case "waiting": false
        case "acknowledged": true
        case "all": nil
        default: throw APIProblem.badParameter("show", "Show “all”, “waiting” or “acknowledged” reports.")
        }
        let position = try request.uri.queryParameters.get("cursor").map { text throws(APIProblem) in
            guard let position = ClaimPosition(cursor: text) else {
                throw .badParameter("cursor", "That page of the list is not one this server gave. Start from the first page.")
            }
            return position
        }
        let (claims, next) = try await services.claims.page(ClaimFilter(acknowledged: acknowledged), after: position, limit: Self.claimsPerPage)
        var rows: [HandlerViews.Row] = []
        for claim in claims { rows.append(HandlerViews.row(claim, driver: try await services.claims.policyholder(of: claim))) }
        let filters = [("all", "All"), ("waiting", "Waiting for a claim number"), ("acknowledged", "Acknowledged")].map { key, name in
            HandlerViews.Filter(name: name, href: HandlerPaths.claims + (key == "all" ? "" : "?show=\(key)"), current: key == show)
        }
        let caption = (position == nil ? "Newest submission first" : "Older submissions") + (rows.count == 1 ? ", 1 report" : ", \(rows.count) reports")
        let view = HandlerViews.ClaimList(
            handler: signedIn.handler.name, csrf: signedIn.session.csrf, filters: filters, caption: caption, rows: rows,
            next: next.map { HandlerPaths.claims + "?show=\(show)&cursor=" + ($0.cursor.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") }
        )
        return Self.html(view, template: "claims", status: .ok)
    }

    private func claimPage(
        _ request: Request, _ context: ServerRequestContext, _ signedIn: SignedIn, error: String?, typed: (String, String)?,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let claim = try await claim(context)
        let notice = request.uri.queryParameters.get("acknowledged") == "1" && error == nil
            ? claim.report.acknowledgement.map { "Acknowledged with claim \($0.claimNumber). The driver's app shows it at its next sync." }
            : nil
        let view = HandlerViews.claimPage(
            claim, driver: try await services.claims.policyholder(of: claim), handler: signedIn.handler, csrf: signedIn.session.csrf,
            notice: notice, error: error, claimNumberField: typed?.0, messageField: typed?.1
        )
        return Self.html(view, template: "claim", status: status)
    }

    private func acknowledge(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        try await page(request, context) { signedIn in
            let form: FormBody
            do {
                form = try await Self.form(request)
            } catch {
                throw APIProblem(.bodyTooLarge, "The form was larger than \(Self.maximumFormBytes / 1_024) KiB; shorten the message.")
            }
            guard let sent = form["csrf"], Self.same(signedIn.session.csrf, sent) else {
                throw APIProblem(.invalidRequest, "The page was out of date, so nothing was saved. Open the report again and send the form from there.")
            }
            // Browsers send a text area's line breaks as CR LF; a message keeps them as line feeds.
            let number = (form["claimNumber"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            let message = (form["message"] ?? "").replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let id = try APIHandler.claimID(context.parameters.get(HandlerPaths.claimParameter) ?? "")
            do {
                _ = try await services.claims.acknowledge(id, claimNumber: number, message: message, by: signedIn.handler)
            } catch ServerRefusal.invalidAcknowledgement(let error) {
                // Shown again with what was typed, and what to change.
                let field = String(error.field.dropFirst("acknowledgement.".count))
                let words = ProblemText.acknowledgementSentence(for: error.problem, field: field == "claimNumber" ? "claim number" : field)
                return try await claimPage(request, context, signedIn, error: words, typed: (number, message), status: .badRequest)
            }
            context.logger.info("a claim was acknowledged", metadata: ["claim": "\(id)", "handler": "\(signedIn.handler.name)"])
            return Self.redirect(to: HandlerPaths.claim(id) + "?acknowledged=1")
        }
    }

    private func claim(_ context: ServerRequestContext) async throws -> Claim {
        try await services.claims.claim(try APIHandler.claimID(context.parameters.get(HandlerPaths.claimParameter) ?? ""))
    }

    private func problemPage(_ problem: APIProblem, signedIn: SignedIn?, status: HTTPResponse.Status) -> Response {
        Self.html(
            HandlerViews.Problem(
                title: problem.type.title, handler: signedIn?.handler.name, csrf: signedIn?.session.csrf ?? "", detail: problem.detail,
                back: HandlerPaths.claims, backLabel: "All submitted reports"
            ),
            template: "problem", status: status
        )
    }

    // MARK: - Parts

    package static func html(
        _ view: Any, template: String, status: HTTPResponse.Status, library: MustacheLibrary = HandlerTemplates.library
    ) -> Response {
        let text = library.render(view, withTemplate: template) ?? ""
        var headers = securityHeaders
        headers[.contentType] = "text/html; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// The response with `headers` set over its own: a claim's files shown on the pages are not kept in a browser's
    /// cache (a shared computer at the insurer) and carry the pages' policies.
    package static func withHeaders(_ response: Response, _ headers: some Sequence<HTTPField>) -> Response {
        var response = response
        for field in headers { response.headers[field.name] = field.value }
        return response
    }

    package static func redirect(to path: String) -> Response {
        var headers = securityHeaders
        headers[.location] = path
        return Response(status: .seeOther, headers: headers)
    }

    private func cookie(_ name: String, _ value: String, maxAge: Int) -> String {
        "\(name)=\(value); Path=\(HandlerPaths.root); Max-Age=\(maxAge); HttpOnly; SameSite=Strict" + (secureCookies ? "; Secure" : "")
    }

    /// The value of the named cookie, if the request sends it.
    package static func cookie(_ name: String, in request: Request) -> String? {
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                if parts.count == 2, parts[0] == name, !parts[1].isEmpty { return String(parts[1]) }
            }
        }
        return nil
    }

    /// A form's fields, at most ``maximumFormBytes`` of them.
    package static func form(_ request: Request, upTo limit: Int = maximumFormBytes) async throws -> FormBody {
        FormBody(Array(buffer: try await request.body.collect(upTo: limit)))
    }

    /// 32 random bytes as hexadecimal: a CSRF value.
    package static func randomValue() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }

    /// Compares two secrets in time that does not depend on where they differ.
    package static func same(_ a: String, _ b: String) -> Bool {
        let left = Array(a.utf8), right = Array(b.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
