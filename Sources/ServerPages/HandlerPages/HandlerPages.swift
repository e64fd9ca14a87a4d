import Crypto
import Domain
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import ServerCore
import ServerHTTP
import WireAPI
import Wording

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
    /// Every page answers in the handler's language (``PageLanguage``), chosen for all the pages under
    /// ``HandlerPaths/root``: a language picked on one is remembered on all.
    package func register(on router: Router<ServerRequestContext>, table: RouteTable) {
        let open = RecordingRoutes(router.group().add(middleware: PageHeadersMiddleware()), table: table)
        open.get(HandlerPaths.root) { request, _ in
            try await inLanguage(request) { _ in
                PageKit.redirect(to: try await HandlerSessionMiddleware.signedIn(request, services: services) == nil ? HandlerPaths.signIn : HandlerPaths.claims)
            }
        }
        open.get(HandlerPaths.signIn) { request, _ in
            try await inLanguage(request) { language in try await signInPage(request, error: nil, status: .ok, language: language) }
        }
        open.post(HandlerPaths.signIn) { request, context in
            try await inLanguage(request) { language in try await signIn(request, context, language) }
        }
        open.get(HandlerPaths.styleSheet) { _, _ in PageKit.styleSheet(PageTemplates.handlerStyleSheet) }

        let signedIn = RecordingRoutes(
            router.group(context: HandlerRequestContext.self)
                .add(middleware: PageHeadersMiddleware())
                .add(middleware: HandlerSessionMiddleware(services: services, secureCookies: secureCookies)),
            table: table
        )
        signedIn.post(HandlerPaths.signOut) { request, context in
            try await inLanguage(request) { _ in try await signOut(context) }
        }
        signedIn.get(HandlerPaths.claims) { request, context in
            try await inLanguage(request) { language in try await list(request, context.handler(), language) }
        }
        signedIn.get(HandlerPaths.claimPattern) { request, context in
            try await inLanguage(request) { language in
                try await claimPage(request, context, context.handler(), error: nil, typed: nil, language: language)
            }
        }
        signedIn.post(HandlerPaths.acknowledgePattern) { request, context in
            try await inLanguage(request) { language in try await acknowledge(request, context, language) }
        }
        signedIn.post(HandlerPaths.statusPattern) { request, context in
            try await inLanguage(request) { language in try await recordStatus(request, context, language) }
        }
        // A file's answer says no language; a page saying why there is none is in the handler's.
        signedIn.get(HandlerPaths.documentPattern) { request, context in
            try await document(context, words: pageLanguage(request).words)
        }
        signedIn.get(HandlerPaths.photoPattern) { request, context in
            try await photo(context, words: pageLanguage(request).words)
        }
    }

    /// The handler's language for a request: picked with `?lang=`, else remembered for the pages, else the browser's.
    private func pageLanguage(_ request: Request) -> PageLanguage {
        PageLanguage(request, base: HandlerPaths.root, secure: secureCookies)
    }

    /// Answers in the handler's language (``PageLanguage``), saying it (`Content-Language`) and remembering one just
    /// picked, for all the handlers' pages.
    private func inLanguage(_ request: Request, _ answer: (PageLanguage) async throws -> Response) async throws -> Response {
        let language = pageLanguage(request)
        var response = try await answer(language)
        response.set(language)
        return response
    }

    // MARK: - Signing in and out

    /// The sign-in form, with a fresh value in a cookie and in the form (a form posted from elsewhere has neither).
    private func signInPage(_ request: Request, error: String?, status: HTTPResponse.Status, language: PageLanguage) async throws -> Response {
        if error == nil, try await HandlerSessionMiddleware.signedIn(request, services: services) != nil { return PageKit.redirect(to: HandlerPaths.claims) }
        let csrf = PageKit.randomValue()
        var response = PageKit.html(HandlerViews.SignIn(page: language, csrf: csrf, error: error), template: "handler-sign-in", status: status)
        response.setCookie(cookie(Self.signInCookie, csrf, maxAge: 3_600))
        return response
    }

    private func signIn(_ request: Request, _ context: ServerRequestContext, _ language: PageLanguage) async throws -> Response {
        let words = language.words
        func refused(_ error: String, _ status: HTTPResponse.Status) async throws -> Response {
            try await signInPage(request, error: error, status: status, language: language)
        }
        // A post without the sign-in page's cookie (from elsewhere, or a client with no page) is refused unread.
        guard let expected = PageKit.cookie(Self.signInCookie, in: request) else {
            return try await refused(words("The sign-in form had expired. Paste your token again."), .forbidden)
        }
        let form: SignInForm
        do {
            form = try await PageKit.form(SignInForm.self, from: request, upTo: Self.maximumFormBytes)
        } catch .tooLarge {
            return try await refused(words("The form was too large to be a sign-in. Paste only the token."), .contentTooLarge)
        } catch .unreadable {
            return try await refused(words("The sign-in form could not be read. Paste your token again."), .badRequest)
        }
        guard let sent = form.csrf, PageKit.same(expected, sent) else {
            return try await refused(words("The sign-in form had expired. Paste your token again."), .forbidden)
        }
        let token = (form.token ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty, token.utf8.count <= 512 else {
            return try await refused(words("Paste the handler token you were given."), .badRequest)
        }
        let digest = TokenDigest(token: token)
        guard let account = try await services.accounts.account(for: digest) else {
            return try await refused(
                words(
                    "That token is not one this server knows. Ask the operator for a new one ({command}).",
                    ["command": "crash-assistant-server handler add NAME"]
                ),
                .unauthorized
            )
        }
        switch account.kind {
        case .handler: break
        case .user: return try await refused(words("That token is a user's; these pages need a claims handler's token."), .unauthorized)
        case .detector: return try await refused(words("That token is a detector's; these pages need a claims handler's token."), .unauthorized)
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

    private func list(_ request: Request, _ signedIn: SignedIn, _ language: PageLanguage) async throws -> Response {
        let words = language.words
        let show = request.uri.queryParameters.get("show") ?? "all"
        let acknowledged: Bool? = switch show {
        case "waiting": false
        case "acknowledged": true
        case "all": nil
        default: throw HandlerProblem(.badRequest, title: words("Invalid parameter"), detail: words("Show “all”, “waiting” or “acknowledged” reports."))
        }
        let position = try request.uri.queryParameters.get("cursor").map { text throws(HandlerProblem) in
            guard let position = ClaimPosition(cursor: text) else {
                throw HandlerProblem(
                    .badRequest, title: words("Invalid parameter"),
                    detail: words("That page of the list is not one this server gave. Start from the first page.")
                )
            }
            return position
        }
        let (claims, next) = try await services.claims.page(ClaimFilter(acknowledged: acknowledged), after: position, limit: Self.claimsPerPage)
        var rows: [HandlerViews.Row] = []
        for claim in claims {
            rows.append(HandlerViews.row(
                claim, driver: try await services.claims.policyholder(of: claim), pending: try await services.claims.photosPending(of: claim), words: words
            ))
        }
        let filters = [
            ("all", words("All", context: "reports shown")), ("waiting", words("Waiting for a claim number")),
            ("acknowledged", words("Acknowledged", context: "reports shown")),
        ].map { key, name in
            HandlerViews.Filter(name: name, href: HandlerPaths.claims + (key == "all" ? "" : "?show=\(key)"), current: key == show)
        }
        let caption = position == nil
            ? words.plural("Newest submission first, {count} report", "Newest submission first, {count} reports", count: rows.count)
            : words.plural("Older submissions, {count} report", "Older submissions, {count} reports", count: rows.count)
        let view = HandlerViews.ClaimList(
            page: language, handler: signedIn.handler.name, csrf: signedIn.session.csrf, filters: filters, caption: caption, rows: rows,
            next: next.map { HandlerPaths.claims + "?show=\(show)&cursor=" + ($0.cursor.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") },
            // On the first page: who asked for help comes before any list.
            helpCalls: position == nil ? try await services.replies.helpCalls().map { HandlerViews.helpCall($0, words: words) } : []
        )
        return PageKit.html(view, template: "handler-claims", status: .ok)
    }

    private func claimPage(
        _ request: Request, _ context: HandlerRequestContext, _ signedIn: SignedIn, error: String?, typed: (String, String)?,
        statusError: String? = nil, statusTyped: StatusForm? = nil, status: HTTPResponse.Status = .ok, language: PageLanguage
    ) async throws -> Response {
        let words = language.words
        let claim = try await claim(context, words: words)
        var notice = request.uri.queryParameters.get("acknowledged") == "1" && error == nil
            ? claim.report.acknowledgement.map {
                words("Acknowledged with claim {claimNumber}. The driver's app shows it at its next sync.", ["claimNumber": $0.claimNumber])
            }
            : nil
        if request.uri.queryParameters.get("status") == "1", statusError == nil, let latest = claim.report.claimStatus {
            notice = words("Recorded: {step}. The driver's app shows it at its next sync.", [
                "step": ClaimStatusWords(words).kind(latest.status.kind),
            ])
        }
        let view = HandlerViews.claimPage(
            claim, driver: try await services.claims.policyholder(of: claim), pending: try await services.claims.photosPending(of: claim),
            record: try await services.claims.signingRecord(of: claim), deliveries: try await services.claims.deliveries(of: claim),
            replies: try await services.replies.replies(to: claim), handler: signedIn.handler, csrf: signedIn.session.csrf,
            notice: notice, error: error, claimNumberField: typed?.0, messageField: typed?.1, statusError: statusError,
            statusForm: statusTyped, page: language
        )
        return PageKit.html(view, template: "handler-claim", status: status)
    }

    /// The acknowledgement, its form's CSRF value checked by the middleware.
    private func acknowledge(_ request: Request, _ context: HandlerRequestContext, _ language: PageLanguage) async throws -> Response {
        let words = language.words
        let signedIn = try context.handler()
        let form: AcknowledgementForm
        do {
            form = try context.decodedForm(AcknowledgementForm.self)
        } catch {
            throw HandlerProblem(
                .badRequest, title: words("Invalid request"),
                detail: words("The form could not be read, so nothing was saved. Open the page again and send it from there.")
            )
        }
        // Browsers send a text area's line breaks as CR LF; a message keeps them as line feeds.
        let number = (form.claimNumber ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let message = (form.message ?? "").replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let id = try claimID(context, words: words)
        do {
            _ = try await services.claims.acknowledge(id, claimNumber: number, message: message, by: signedIn.handler)
        } catch ServerRefusal.invalidAcknowledgement(let error) {
            // Shown again with what was typed, and what to change.
            return try await claimPage(
                request, context, signedIn, error: Self.sentence(error, words: words), typed: (number, message), status: .badRequest, language: language
            )
        }
        context.logger.info("a claim was acknowledged", metadata: ["claim": "\(id)", "handler": "\(signedIn.handler.name)"])
        return PageKit.redirect(to: HandlerPaths.claim(id) + "?acknowledged=1")
    }

    /// The claim's next step, its form's CSRF value checked by the middleware.
    private func recordStatus(_ request: Request, _ context: HandlerRequestContext, _ language: PageLanguage) async throws -> Response {
        let words = language.words
        let signedIn = try context.handler()
        let form: StatusForm
        do {
            form = try context.decodedForm(StatusForm.self).tidied
        } catch {
            throw HandlerProblem(
                .badRequest, title: words("Invalid request"),
                detail: words("The form could not be read, so nothing was saved. Open the page again and send it from there.")
            )
        }
        let id = try claimID(context, words: words)
        let claim = try await claim(context, words: words)
        do {
            let status: ClaimStatus
            do {
                status = try form.status(utcOffsetMinutes: claim.report.effectiveScene.scene.utcOffsetMinutes ?? 0)
            } catch {
                throw ServerRefusal.invalidClaimStatus(error)
            }
            _ = try await services.claims.recordStatus(id, status, note: form.note ?? "", by: signedIn.handler)
        } catch ServerRefusal.invalidClaimStatus(let error) {
            // Shown again with what was typed, and what to change.
            return try await claimPage(
                request, context, signedIn, error: nil, typed: nil, statusError: Self.statusSentence(error, words: words), statusTyped: form,
                status: .badRequest, language: language
            )
        }
        context.logger.info("a claim's status was recorded", metadata: ["claim": "\(id)", "handler": "\(signedIn.handler.name)"])
        return PageKit.redirect(to: HandlerPaths.claim(id) + "?status=1#status-heading")
    }

    /// What is wrong with a status step, in the handler's words.
    static func statusSentence(_ error: InvalidReportData, words: Words) -> String {
        let field: String = switch error.field {
        case "status.status": words("Status", context: "a claim's")
        case "status.name": words("Handler's name", context: "a claim's status")
        case "status.phone": words("Handler's phone", context: "a claim's status")
        case "status.at": words("Inspection: when", context: "a claim's status")
        case "status.place": words("Inspection: where", context: "a claim's status")
        case "status.amount": words("Amount", context: "a claim's status")
        case "status.currency": words("Currency", context: "a claim's status")
        case "status.percent": words("Responsibility, %", context: "a claim's status")
        case "status.repairer": words("Repairer", context: "a claim's status")
        case "status.address": words("Repairer's address", context: "a claim's status")
        default: words("Note to the driver", context: "a claim's status")
        }
        return switch error.problem {
        case .missing: words("{field}: fill this in for the status chosen.", ["field": field])
        case .outOfRange, .invalid: words("{field}: this is not one the desk takes; check the example beside it.", ["field": field])
        case .spacesAround: words("{field}: remove the spaces before or after it.", ["field": field])
        default: words("{field}: shorten it, and use plain text.", ["field": field])
        }
    }

    /// The claim's PDF; a page saying why when there is none yet.
    private func document(_ context: HandlerRequestContext, words: Words) async throws -> Response {
        let claim = try await claim(context, words: words)
        do {
            return try await ClaimFileRoutes.document(of: claim, services: services)
        } catch let problem as APIProblem where problem.type == .documentNotFound {
            let pending = try await services.claims.photosPending(of: claim)
            let detail = HandlerViews.arriving(pending, of: claim.report, words: words).map {
                words("The PDF of {crashID} is drawn once its photos are in: {arriving}.", ["crashID": claim.report.crashID.rawValue, "arriving": $0])
            } ?? words("The PDF of {crashID} is still being made; ask again in a moment.", ["crashID": claim.report.crashID.rawValue])
            throw HandlerProblem(.notFound, title: words("Not drawn yet"), detail: detail)
        }
    }

    /// One of the claim's photos; a page saying why when it is not one.
    private func photo(_ context: HandlerRequestContext, words: Words) async throws -> Response {
        let claim = try await claim(context, words: words)
        let text = context.parameters.get(HandlerPaths.photoParameter) ?? ""
        do {
            return try await ClaimFileRoutes.photo(text, of: claim, services: services)
        } catch let problem as APIProblem where problem.type == .invalidParameter {
            throw HandlerProblem(
                .badRequest, title: words("Invalid parameter"),
                detail: words("“{text}” is not a SHA-256 (64 hexadecimal digits).", ["text": String(text.prefix(80))])
            )
        } catch let problem as APIProblem where problem.type == .photoNotFound {
            throw HandlerProblem(
                .notFound, title: words("No such photo"),
                detail: words(
                    "The report of {crashID} has no photo with SHA-256 {sha256}.",
                    ["crashID": claim.report.crashID.rawValue, "sha256": (try? ContentHash(hex: text))?.hex ?? String(text.prefix(80))]
                )
            )
        }
    }

    /// The claim the path names (``HandlerSessionMiddleware`` words a claim that is not there).
    private func claim(_ context: HandlerRequestContext, words: Words) async throws -> Claim {
        try await services.claims.claim(try claimID(context, words: words))
    }

    private func claimID(_ context: HandlerRequestContext, words: Words) throws(HandlerProblem) -> ClaimID {
        let text = context.parameters.get(HandlerPaths.claimParameter) ?? ""
        guard let id = ClaimID(text: text) else {
            throw HandlerProblem(
                .badRequest, title: words("Invalid parameter"),
                detail: words("“{text}” is not a claim id (a UUID, as the list of claims gives it).", ["text": String(text.prefix(64))])
            )
        }
        return id
    }

    /// A claim number or message the handler typed that breaks its rule, in the handler's words: what to change.
    static func sentence(_ error: InvalidReportData, words: Words) -> String {
        switch (error.field, error.problem) {
        case ("acknowledgement.claimNumber", .missing):
            words("Give the claim number.")
        case let ("acknowledgement.claimNumber", .tooLong(count, limit)):
            words.plural(
                "The claim number has {count} character; at most {limit} are taken.", "The claim number has {count} characters; at most {limit} are taken.",
                count: count, ["limit": words.number(limit)]
            )
        case let ("acknowledgement.claimNumber", .tooLarge(bytes, limit)):
            words.plural(
                "The claim number has {count} byte; at most {limit} are taken.", "The claim number has {count} bytes; at most {limit} are taken.",
                count: bytes, ["limit": words.number(limit)]
            )
        case ("acknowledgement.claimNumber", .spacesAround):
            words("The claim number has spaces before or after it; give it without.")
        case let ("acknowledgement.claimNumber", .characterNotAllowed(code)), let ("acknowledgement.claimNumber", .controlCharacter(code)):
            words(
                "The claim number holds the character {character}; letters, digits, spaces and - / . _ # only.",
                ["character": ProblemText.codePoint(code)]
            )
        case ("acknowledgement.claimNumber", _):
            words("The claim number is not one the server takes.")
        case let ("acknowledgement.message", .tooLong(count, limit)):
            words.plural(
                "The message has {count} character; at most {limit} are taken.", "The message has {count} characters; at most {limit} are taken.",
                count: count, ["limit": words.number(limit)]
            )
        case let ("acknowledgement.message", .tooLarge(bytes, limit)):
            words.plural(
                "The message has {count} byte; at most {limit} are taken.", "The message has {count} bytes; at most {limit} are taken.",
                count: bytes, ["limit": words.number(limit)]
            )
        case let ("acknowledgement.message", .controlCharacter(code)):
            words("The message holds the control character {character}; give plain text.", ["character": ProblemText.codePoint(code)])
        case ("acknowledgement.message", _):
            words("The message is not one the server takes.")
        default:
            words("The acknowledgement is not one the server takes; nothing was saved.")
        }
    }

    private func cookie(_ name: String, _ value: String, maxAge: Int) -> Cookie {
        PageKit.cookie(name, value, path: HandlerPaths.root, maxAge: maxAge, secure: secureCookies)
    }
}
