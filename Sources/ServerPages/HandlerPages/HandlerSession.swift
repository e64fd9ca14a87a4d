import Domain
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import ServerCore
import ServerHTTP
import WireAPI
import Wording

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
/// saved). A page that throws is a page saying what went wrong, never a JSON problem. What it answers itself is in the
/// handler's language (``PageLanguage``, chosen as the pages choose it).
package struct HandlerSessionMiddleware: RouterMiddleware {
    package typealias Context = HandlerRequestContext

    let services: ServerServices
    /// Whether the language cookie is marked `Secure` (the server's public address is https).
    let secureCookies: Bool

    package init(services: ServerServices, secureCookies: Bool) {
        self.services = services
        self.secureCookies = secureCookies
    }

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let language = PageLanguage(request, base: HandlerPaths.root, secure: secureCookies)
        let words = language.words
        guard let signedIn = try await Self.signedIn(request, services: services) else {
            var response = PageKit.redirect(to: HandlerPaths.signIn)
            response.set(language)
            return response
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
                return Self.problemPage(
                    HandlerProblem(
                        .badRequest, title: words("Invalid request"),
                        detail: words("The form could not be read, so nothing was saved. Open the page again and send it from there.")
                    ),
                    signedIn: signedIn, language: language
                )
            } catch {
                return Self.problemPage(
                    HandlerProblem(
                        .contentTooLarge, title: words("Body too large"),
                        detail: words(
                            "The form was larger than {size} KiB, so nothing was saved; shorten the message.",
                            ["size": words.number(HandlerPages.maximumFormBytes / 1_024)]
                        )
                    ),
                    signedIn: signedIn, language: language
                )
            }
            guard let sent = form.csrf, PageKit.same(signedIn.session.csrf, sent) else {
                return Self.problemPage(
                    HandlerProblem(
                        .forbidden, title: words("Invalid request"),
                        detail: words("The page was out of date, so nothing was saved. Open the page again and send the form from there.")
                    ),
                    signedIn: signedIn, language: language
                )
            }
        }
        do {
            return try await next(request, context)
        } catch {
            let problem = Self.problem(for: error, words: words)
            if problem.status.kind == .serverError {
                context.logger.error("a handler's page failed", metadata: ["route": "\(LogSafe.route(context))", "error": "\(LogSafe.describe(error))"])
            }
            return Self.problemPage(problem, signedIn: signedIn, language: language)
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

    /// A page saying what went wrong, signed in, in the page's language.
    static func problemPage(_ problem: HandlerProblem, signedIn: SignedIn?, language: PageLanguage) -> Response {
        var response = PageKit.html(
            HandlerViews.Problem(
                page: language, title: problem.title, handler: signedIn?.handler.name, csrf: signedIn?.session.csrf ?? "",
                detail: problem.detail
            ),
            template: "handler-problem", status: problem.status
        )
        if let retryAfter = problem.retryAfter { response.headers[.retryAfter] = String(retryAfter) }
        response.set(language)
        return response
    }

    /// What a page that threw says: a ``HandlerProblem`` as the page worded it; anything else by the problem the API
    /// would answer with (its status), worded for the handler.
    static func problem(for error: any Error, words: Words) -> HandlerProblem {
        if let problem = error as? HandlerProblem { return problem }
        if case let .claimNotFound(id)? = error as? ServerRefusal {
            return HandlerProblem(
                .notFound, title: words("No such claim"),
                detail: words("No submitted report has the claim id {id}. List the claims for their ids.", ["id": id.description])
            )
        }
        let problem = ProblemMiddleware<Context>.problem(for: error)
        let retryAfter = problem.headers[.retryAfter].flatMap { Int($0) }
        let detail: String = switch problem.type {
        case .storageFull:
            words("The disk holding the server's data is full, so nothing was stored. Try again later; the operator has been told.")
        case .storageUnavailable:
            words("The server cannot reach its storage now. Try again later.")
        case .rateLimited:
            retryAfter.map {
                words.plural("The server is busy right now. Try again in {count} second.", "The server is busy right now. Try again in {count} seconds.", count: $0)
            } ?? words("The server is busy right now. Try again in a moment.")
        case .revisionConflict:
            words("The report changed while this was being saved, so nothing was saved. Open the page again and send the form from there.")
        default:
            problem.status.kind == .serverError
                ? words("The server could not complete the request. Try again later.")
                : words("The server did not take this request, so nothing was saved. Go back to the list and try again.")
        }
        return HandlerProblem(problem.status, title: title(of: problem.type, words: words), detail: detail, retryAfter: retryAfter)
    }

    /// A problem's title, as the API names its type (`No such claim`), in the handler's language.
    static func title(of type: ProblemType, words: Words) -> String {
        switch type {
        case .notSignedIn: words("Not signed in")
        case .notFound: words("Not found")
        case .methodNotAllowed: words("Method not allowed")
        case .bodyTooLarge: words("Body too large")
        case .unsupportedMediaType: words("Unsupported media type")
        case .notAcceptable: words("Not acceptable")
        case .invalidRequest: words("Invalid request")
        case .invalidParameter: words("Invalid parameter")
        case .invalidReport: words("Invalid report")
        case .reportNotFound: words("No such report")
        case .partyNotFound: words("No such party")
        case .revisionConflict: words("Revision conflict")
        case .reportCompleted: words("Report completed")
        case .statementSigned: words("Statement signed")
        case .crashIdTaken: words("Crash ID taken")
        case .nothingToReport: words("Nothing to report")
        case .photosMissing: words("Photos missing")
        case .photoNotFound: words("No such photo")
        case .notAPhoto: words("Not an accepted photo")
        case .hashMismatch: words("Hash mismatch")
        case .uploadNotFound: words("No such upload")
        case .uploadOffsetMismatch: words("Upload offset mismatch")
        case .ambiguousReference: words("Reference names several users")
        case .userNotFound: words("No such user")
        case .smsNotFound: words("No such SMS")
        case .idempotencyKeyReused: words("Idempotency key reused")
        case .documentNotFound: words("Not submitted")
        case .claimNotFound: words("No such claim")
        case .storageUnavailable: words("Storage unavailable")
        case .rateLimited: words("Too many requests")
        case .quotaExceeded: words("Quota exceeded")
        case .storageFull: words("Storage full")
        case .changesExpired: words("Changes expired")
        case .internalError: words("Internal error")
        }
    }
}

/// What a handler's page could not do, worded in the handler's language by the page that knows why: the problem page's
/// title and sentence, and its status.
package struct HandlerProblem: Error {
    package let status: HTTPResponse.Status
    package let title: String
    package let detail: String
    /// Seconds to wait before asking again (`Retry-After`), when the server is busy.
    package let retryAfter: Int?

    package init(_ status: HTTPResponse.Status, title: String, detail: String, retryAfter: Int? = nil) {
        self.status = status
        self.title = title
        self.detail = detail
        self.retryAfter = retryAfter
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

/// The claim's next step as the desk's form sends it: the kind, every field the form has (only the kind's are read),
/// and the note.
package struct StatusForm: Decodable, Sendable, Hashable {
    package var status: String?
    package var name: String?
    package var phone: String?
    /// `2026-12-03T09:30`, in the crash scene's offset from UTC (the form says which).
    package var at: String?
    package var place: String?
    package var amount: String?
    package var currency: String?
    package var percent: String?
    package var repairer: String?
    package var address: String?
    package var note: String?

    package init() {}

    /// Each field trimmed, a note's line breaks as line feeds.
    package var tidied: StatusForm {
        func tidy(_ text: String?) -> String? { text?.trimmingCharacters(in: .whitespacesAndNewlines) }
        var form = self
        form.status = tidy(status)
        form.name = tidy(name)
        form.phone = tidy(phone)
        form.at = tidy(at)
        form.place = tidy(place)
        form.amount = tidy(amount)
        form.currency = tidy(currency)?.uppercased()
        form.percent = tidy(percent)
        form.repairer = tidy(repairer)
        form.address = tidy(address)
        form.note = tidy(note?.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n"))
        return form
    }

    /// The step the form names, its time read in the scene's offset from UTC.
    /// - Throws: ``InvalidReportData`` naming the field (`status.at`, `status.amount`, …).
    package func status(utcOffsetMinutes: Int) throws(InvalidReportData) -> ClaimStatus {
        guard let kind = status.flatMap(ClaimStatus.Kind.init(rawValue:)) else {
            throw InvalidReportData(field: "status.status", problem: .missing)
        }
        func money() throws(InvalidReportData) -> Money {
            guard let money = Money(amount: (amount ?? "").replacingOccurrences(of: ",", with: "."), currency: currency ?? "") else {
                throw InvalidReportData(field: "status.amount", problem: .invalid("an amount is digits with at most two decimals after a point, such as 1234.50"))
            }
            return money
        }
        switch kind {
        case .received: return .received
        case .closed: return .closed
        case .reopened: return .reopened
        case .assigned: return .assigned(name: name ?? "", phone: phone ?? "")
        case .inspectionBooked:
            guard let at = Self.localTime(at ?? "", offsetMinutes: utcOffsetMinutes) else {
                throw InvalidReportData(field: "status.at", problem: .invalid("a date and time such as 2026-12-03T09:30"))
            }
            return .inspectionBooked(at: at, place: place ?? "")
        case .estimate: return .estimate(try money())
        case .payment: return .payment(try money())
        case .responsibilityAssessed:
            guard let value = Int(percent ?? "") else {
                throw InvalidReportData(field: "status.percent", problem: .invalid("a whole number from 0 to 100"))
            }
            return .responsibilityAssessed(percent: value)
        case .vehicleAt: return .vehicleAt(repairer: repairer ?? "", address: address ?? "")
        }
    }

    /// A `datetime-local` value (`2026-12-03T09:30`, seconds allowed) at `offsetMinutes` from UTC.
    static func localTime(_ text: String, offsetMinutes: Int) -> Date? {
        let parts = text.split(separator: "T")
        guard parts.count == 2 else { return nil }
        let day = parts[0].split(separator: "-").compactMap { Int($0) }
        let clock = parts[1].split(separator: ":").compactMap { Int($0) }
        guard day.count == 3, (2...3).contains(clock.count), parts[0].count == 10 else { return nil }
        var components = DateComponents(
            timeZone: TimeZone(secondsFromGMT: offsetMinutes * 60), year: day[0], month: day[1], day: day[2], hour: clock[0], minute: clock[1],
            second: clock.count == 3 ? clock[2] : 0
        )
        components.calendar = Calendar(identifier: .gregorian)
        guard components.isValidDate, (2000...2100).contains(day[0]) else { return nil }
        return components.date
    }
}
