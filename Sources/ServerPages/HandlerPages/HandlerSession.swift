import Domain
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import ServerCore
import ServerHTTP

/// A signed-in handler: their session and account.
package struct SignedIn: Sendable {
    package let session: HandlerSession
    package let handler: Account
}

/// The context of a request to a page for signed-in handlers: the server's, with who is signed in and the form they
/// posted, both set by ``HandlerSessionMiddleware`` before the page runs.
package struct HandlerRequestContext: ChildRequestContext {
    package var coreContext: CoreRequestContextStorage
    /// Set for every page of the group; a request without a session never reaches a page.
    package var signedIn: SignedIn?
    /// A posted form's bytes, read once its CSRF value matched the session's.
    package var form: ByteBuffer?

    package init(context: ServerRequestContext) {
        coreContext = context.coreContext
    }

    package var maxUploadSize: Int { ServerLimits.maximumBodyBytes }

    /// The signed-in handler (the middleware has set it on every page of the group).
    package func handler() throws -> SignedIn {
        guard let signedIn else { throw HTTPError(.unauthorized) }
        return signedIn
    }

    /// The posted form, decoded into its type.
    package func decodedForm<Form: Decodable>(_ type: Form.Type) throws(PageKit.FormError) -> Form {
        do {
            return try URLEncodedFormDecoder().decode(Form.self, from: form.map { String(buffer: $0) } ?? "")
        } catch {
            throw .unreadable
        }
    }
}

/// The one check every signed-in page goes through, in order, cheapest first: a session cookie the server gave, not
/// expired, its handler's token still the one it was opened with (else to the sign-in form); for a posted form, a
/// body within ``HandlerPages/maximumFormBytes`` carrying the session's CSRF value (else a page saying nothing was
/// saved). A page that throws is a page saying what went wrong, never a JSON problem.
package struct HandlerSessionMiddleware: RouterMiddleware {
    package typealias Context = HandlerRequestContext

    let services: ServerServices

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let signedIn = try await Self.signedIn(request, services: services) else {
            return PageKit.redirect(to: HandlerPaths.signIn)
        }
        var context = context
        context.signedIn = signedIn
        if request.method == .post {
            let form: CSRFForm
            do {
                let buffer = try await request.body.collect(upTo: HandlerPages.maximumFormBytes)
                context.form = buffer
                form = try context.decodedForm(CSRFForm.self)
            } catch is PageKit.FormError {
                return Self.problemPage(APIProblem(.invalidRequest, "The form could not be read, so nothing was saved. Open the page again and send it from there."), signedIn: signedIn)
            } catch {
                return Self.problemPage(
                    APIProblem(.bodyTooLarge, "The form was larger than \(HandlerPages.maximumFormBytes / 1_024) KiB, so nothing was saved; shorten the message."),
                    signedIn: signedIn
                )
            }
            guard let sent = form.csrf, PageKit.same(signedIn.session.csrf, sent) else {
                return Self.problemPage(
                    APIProblem(.invalidRequest, "The page was out of date, so nothing was saved. Open the page again and send the form from there."),
                    signedIn: signedIn, status: .forbidden
                )
            }
        }
        do {
            return try await next(request, context)
        } catch {
            let problem = ProblemMiddleware<Context>.problem(for: error)
            if problem.status.kind == .serverError {
                context.logger.error("a handler's page failed", metadata: ["route": "\(LogSafe.route(context))", "error": "\(LogSafe.describe(error))"])
            }
            return Self.problemPage(problem, signedIn: signedIn)
        }
    }

    /// The request's session, while it has not expired and its handler's token is still the one it was opened with.
    static func signedIn(_ request: Request, services: ServerServices) async throws -> SignedIn? {
        guard let value = PageKit.cookie(HandlerPages.sessionCookie, in: request) else { return nil }
        guard let session = try await services.sessions.session(for: TokenDigest(token: value), at: services.clock.now()),
              let account = try await services.accounts.account(for: session.tokenDigest),
              account.id == session.account, account.kind == .handler else { return nil }
        return SignedIn(session: session, handler: account)
    }

    /// A page saying what went wrong, signed in.
    static func problemPage(_ problem: APIProblem, signedIn: SignedIn?, status: HTTPResponse.Status? = nil) -> Response {
        PageKit.html(
            HandlerViews.Problem(
                title: problem.type.title, handler: signedIn?.handler.name, csrf: signedIn?.session.csrf ?? "", detail: problem.detail,
                back: HandlerPaths.claims, backLabel: "All submitted reports"
            ),
            template: "handler-problem", status: status ?? problem.status
        )
    }
}

// MARK: - The handlers' forms

/// Any form of a signed-in page: its CSRF value, checked by the middleware.
package struct CSRFForm: Decodable, Sendable {
    package let csrf: String?
}

/// The sign-in form: the value its page gave, and the handler's token.
package struct SignInForm: Decodable, Sendable {
    package let csrf: String?
    package let token: String?
}

/// The acknowledgement: the insurer's claim number, and a message to the driver.
package struct AcknowledgementForm: Decodable, Sendable {
    package let claimNumber: String?
    package let message: String?
}
