import Domain
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServerCore
import ServerHTTP
import Wording

/// The other driver's page, opened from the link the driver gave them (`/s/<token>`): a form for their own part of
/// the accident statement — policyholder, vehicle, insurance, driver, point of impact, damage, the 17 circumstances,
/// remarks — mobile first, no script, dates in the browser's own date fields. It shows nothing of the driver's data
/// beyond the crash's date, time and place. The form carries a CSRF value also kept in a short cookie; a refused
/// field shows the form again with everything typed and the rule next to the field.
package struct StatementPages {
    package let services: ServerServices
    package let secureCookies: Bool

    package static let formCookie = "ca_statement_form"
    /// The largest form taken: 64 KiB (every field at its limit, percent-encoded).
    package static let maximumFormBytes = 64 * 1_024
    /// The largest code, signature or decline form taken: 8 KiB (a reason at its limit, percent-encoded).
    package static let maximumDecisionBytes = 8 * 1_024

    /// One group of routes with the pages' headers: the form, its answer, the style sheet.
    package func register(on router: Router<ServerRequestContext>, table: RouteTable) {
        let pages = RecordingRoutes(router.group().add(middleware: PageHeadersMiddleware()), table: table)
        pages.get(StatementPaths.pattern) { request, context in try await inLanguage(request, context, show) }
        pages.post(StatementPaths.pattern) { request, context in try await inLanguage(request, context, submit) }
        pages.get(StatementPaths.styleSheet) { _, _ in PageKit.styleSheet(PageTemplates.statementStyleSheet) }
        pages.post(StatementPaths.codePattern) { request, context in try await inLanguage(request, context, sendCode) }
        pages.post(StatementPaths.signPattern) { request, context in try await inLanguage(request, context, sign) }
        pages.post(StatementPaths.declinePattern) { request, context in try await inLanguage(request, context, decline) }
        pages.get(StatementPaths.copyPattern) { request, context in try await inLanguage(request, context, copy) }
    }

    private func token(_ context: ServerRequestContext) -> String {
        context.parameters.get(StatementPaths.tokenParameter) ?? ""
    }

    /// Answers in the reader's language (``PageLanguage``), chosen for the link's own path: a token that could not be
    /// a cookie's path (it is checked as a link later) gives the pages' common path.
    private func inLanguage(
        _ request: Request, _ context: ServerRequestContext,
        _ answer: (Request, ServerRequestContext, PageLanguage) async throws -> Response
    ) async throws -> Response {
        let token = token(context)
        let safe = !token.isEmpty && token.utf8.count <= 128
            && token.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") }
        let language = PageLanguage(request, base: safe ? StatementPaths.page(token) : "/s", secure: secureCookies)
        var response = try await answer(request, context, language)
        response.set(language)
        return response
    }

    // MARK: - Pages

    private func show(_ request: Request, _ context: ServerRequestContext, _ language: PageLanguage) async throws -> Response {
        let token = token(context)
        return try await page(for: services.statementSharing.open(token), token: token, language: language)
    }

    /// The page a link's state shows: the form, the review, what was decided, or why it is closed.
    private func page(
        for opened: StatementSharing.Opened, token: String, review state: StatementViews.ReviewState = .init(),
        status: HTTPResponse.Status = .ok, language: PageLanguage
    ) -> Response {
        switch opened {
        case let .open(link, report):
            return form(report, link.pair, token: token, typed: nil, errors: [:], notice: nil, status: status, language: language)
        case let .review(link, report):
            return review(report, link.pair, token: token, state: state, status: status, language: language)
        case let .decided(link, report, record):
            return PageKit.html(
                StatementViews.decided(report: report, pair: link.pair, record: record, token: token, keptUntil: link.expiresAt, page: language),
                template: "statement-decided",
                status: status
            )
        case .expired, .replaced, .completed, .withdrawn, .unknown:
            return closed(opened, language: language)
        }
    }

    /// The review of the whole front side of the link's statement (`pair`), with a fresh CSRF value in its forms and in
    /// the cookie.
    private func review(
        _ report: CrashReport, _ pair: StatementPair, token: String, state: StatementViews.ReviewState, status: HTTPResponse.Status,
        language: PageLanguage
    ) -> Response {
        let csrf = PageKit.randomValue()
        var response = PageKit.html(
            StatementViews.review(report: report, pair: pair, token: token, csrf: csrf, state: state, page: language), template: "statement-review",
            status: status
        )
        response.setCookie(cookie(csrf, maxAge: 24 * 3_600))
        return response
    }

    // MARK: - Signing and declining

    /// Reads a decision's form (its CSRF value checked): the link's state and the form, or the page to show instead.
    private func decisionForm(
        _ request: Request, _ context: ServerRequestContext, _ language: PageLanguage
    ) async throws -> Result<(token: String, report: CrashReport, pair: StatementPair, form: StatementDecisionForm), PageAnswer> {
        let words = language.words
        let token = token(context)
        let opened = try await services.statementSharing.open(token)
        // Only a statement under review takes these forms (checked before anything is read).
        guard case let .review(link, report) = opened else {
            return .failure(PageAnswer(page(for: opened, token: token, status: .conflict, language: language)))
        }
        let form: StatementDecisionForm
        do {
            form = try await PageKit.form(StatementDecisionForm.self, from: request, upTo: Self.maximumDecisionBytes)
        } catch {
            return .failure(PageAnswer(review(
                report, link.pair, token: token, state: .init(error: words("The form could not be read. Nothing was recorded; try again.")),
                status: .badRequest, language: language
            )))
        }
        guard let expected = PageKit.cookie(Self.formCookie, in: request), let sent = form.csrf, PageKit.same(expected, sent) else {
            return .failure(PageAnswer(review(
                report, link.pair, token: token, state: .init(error: words("The page had been open too long. Nothing was recorded; try again.")),
                status: .forbidden, language: language
            )))
        }
        return .success((token, report, link.pair, form))
    }

    private func sendCode(_ request: Request, _ context: ServerRequestContext, _ language: PageLanguage) async throws -> Response {
        let read = try await decisionForm(request, context, language)
        guard case let .success((token, report, pair, _)) = read else { return read.answer }
        let words = language.words
        let dates = words.dates(StatementViews.utc.at(report.scene))
        var state = StatementViews.ReviewState()
        var status = HTTPResponse.Status.ok
        switch try await services.statementSharing.sendCode(token, words: words) {
        case let .sent(phone, expiresAt):
            context.logger.info("a code to sign a statement was queued", metadata: ["report": "\(report.id)", "to": "\(phone.masked)"])
            state.codeNotice = words.plural(
                "We texted a 6-digit code to {phone}. It works until {time}, for {count} try.",
                "We texted a 6-digit code to {phone}. It works until {time}, for {count} tries.",
                count: StatementSharing.codeTries, ["phone": phone.masked, "time": dates.time(expiresAt)]
            )
        case let .tooMany(nextAt, ceiling, limit):
            let time = ["time": dates.time(nextAt)]
            state.codeRefusal = switch ceiling {
            case .link: words.plural(
                "{count} code was texted in the last hour. You can ask for another at {time}; a code you received meanwhile still works.",
                "{count} codes were texted in the last hour. You can ask for another at {time}; a code you received meanwhile still works.",
                count: limit, time
            )
            case .phone: words.plural(
                "{count} code was texted to this number in the last hour, the most we send to one number. You can ask for another at {time}; a code you received meanwhile still works.",
                "{count} codes were texted to this number in the last hour, the most we send to one number. You can ask for another at {time}; a code you received meanwhile still works.",
                count: limit, time
            )
            case .statement: words.plural(
                "{count} code was texted for this statement in the last hour, the most we send for one statement. You can ask for another at {time}; a code you received meanwhile still works.",
                "{count} codes were texted for this statement in the last hour, the most we send for one statement. You can ask for another at {time}; a code you received meanwhile still works.",
                count: limit, time
            )
            }
            status = .tooManyRequests
        case .noPhone:
            state.codeRefusal = words("Your part has no mobile number, so no code can be texted to you.")
            status = .conflict
        case let .notMobile(phone):
            state.codeRefusal = words(
                "The number in your part, {phone}, is {kind}: no code can be texted to it. Ask the other driver to put your mobile number in vehicle B in their app; this page shows it once their app has sent it.",
                ["phone": phone.masked, "kind": FactText(words).line(phone.line)]
            )
            status = .conflict
        case let .refused(opened):
            return page(for: opened, token: token, status: .conflict, language: language)
        }
        return review(report, pair, token: token, state: state, status: status, language: language)
    }

    private func sign(_ request: Request, _ context: ServerRequestContext, _ language: PageLanguage) async throws -> Response {
        let read = try await decisionForm(request, context, language)
        guard case let .success((token, report, pair, form)) = read else { return read.answer }
        let name = form.name ?? ""
        let outcome = try await services.statementSharing.sign(token, name: name, code: form.code ?? "", version: form.version ?? "")
        var state = StatementViews.ReviewState()
        state.name = name
        return try await answer(outcome, token: token, report: report, pair: pair, state: state, context: context, language: language) { state, error in
            state.nameError = Self.sentence(error, language.words)
        }
    }

    private func decline(_ request: Request, _ context: ServerRequestContext, _ language: PageLanguage) async throws -> Response {
        let read = try await decisionForm(request, context, language)
        guard case let .success((token, report, pair, form)) = read else { return read.answer }
        let reason = (form.reason ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        var state = StatementViews.ReviewState()
        state.reason = reason
        if reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            state.reasonError = language.words("Say why you do not agree: the insurers read it.")
            return review(report, pair, token: token, state: state, status: .badRequest, language: language)
        }
        let outcome = try await services.statementSharing.decline(token, reason: reason, version: form.version ?? "")
        return try await answer(outcome, token: token, report: report, pair: pair, state: state, context: context, language: language) { state, error in
            state.reasonError = Self.sentence(error, language.words)
        }
    }

    /// The page after a signature or a decline was tried.
    private func answer(
        _ outcome: StatementSharing.Decided, token: String, report: CrashReport, pair: StatementPair, state: StatementViews.ReviewState,
        context: ServerRequestContext, language: PageLanguage, invalid: (inout StatementViews.ReviewState, StatementFieldError) -> Void
    ) async throws -> Response {
        let words = language.words
        var state = state
        switch outcome {
        case let .signed(stored), let .declined(stored):
            let signed = if case .signed = outcome { true } else { false }
            context.logger.info(signed ? "the other driver signed a statement" : "the other driver declined a statement", metadata: ["report": "\(stored.id)"])
            return try await page(for: services.statementSharing.open(token), token: token, language: language)
        case let .code(check):
            state.codeError = switch check {
            case let .wrong(left): words.plural(
                "That is not the code we texted. {count} more try, then ask for a new code.",
                "That is not the code we texted. {count} more tries, then ask for a new code.", count: left
            )
            case .expired: words.plural(
                "That code has expired: codes work for {count} minute. Ask for a new one.",
                "That code has expired: codes work for {count} minutes. Ask for a new one.", count: Int(StatementSharing.codeLifetime / 60)
            )
            case .exhausted: words.plural(
                "That code was typed wrong {count} time and no longer works. Ask for a new one.",
                "That code was typed wrong {count} times and no longer works. Ask for a new one.", count: StatementSharing.codeTries
            )
            case .superseded: words("That code was texted for an earlier version of the statement, or to another number than the one in your part now, so it no longer works. Ask for a new code.")
            case .none, .accepted: words("Ask for a code first: we text it to the mobile number in your part.")
            }
            return review(report, pair, token: token, state: state, status: .unprocessableContent, language: language)
        case let .changed(current):
            state.error = words("The statement changed after you opened this page. Nothing was recorded: review it again below.")
            state.codeError = nil
            return review(current, pair, token: token, state: state, status: .conflict, language: language)
        case let .invalid(error):
            invalid(&state, error)
            return review(report, pair, token: token, state: state, status: .badRequest, language: language)
        case let .refused(opened):
            return page(for: opened, token: token, status: .conflict, language: language)
        }
    }

    /// The other driver's copy: the statement alone, sealed once both drivers signed, while the link keeps it — drawn
    /// at the first download in the page's language, and the same bytes at every download in it after.
    private func copy(_ request: Request, _ context: ServerRequestContext, _ language: PageLanguage) async throws -> Response {
        let words = language.words
        let token = token(context)
        let opened = try await services.statementSharing.open(token)
        guard case let .decided(link, report, _) = opened else { return page(for: opened, token: token, status: .conflict, language: language) }
        let copy: ContentHash
        do {
            copy = try await services.submission.rendering.statementCopy(of: report, link: link, links: services.statementSharing.links, words: words)
        } catch ServerRefusal.statementLinkGone {
            return page(for: .unknown, token: token, status: .notFound, language: language)
        } catch let refusal as ServerRefusal {
            guard case let .busy(_, _, retryAfter) = refusal else { throw refusal }
            var response = PageKit.html(
                StatementViews.Closed(
                    page: language, title: words("Try again in a moment"), heading: words("Try again in a moment"),
                    detail: words("Other copies of this crash's documents are being drawn right now. Download yours again in a few seconds."),
                    crash: StatementViews.crashLine(report, words)
                ),
                template: "statement-closed", status: .tooManyRequests
            )
            response.headers[.retryAfter] = String(retryAfter)
            return response
        }
        guard let length = try await services.blobs.length(of: copy, kind: .document) else {
            return page(for: .unknown, token: token, status: .notFound, language: language)
        }
        return BlobResponse.make(
            copy, kind: .document, length: length, from: services.blobs,
            headers: [
                .contentType: "application/pdf",
                .contentDisposition: "attachment; filename=\"accident-statement-\(report.crashID)-\(words.code).pdf\"",
                .eTag: "\"\(copy.hex)\"", .cacheControl: "private, no-cache",
            ]
        )
    }

    private func submit(_ request: Request, _ context: ServerRequestContext, _ language: PageLanguage) async throws -> Response {
        let words = language.words
        let token = token(context)
        let opened = try await services.statementSharing.open(token)
        // Sent already: the page the link shows now (the review, or what was decided).
        guard case let .open(link, report) = opened else { return page(for: opened, token: token, status: .conflict, language: language) }
        let pair = link.pair
        // The link is open (checked above, before anything was read); the form is read within its bound.
        let form: StatementForm
        do {
            form = try await PageKit.form(StatementForm.self, from: request, upTo: Self.maximumFormBytes)
        } catch .tooLarge {
            return self.form(
                report, pair, token: token, typed: nil, errors: [:],
                notice: words(
                    "The form was larger than {size} KiB, more than every field at its longest. Nothing was kept; fill it in again.",
                    ["size": words.number(Self.maximumFormBytes / 1_024)]
                ),
                status: .contentTooLarge, language: language
            )
        } catch .unreadable {
            return self.form(
                report, pair, token: token, typed: nil, errors: [:],
                notice: words("The form could not be read. Nothing was kept; fill it in again."), status: .badRequest, language: language
            )
        }
        guard let expected = PageKit.cookie(Self.formCookie, in: request), let sent = form.csrf, PageKit.same(expected, sent) else {
            return self.form(
                report, pair, token: token, typed: form, errors: [:],
                notice: words("The form had been open too long to be sent. Check your answers and send them again."), status: .forbidden,
                language: language
            )
        }
        let (vehicle, errors) = Self.vehicle(from: form, words: words)
        guard errors.isEmpty else {
            return self.form(report, pair, token: token, typed: form, errors: errors, notice: nil, status: .badRequest, language: language)
        }
        switch try await services.statementSharing.submit(token, vehicle: vehicle) {
        case let .stored(stored):
            context.logger.info("the other driver's part of a statement was stored", metadata: ["report": "\(stored.id)"])
            return review(stored, pair, token: token, state: .init(
                notice: words("Your part is sent: the other driver's crash report now holds it, marked as entered by you, and their app receives it the next time it connects. Now review the whole statement.")
            ), status: .ok, language: language)
        case let .refused(state):
            return page(for: state, token: token, status: .conflict, language: language)
        }
    }

    /// The form, with a fresh CSRF value in it and in the cookie.
    private func form(
        _ report: CrashReport, _ pair: StatementPair, token: String, typed: StatementForm?, errors: [String: String], notice: String?,
        status: HTTPResponse.Status, language: PageLanguage
    ) -> Response {
        let csrf = PageKit.randomValue()
        var response = PageKit.html(
            StatementViews.form(
                report: report, pair: pair, action: StatementPaths.prefix + token, csrf: csrf, typed: typed, errors: errors, notice: notice, page: language
            ),
            template: "statement-form", status: status
        )
        response.setCookie(cookie(csrf, maxAge: 24 * 3_600))
        return response
    }

    /// What a link that takes no form says: sent already, expired, the report completed, or no such link.
    private func closed(_ state: StatementSharing.Opened, language: PageLanguage) -> Response {
        let words = language.words
        let (heading, detail, status): (String, String, HTTPResponse.Status) = switch state {
        case .expired:
            (words("This link has expired"), words("A link to the accident statement works for 24 hours, and its copy for 7 days after you signed or declined. Ask the other driver for a new one."), .gone)
        case .replaced:
            (words("This link was replaced"), words("The other driver made a newer link to this accident statement, so this one no longer works. Ask them for the newest link."), .gone)
        case .completed:
            (words("The statement can no longer change"), words("The other driver completed their crash report, or both drivers already signed the statement. If something is wrong, tell the other driver or the insurer."), .conflict)
        case .withdrawn:
            (words("This statement was taken off the report"), words("The other driver removed your vehicle from their crash report, so this link no longer leads to a statement. If that is wrong, ask them to add your vehicle again and send you a new link."), .gone)
        case .unknown, .open, .review, .decided:
            (words("No such link"), words("This is not a link to an accident statement. Check that the whole address was copied, or ask the other driver for it again."), .notFound)
        }
        return PageKit.html(
            StatementViews.Closed(page: language, title: heading, heading: heading, detail: detail, crash: nil), template: "statement-closed",
            status: status
        )
    }

    private func cookie(_ value: String, maxAge: Int) -> Cookie {
        PageKit.cookie(Self.formCookie, value, path: "/s", maxAge: maxAge, secure: secureCookies)
    }

    // MARK: - Reading the form

    /// The column the form describes, and a sentence for each field it refuses (by the field's name).
    package static func vehicle(from form: StatementForm, words: Words = .english) -> (StatementVehicle, [String: String]) {
        var vehicle = StatementVehicle()
        var errors: [String: String] = [:]
        // The country of registration first: a phone number without its country code is read in it.
        for field in [VehicleField.plateCountry] + VehicleField.allCases.filter({ $0 != .plateCountry }) {
            // A text area's line breaks arrive as CR LF.
            let text = (form[field.rawValue] ?? "").replacingOccurrences(of: "\r\n", with: "\n")
            do {
                try vehicle.set(field, to: text)
            } catch {
                errors[field.rawValue] = Self.sentence(error, words)
            }
        }
        do {
            try vehicle.setRemarks((form["remarks"] ?? "").replacingOccurrences(of: "\r\n", with: "\n"))
        } catch {
            errors["remarks"] = Self.sentence(error, words)
        }
        vehicle.setCircumstances(Set(Circumstance.allCases.filter { form.boxes.contains($0.number) }))
        return (vehicle, errors)
    }

    /// A refused field in the page's words: the form chooses yes or no and the point of impact with buttons, so those
    /// two are said as the page asks them; the rest as everywhere (``FactText``).
    package static func sentence(_ error: StatementFieldError, _ words: Words) -> String {
        let facts = FactText(words)
        return switch error {
        case .notYesOrNo: words("Choose Yes, No or Not known.")
        case .notAZone: words("Choose one of the points of impact shown, or Not known.")
        default: facts.sentence(facts.clause(for: error))
        }
    }
}

/// A page to answer with instead of going on.
struct PageAnswer: Error {
    let response: Response
    init(_ response: Response) { self.response = response }
}

extension Result where Failure == PageAnswer {
    /// The page a failed read answers with.
    var answer: Response {
        if case let .failure(page) = self { return page.response }
        preconditionFailure("a read that succeeded has no page to answer with")
    }
}
