import Crypto
import Domain
import Foundation
import HTTPTypes
import Hummingbird
import Logging
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

    /// Two groups of routes, each with its middleware: the open pages (sign in, the style sheet) with the pages'
    /// headers; the signed-in pages with the headers, the session and the CSRF value (``HandlerSessionMiddleware``).
    package func register(on router: Router<ServerRequestContext>, table: RouteTable) {
        let open = router.group().add(middleware: PageHeadersMiddleware())
        open.get(RouterPath(HandlerPaths.root)) { request, _ in
            PageKit.redirect(to: try await HandlerSessionMiddleware.signedIn(request, services: services) == nil ? HandlerPaths.signIn : HandlerPaths.claims)
        }
        open.get(RouterPath(HandlerPaths.signIn)) { request, _ in try await signInPage(request, error: nil, status: .ok) }
        open.post(RouterPath(HandlerPaths.signIn)) { request, context in try await signIn(request, context) }
        open.get(RouterPath(HandlerPaths.styleSheet)) { _, _ in PageKit.styleSheet(PageTemplates.handlerStyleSheet) }

        let signedIn = router.group(context: HandlerRequestContext.self)
            .add(middleware: PageHeadersMiddleware())
            .add(middleware: HandlerSessionMiddleware(services: services))
        signedIn.post(RouterPath(HandlerPaths.signOut)) { _, context in try await signOut(context) }
        signedIn.get(RouterPath(HandlerPaths.claims)) { request, context in try await list(request, context.handler()) }
        signedIn.get(RouterPath(HandlerPaths.claimPattern)) { request, context in
            try await claimPage(request, context, context.handler(), error: nil, typed: nil)
        }
        signedIn.post(RouterPath(HandlerPaths.acknowledgePattern)) { request, context in try await acknowledge(request, context) }
        signedIn.get(RouterPath(HandlerPaths.documentPattern)) { _, context in
            try await ClaimFileRoutes.document(of: try await claim(context), services: services)
        }
        signedIn.get(RouterPath(HandlerPaths.photoPattern)) { _, context in
            try await ClaimFileRoutes.photo(context.parameters.get(HandlerPaths.photoParameter) ?? "", of: try await claim(context), services: services)
        }
        for path in [HandlerPaths.root, HandlerPaths.claims, HandlerPaths.claimPattern, HandlerPaths.documentPattern, HandlerPaths.photoPattern, HandlerPaths.styleSheet] {
            table.record(path, .get)
        }
        table.record(HandlerPaths.signIn, .get)
        for path in [HandlerPaths.signIn, HandlerPaths.signOut, HandlerPaths.acknowledgePattern] { table.record(path, .post) }
    }

    // MARK: - Signing in and out

    /// The sign-in form, with a fresh value in a cookie and in the form (a form posted from elsewhere has neither).
    private func signInPage(_ request: Request, error: String?, status: HTTPResponse.Status) async throws -> Response {
        if error == nil, try await HandlerSessionMiddleware.signedIn(request, services: services) != nil { return PageKit.redirect(to: HandlerPaths.claims) }
        let csrf = PageKit.randomValue()
        var response = PageKit.html(HandlerViews.SignIn(csrf: csrf, error: error), template: "handler-sign-in", status: status)
        response.setCookie(cookie(Self.signInCookie, csrf, maxAge: 3_600))
        return response
    }

    private func signIn(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        // A post without the sign-in page's cookie (from elsewhere, or a client with no page) is refused unread.
        guard let expected = PageKit.cookie(Self.signInCookie, in: request) else {
            return try await signInPage(request, error: "The sign-in form had expired. Paste your token again.", status: .forbidden)
        }
        let form: SignInForm
        do {
            form = try await PageKit.form(SignInForm.self, from: request, upTo: Self.maximumFormBytes)
        } catch .tooLarge {
            return try await signInPage(request, error: "The form was too large to be a sign-in. Paste only the token.", status: .contentTooLarge)
        } catch .unreadable {
            return try await signInPage(request, error: "The sign-in form could not be read. Paste your token again.", status: .badRequest)
        }
        guard let sent = form.csrf, PageKit.same(expected, sent) else {
            return try await signInPage(request, error: "The sign-in form had expired. Paste your token again.", status: .forbidden)
        }
        let token = (form.token ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
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
                digest: TokenDigest(token: value), account: account.id, tokenDigest: digest, csrf: PageKit.randomValue(),
                createdAt: now, expiresAt: now.addingTimeInterval(Self.sessionLifetime)
            ),
            keeping: Self.sessionsPerHandler
        )
        context.logger.info("a claims handler signed in", metadata: ["handler": "\(account.name)"])
        var response = PageKit.redirect(to: HandlerPaths.claims)
        response.setCookie(cookie(Self.sessionCookie, value, maxAge: Int(Self.sessionLifetime)))
        response.setCookie(cookie(Self.signInCookie, "", maxAge: 0))
        return response
    }

    private func signOut(_ context: HandlerRequestContext) async throws -> Response {
        try await services.sessions.removeSession(try context.handler().session.digest)
        var response = PageKit.redirect(to: HandlerPaths.signIn)
        response.setCookie(cookie(Self.sessionCookie, "", maxAge: 0))
        return response
    }

    // MARK: - Pages

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
        return PageKit.html(view, template: "handler-claims", status: .ok)
    }

    private func claimPage(
        _ request: Request, _ context: HandlerRequestContext, _ signedIn: SignedIn, error: String?, typed: (String, String)?,
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
        return PageKit.html(view, template: "handler-claim", status: status)
    }

    /// The acknowledgement, its form's CSRF value checked by the middleware.
    private func acknowledge(_ request: Request, _ context: HandlerRequestContext) async throws -> Response {
        let signedIn = try context.handler()
        let form = try context.decodedForm(AcknowledgementForm.self)
        // Browsers send a text area's line breaks as CR LF; a message keeps them as line feeds.
        let number = (form.claimNumber ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let message = (form.message ?? "").replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
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
        return PageKit.redirect(to: HandlerPaths.claim(id) + "?acknowledged=1")
    }

    private func claim(_ context: HandlerRequestContext) async throws -> Claim {
        try await services.claims.claim(try APIHandler.claimID(context.parameters.get(HandlerPaths.claimParameter) ?? ""))
    }

    private func cookie(_ name: String, _ value: String, maxAge: Int) -> Cookie {
        PageKit.cookie(name, value, path: HandlerPaths.root, maxAge: maxAge, secure: secureCookies)
    }
}
