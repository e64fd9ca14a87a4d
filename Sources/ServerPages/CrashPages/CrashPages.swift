import Domain
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServerCore
import ServerHTTP
import WireAPI
import Wording

/// The page a crash SMS's web link opens (`/c/<crash ID>`), on the driver's phone at the roadside: in the reader's
/// language, styled as the other pages, with their headers. It says what the vehicle detected (when, and roughly where),
/// what to do first (112 when anyone is hurt), and then the app link — or how far the report has come. It never asks
/// for a token: the app, signed in on the phone, brings the crash from the server. Anyone holding the link reads it,
/// so it says nothing of whose crash it is or what was entered (``CrashLanding``).
package struct CrashPages {
    package let services: ServerServices
    package let secureCookies: Bool

    package func register(on router: Router<ServerRequestContext>, table: RouteTable) {
        let pages = RecordingRoutes(router.group().add(middleware: PageHeadersMiddleware()), table: table)
        pages.get(WirePaths.crashPagePattern) { request, context in try await page(request, context) }
        // A link checker, or a phone's preview of the SMS, asks for the head alone: the same answer without its body.
        pages.on(WirePaths.crashPagePattern, .head) { request, context in
            var response = try await page(request, context)
            let length = response.body.contentLength ?? 0
            response.body = ResponseBody()
            response.headers[.contentLength] = String(length)
            return response
        }
    }

    private func page(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let text = context.parameters.get(WirePaths.crashParameter) ?? ""
        let crashID = (try? CrashID(validating: text)).flatMap { $0.rawValue == text ? $0 : nil }
        let language = PageLanguage(
            request, base: crashID.map { "/\(DeepLink.webSegment)/\($0.rawValue)" } ?? "/\(DeepLink.webSegment)", secure: secureCookies
        )
        let words = language.words
        var response: Response
        if let crashID, let crash = try await services.landing.crash(crashID) {
            response = PageKit.html(
                CrashLandingView(crashID: crashID, crash: crash, appLink: services.links.appLink(for: crashID), page: language),
                template: "crash-landing", status: .ok
            )
        } else {
            let heading = words("This link names no crash")
            let detail = crashID == nil
                ? words("The link is not whole: open it from the text message as it came, or open the Crash Assistant app and type the crash ID from the message.")
                : words("This server knows no crash by this ID. Open the link from the text message as it came, or open the Crash Assistant app and type the crash ID from the message.")
            response = PageKit.html(
                StatementViews.Closed(page: language, title: heading, heading: heading, detail: detail, crash: nil),
                template: "statement-closed", status: crashID == nil ? .badRequest : .notFound
            )
        }
        response.set(language)
        return response
    }
}

/// What the crash page shows.
package struct CrashLandingView {
    /// The page's language and the switch; `page.t` translates the template's sentences.
    package let page: PageLanguage
    /// The paths the template links to.
    package let paths = PageLinks()
    package let title: String
    package let heading: String
    /// When and roughly where the vehicle detected the crash.
    package let detected: String?
    package let test: String?
    package let status: String
    package let appLink: String
    package let appHint: String

    package init(crashID: CrashID, crash: CrashLanding.Crash, appLink: String, page: PageLanguage) {
        let words = page.words
        self.page = page
        self.appLink = appLink
        heading = words("Crash {crashID}", ["crashID": crashID.rawValue])
        title = heading
        let dates = words.dates(StatementViews.utc.at(CrashScene(occurredAt: crash.detection?.detectedAt ?? Date(), utcOffsetMinutes: crash.utcOffsetMinutes)))
        detected = crash.detection.map { detection in
            // Roughly: two decimals of a degree, about a kilometre, is enough to recognise the crash and no more.
            let place = String(format: "%.2f, %.2f", detection.position.latitude, detection.position.longitude)
            return words("Your vehicle detected a crash on {time}, near {place}.", ["time": dates.dateTime(detection.detectedAt), "place": place])
        }
        test = crash.detection?.isTest == true ? words("The detector marked this as a test call.") : nil
        status = switch crash.progress {
        case .noReport where crash.falseAlarmAt != nil:
            words("You answered on {time} that this was a false alarm, so nothing more is needed; its untouched draft report was removed. If there was a crash after all, open it in the Crash Assistant.", [
                "time": crash.falseAlarmAt.map(dates.dateTime) ?? "",
            ])
        case .draft where crash.falseAlarmAt != nil:
            words("You answered on {time} that this was a false alarm. Your draft report stays as you left it: delete it in the Crash Assistant if you do not need it.", [
                "time": crash.falseAlarmAt.map(dates.dateTime) ?? "",
            ])
        case .noReport:
            words("Open this crash in the Crash Assistant to collect what your claim needs: who was hurt, photos, the other driver's details and the accident statement.")
        case .draft:
            words("A draft report of this crash is waiting in the Crash Assistant: open it to add who was hurt, photos, the other driver's details and the accident statement, then create the report.")
        case let .created(at):
            words("Your crash report was created on {time}. Open the Crash Assistant with a connection to send it to the insurer.", [
                "time": at.map(dates.dateTime) ?? words("an earlier day"),
            ])
        case let .submitted(at, false):
            words("Your crash report reached the insurer on {time}. A claims handler will give it a claim number; the Crash Assistant shows it once they have.", [
                "time": dates.dateTime(at),
            ])
        case let .submitted(at, true):
            words("Your crash report reached the insurer on {time}, and a claims handler has given it a claim number: the Crash Assistant shows it.", [
                "time": dates.dateTime(at),
            ])
        }
        appHint = words("The button opens the Crash Assistant on this phone. If nothing happens, open the app and type the crash ID {crashID}.", [
            "crashID": crashID.rawValue,
        ])
    }
}
