import Domain
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

    /// One group of routes with the pages' headers: the form, its answer, the style sheet.
    package func register(on router: Router<ServerRequestContext>, table: RouteTable) {
        let pages = router.group().add(middleware: PageHeadersMiddleware())
        pages.get(RouterPath(StatementPaths.pattern)) { request, context in try await show(request, context) }
        pages.post(RouterPath(StatementPaths.pattern)) { request, context in try await submit(request, context) }
        pages.get(RouterPath(StatementPaths.styleSheet)) { _, _ in PageKit.styleSheet(PageTemplates.statementStyleSheet) }
        table.record(StatementPaths.pattern, .get)
        table.record(StatementPaths.pattern, .post)
        table.record(StatementPaths.styleSheet, .get)
    }

    private func token(_ context: ServerRequestContext) -> String {
        context.parameters.get(StatementPaths.tokenParameter) ?? ""
    }

    // MARK: - Pages

    private func show(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let token = token(context)
        switch try await services.statementSharing.open(token) {
        case let .open(_, report):
            return form(report, token: token, typed: nil, errors: [:], notice: nil, status: .ok)
        case let other:
            return closed(other)
        }
    }

    private func submit(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let token = token(context)
        let opened = try await services.statementSharing.open(token)
        guard case let .open(_, report) = opened else { return closed(opened) }
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
            var response = PageKit.html(
                StatementViews.Closed(
                    title: "Thank you", heading: "Your part is sent",
                    detail: "The other driver's crash report now holds your part of the accident statement, marked as entered by you. "
                        + "It reaches their app the next time it connects. This link cannot be used again.",
                    crash: StatementViews.crashLine(stored)
                ),
                template: "statement-closed", status: .ok
            )
            response.setCookie(cookie("", maxAge: 0))
            return response
        case let .refused(state):
            return closed(state)
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
        case let .used(at):
            ("This link was used", "The part of the accident statement this link asked for was sent on "
                + "\(StatementViews.utc.dateTime(at)). A link takes one answer: if something is wrong, tell the other driver.", .gone)
        case .expired:
            ("This link has expired", "A link to the accident statement works for 24 hours. Ask the other driver for a new one.", .gone)
        case .completed:
            ("The report is already sent", "The other driver completed their crash report before your part arrived. Give them your details another way.", .conflict)
        case .unknown, .open:
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
        for field in VehicleField.allCases {
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
