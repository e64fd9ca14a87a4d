import Data
import Domain
import NIOCore
import Wording
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import ServerCore
import ServerHTTP

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
        let pages = router.group().add(middleware: PageHeadersMiddleware())
        pages.get(RouterPath(StatementPaths.pattern)) { request, context in try await show(request, context) }
        pages.post(RouterPath(StatementPaths.pattern)) { request, context in try await submit(request, context) }
        pages.get(RouterPath(StatementPaths.styleSheet)) { _, _ in PageKit.styleSheet(PageTemplates.statementStyleSheet) }
        pages.post(RouterPath(StatementPaths.codePattern)) { request, context in try await sendCode(request, context) }
        pages.post(RouterPath(StatementPaths.signPattern)) { request, context in try await sign(request, context) }
        pages.post(RouterPath(StatementPaths.declinePattern)) { request, context in try await decline(request, context) }
        pages.get(RouterPath(StatementPaths.copyPattern)) { request, context in try await copy(request, context) }
        table.record(StatementPaths.pattern, .get)
        table.record(StatementPaths.pattern, .post)
        table.record(StatementPaths.styleSheet, .get)
        for pattern in [StatementPaths.codePattern, StatementPaths.signPattern, StatementPaths.declinePattern] {
            table.record(pattern, .post)
        }
        table.record(StatementPaths.copyPattern, .get)
    }

    private func token(_ context: ServerRequestContext) -> String {
        context.parameters.get(StatementPaths.tokenParameter) ?? ""
    }

    // MARK: - Pages

    private func show(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let token = token(context)
        return try await page(for: services.statementSharing.open(token), token: token)
    }

    /// The page a link's state shows: the form, the review, what was decided, or why it is closed.
    private func page(for opened: StatementSharing.Opened, token: String, review state: StatementViews.ReviewState = .init(), status: HTTPResponse.Status = .ok) -> Response {
        switch opened {
        case let .open(_, report):
            return form(report, token: token, typed: nil, errors: [:], notice: nil, status: status)
        case let .review(_, report):
            return review(report, token: token, state: state, status: status)
        case let .decided(link, report):
            return PageKit.html(StatementViews.decided(report: report, token: token, keptUntil: link.expiresAt), template: "statement-decided", status: status)
        case .expired, .completed, .unknown:
            return closed(opened)
        }
    }

    /// The review of the whole front side, with a fresh CSRF value in its forms and in the cookie.
    private func review(_ report: CrashReport, token: String, state: StatementViews.ReviewState, status: HTTPResponse.Status) -> Response {
        let csrf = PageKit.randomValue()
        var response = PageKit.html(
            StatementViews.review(report: report, token: token, csrf: csrf, state: state), template: "statement-review", status: status
        )
        response.setCookie(cookie(csrf, maxAge: 24 * 3_600))
        return response
    }

    // MARK: - Signing and declining

    /// Reads a decision's form (its CSRF value checked): the link's state and the form, or the page to show instead.
    private func decisionForm(
        _ request: Request, _ context: ServerRequestContext
    ) async throws -> Result<(token: String, report: CrashReport, form: StatementDecisionForm), PageAnswer> {
        let token = token(context)
        let opened = try await services.statementSharing.open(token)
        // Only a statement under review takes these forms (checked before anything is read).
        guard case let .review(_, report) = opened else { return .failure(PageAnswer(page(for: opened, token: token, status: .conflict))) }
        let form: StatementDecisionForm
        do {
            form = try await PageKit.form(StatementDecisionForm.self, from: request, upTo: Self.maximumDecisionBytes)
        } catch {
            return .failure(PageAnswer(review(
                report, token: token, state: .init(error: "The form could not be read. Nothing was recorded; try again."), status: .badRequest
            )))
        }
        guard let expected = PageKit.cookie(Self.formCookie, in: request), let sent = form.csrf, PageKit.same(expected, sent) else {
            return .failure(PageAnswer(review(
                report, token: token, state: .init(error: "The page had been open too long. Nothing was recorded; try again."), status: .forbidden
            )))
        }
        return .success((token, report, form))
    }

    private func sendCode(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let read = try await decisionForm(request, context)
        guard case let .success((token, report, _)) = read else { return read.answer }
        var state = StatementViews.ReviewState()
        var status = HTTPResponse.Status.ok
        switch try await services.statementSharing.sendCode(token) {
        case let .sent(phone, expiresAt):
            context.logger.info("a code to sign a statement was queued", metadata: ["report": "\(report.id)", "to": "\(phone.masked)"])
            state.notice = "We texted a 6-digit code to \(phone.masked). It works until \(StatementViews.utc.at(report.scene).time(expiresAt)), for \(StatementSharing.codeTries) tries."
        case let .tooMany(nextAt):
            state.error = "\(StatementSharing.codesPerHour) codes were texted in the last hour. You can ask for another at \(StatementViews.utc.at(report.scene).time(nextAt)); a code you received meanwhile still works."
            status = .tooManyRequests
        case .noPhone:
            state.error = "Your part has no mobile number, so no code can be texted to you."
            status = .conflict
        case let .notMobile(phone):
            state.error = "The number in your part, \(phone.masked), is \(FactText.line(phone.line)): no code can be texted to it. Ask the other driver to put your mobile number in vehicle B in their app; this page shows it once their app has sent it."
            status = .conflict
        case let .refused(opened):
            return page(for: opened, token: token, status: .conflict)
        }
        return review(report, token: token, state: state, status: status)
    }

    private func sign(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let read = try await decisionForm(request, context)
        guard case let .success((token, report, form)) = read else { return read.answer }
        let name = form.name ?? ""
        let outcome = try await services.statementSharing.sign(token, name: name, code: form.code ?? "", version: form.version ?? "")
        var state = StatementViews.ReviewState()
        state.name = name
        return try await answer(outcome, token: token, report: report, state: state, context: context) { state, error in
            state.nameError = Self.sentence(error)
        }
    }

    private func decline(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let read = try await decisionForm(request, context)
        guard case let .success((token, report, form)) = read else { return read.answer }
        let reason = (form.reason ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        var state = StatementViews.ReviewState()
        state.reason = reason
        if reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            state.reasonError = "Say why you do not agree: the insurers read it."
            return review(report, token: token, state: state, status: .badRequest)
        }
        let outcome = try await services.statementSharing.decline(token, reason: reason, version: form.version ?? "")
        return try await answer(outcome, token: token, report: report, state: state, context: context) { state, error in
            state.reasonError = Self.sentence(error)
        }
    }

    /// The page after a signature or a decline was tried.
    private func answer(
        _ outcome: StatementSharing.Decided, token: String, report: CrashReport, state: StatementViews.ReviewState,
        context: ServerRequestContext, invalid: (inout StatementViews.ReviewState, StatementFieldError) -> Void
    ) async throws -> Response {
        var state = state
        switch outcome {
        case let .signed(stored), let .declined(stored):
            let signed = if case .signed = outcome { true } else { false }
            context.logger.info(signed ? "the other driver signed a statement" : "the other driver declined a statement", metadata: ["report": "\(stored.id)"])
            return try await page(for: services.statementSharing.open(token), token: token)
        case let .code(check):
            state.codeError = switch check {
            case let .wrong(left): "That is not the code we texted. \(left == 1 ? "1 more try" : "\(left) more tries"), then ask for a new code."
            case .expired: "That code has expired: codes work for \(Int(StatementSharing.codeLifetime / 60)) minutes. Ask for a new one."
            case .exhausted: "That code was typed wrong \(StatementSharing.codeTries) times and no longer works. Ask for a new one."
            case .none, .accepted: "Ask for a code first: we text it to the mobile number in your part."
            }
            return review(report, token: token, state: state, status: .unprocessableContent)
        case let .changed(current):
            state.error = "The statement changed after you opened this page. Nothing was recorded: review it again below."
            state.codeError = nil
            return review(current, token: token, state: state, status: .conflict)
        case let .invalid(error):
            invalid(&state, error)
            return review(report, token: token, state: state, status: .badRequest)
        case let .refused(opened):
            return page(for: opened, token: token, status: .conflict)
        }
    }

    /// The other driver's copy: the statement alone, sealed once both drivers signed, while the link keeps it.
    private func copy(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let token = token(context)
        let opened = try await services.statementSharing.open(token)
        guard case let .decided(link, report) = opened else { return page(for: opened, token: token, status: .conflict) }
        let bytes: Data
        do {
            bytes = try await services.submission.rendering.renderStatementCopy(report, owner: link.owner)
        } catch let refusal as ServerRefusal {
            guard case let .busy(_, _, retryAfter) = refusal else { throw refusal }
            var response = PageKit.html(
                StatementViews.Closed(
                    title: "Try again in a moment", heading: "Try again in a moment",
                    detail: "Other copies of this crash's documents are being drawn right now. Download yours again in a few seconds.",
                    crash: StatementViews.crashLine(report)
                ),
                template: "statement-closed", status: .tooManyRequests
            )
            response.headers[.retryAfter] = String(retryAfter)
            return response
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/pdf",
                .contentDisposition: "attachment; filename=\"accident-statement-\(report.crashID).pdf\"",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: bytes))
        )
    }

    private func submit(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let token = token(context)
        let opened = try await services.statementSharing.open(token)
        // Sent already: the page the link shows now (the review, or what was decided).
        guard case let .open(_, report) = opened else { return page(for: opened, token: token, status: .conflict) }
        // The link is open (checked above, before anything was read); the form is read within its bound.
        let form: StatementForm
        do {
            form = try await PageKit.form(StatementForm.self, from: request, upTo: Self.maximumFormBytes)
        } catch .tooLarge {
            return self.form(
                report, token: token, typed: nil, errors: [:],
                notice: "The form was larger than \(Self.maximumFormBytes / 1_024) KiB, more than every field at its longest. Nothing was kept; fill it in again.",
                status: .contentTooLarge
            )
        } catch .unreadable {
            return self.form(
                report, token: token, typed: nil, errors: [:],
                notice: "The form could not be read. Nothing was kept; fill it in again.", status: .badRequest
            )
        }
        guard let expected = PageKit.cookie(Self.formCookie, in: request), let sent = form.csrf, PageKit.same(expected, sent) else {
            return self.form(
                report, token: token, typed: form, errors: [:],
                notice: "The form had been open too long to be sent. Check your answers and send them again.", status: .forbidden
            )
        }
        let (vehicle, errors) = Self.vehicle(from: form)
        guard errors.isEmpty else {
            return self.form(report, token: token, typed: form, errors: errors, notice: nil, status: .badRequest)
        }
        switch try await services.statementSharing.submit(token, vehicle: vehicle) {
        case let .stored(stored):
            context.logger.info("the other driver's part of a statement was stored", metadata: ["report": "\(stored.id)"])
            return review(stored, token: token, state: .init(
                notice: "Your part is sent: the other driver's crash report now holds it, marked as entered by you, and their app receives it the next time it connects. Now review the whole statement."
            ), status: .ok)
        case let .refused(state):
            return page(for: state, token: token, status: .conflict)
        }
    }

    /// The form, with a fresh CSRF value in it and in the cookie.
    private func form(
        _ report: CrashReport, token: String, typed: StatementForm?, errors: [String: String], notice: String?, status: HTTPResponse.Status
    ) -> Response {
        let csrf = PageKit.randomValue()
        var response = PageKit.html(
            StatementViews.form(report: report, action: StatementPaths.prefix + token, csrf: csrf, typed: typed, errors: errors, notice: notice),
            template: "statement-form", status: status
        )
        response.setCookie(cookie(csrf, maxAge: 24 * 3_600))
        return response
    }

    /// What a link that takes no form says: sent already, expired, the report completed, or no such link.
    private func closed(_ state: StatementSharing.Opened) -> Response {
        let (heading, detail, status): (String, String, HTTPResponse.Status) = switch state {
        case .expired:
            ("This link has expired", "A link to the accident statement works for 24 hours, and its copy for 7 days after you signed or declined. Ask the other driver for a new one.", .gone)
        case .completed:
            ("The statement can no longer change", "The other driver completed their crash report, or both drivers already signed the statement. If something is wrong, tell the other driver or the insurer.", .conflict)
        case .unknown, .open, .review, .decided:
            ("No such link", "This is not a link to an accident statement. Check that the whole address was copied, or ask the other driver for it again.", .notFound)
        }
        return PageKit.html(
            StatementViews.Closed(title: heading, heading: heading, detail: detail, crash: nil), template: "statement-closed", status: status
        )
    }

    private func cookie(_ value: String, maxAge: Int) -> Cookie {
        PageKit.cookie(Self.formCookie, value, path: "/s", maxAge: maxAge, secure: secureCookies)
    }

    // MARK: - Reading the form

    /// The column the form describes, and a sentence for each field it refuses (by the field's name).
    package static func vehicle(from form: StatementForm) -> (StatementVehicle, [String: String]) {
        var vehicle = StatementVehicle()
        var errors: [String: String] = [:]
        // The country of registration first: a phone number without its country code is read in it.
        for field in [VehicleField.plateCountry] + VehicleField.allCases.filter({ $0 != .plateCountry }) {
            // A text area's line breaks arrive as CR LF.
            let text = (form[field.rawValue] ?? "").replacingOccurrences(of: "\r\n", with: "\n")
            do {
                try vehicle.set(field, to: text)
            } catch {
                errors[field.rawValue] = Self.sentence(error)
            }
        }
        do {
            try vehicle.setRemarks((form["remarks"] ?? "").replacingOccurrences(of: "\r\n", with: "\n"))
        } catch {
            errors["remarks"] = Self.sentence(error)
        }
        vehicle.setCircumstances(Set(Circumstance.allCases.filter { form.boxes.contains($0.number) }))
        return (vehicle, errors)
    }

    /// A refused field in the page's words: the form chooses yes or no and the point of impact with buttons, so those
    /// two are said as the page asks them; the rest as everywhere (``FactText``).
    package static func sentence(_ error: StatementFieldError) -> String {
        switch error {
        case .notYesOrNo: FactText.sentence("choose Yes, No or Not known")
        case .notAZone: FactText.sentence("choose one of the points of impact shown, or Not known")
        default: FactText.sentence(FactText.clause(for: error))
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
