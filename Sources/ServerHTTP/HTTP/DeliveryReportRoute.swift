import Domain
import Foundation
import Hummingbird
import ServerCore
import WireAPI

/// `GET /v1/sms/{messageId}/delivery` (`reportSMSDelivery` in `openapi.yaml`, whose shape it keeps), written on the
/// router: the SMS gateway calls it once for every message sent, and the generated route's query decoding was a tenth
/// of what the server spent on an SMS while a storm of them went out. Its generated route is not registered.
package struct DeliveryReportRoute {
    package let services: ServerServices

    /// The operation of `openapi.yaml` served here, as the generated code names its path.
    package static let operations: Set<RouteKey> = [RouteKey(.get, "/v1/sms/{messageId}/delivery")]

    package func register(on router: Router<ServerRequestContext>, table: RouteTable) {
        router.get(RouterPath(WirePaths.smsDeliveryPattern)) { request, context in try await report(request, context) }
        table.record(WirePaths.smsDeliveryPattern, .get)
    }

    private func report(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let query = try Self.form(request.uri.query ?? "")
        guard let token = query["token"], !token.isEmpty else {
            throw APIProblem.badParameter("token", "token, the message's report token, is missing.")
        }
        guard let type = query["type"], let number = Int(type), let state = SMSState(deliveryReportType: number) else {
            throw APIProblem.badParameter("type", "type must be one of 1, 2, 4, 8, 16 (Kannel's delivery report types).")
        }
        let notFound = APIProblem(.smsNotFound, "No SMS message has this id and report token.")
        guard let id = SMSMessageID(text: context.parameters.get(WirePaths.smsMessageParameter) ?? "") else { throw notFound }
        // The SMS centre's words, kept as plain text on one line: no control character, and no format character (a
        // right-to-left override, a zero-width joiner) that would reorder or hide what `sms list` shows later.
        let words = query["detail"].map { detail in
            "SMS centre: " + String(String.UnicodeScalarView(detail.unicodeScalars.prefix(200).filter {
                ![.control, .format, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
            }))
        }
        let now = services.clock.now()
        // The token is checked with the update, in its transaction.
        guard let moved = try await services.messages.updateSMS(
            id, to: state, detail: words ?? "delivery report \(number)", at: now, reportToken: token
        ) else {
            throw notFound
        }
        ServerMetrics.smsMoved(moved, at: now)
        ServerMetrics.smsReport(state)
        return Response(status: .noContent)
    }

    /// A query's fields as a form encodes them (`+` a space, `%XX` a byte of UTF-8), the first of each name.
    /// - Throws: a bad-parameter problem naming a field whose value is not percent-encoded UTF-8.
    static func form(_ query: String) throws(APIProblem) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard fields[name] == nil else { continue }
            let raw = parts.count > 1 ? parts[1].replacingOccurrences(of: "+", with: " ") : ""
            guard let value = raw.removingPercentEncoding else {
                throw .badParameter(String(name.prefix(32)), "The value of \(name.prefix(32)) is not percent-encoded UTF-8.")
            }
            fields[name] = value
        }
        return fields
    }
}
