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

    package func register(on router: RouterGroup<ServerRequestContext>, table: RouteTable) {
        RecordingRoutes(router, table: table).get(WirePaths.smsDeliveryPattern) { request, context in try await report(request, context) }
    }

    /// The query a delivery report carries (`openapi.yaml`'s parameters), as Hummingbird's form decoder reads it.
    private struct Query: Decodable {
        let token: String
        let type: Int
        let detail: String?
    }

    private func report(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let query = try Self.query(request.uri.query ?? "")
        guard !query.token.isEmpty else { throw APIProblem.badParameter("token", "token, the message's report token, is empty.") }
        guard let state = SMSState(deliveryReportType: query.type) else { throw Self.badType }
        let notFound = APIProblem(.smsNotFound, "No SMS message has this id and report token.")
        guard let id = SMSMessageID(text: context.parameters.get(WirePaths.smsMessageParameter) ?? "") else { throw notFound }
        // The SMS centre's words, kept as plain text on one line: no control character, and no format character (a
        // right-to-left override, a zero-width joiner) that would reorder or hide what `sms list` shows later.
        let words = query.detail.map { detail in
            "SMS centre: " + String(String.UnicodeScalarView(detail.unicodeScalars.prefix(200).filter {
                ![.control, .format, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
            }))
        }
        let now = services.clock.now()
        // The token is checked with the update, in its transaction.
        guard let moved = try await services.messages.updateSMS(
            id, to: state, detail: words ?? "delivery report \(query.type)", at: now, reportToken: query.token
        ) else {
            throw notFound
        }
        ServerMetrics.smsMoved(moved, at: now)
        ServerMetrics.smsReport(state)
        return Response(status: .noContent)
    }

    private static let badType = APIProblem.badParameter("type", "type must be one of 1, 2, 4, 8, 16 (Kannel's delivery report types).")

    /// The query decoded, or a bad-parameter problem naming the field that is missing or unreadable.
    private static func query(_ text: String) throws(APIProblem) -> Query {
        do {
            return try URLEncodedFormDecoder().decode(Query.self, from: text)
        } catch let DecodingError.keyNotFound(key, _) {
            throw .badParameter(key.stringValue, "\(key.stringValue) is missing.")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.dataCorrupted(context) {
            if context.codingPath.first?.stringValue == "type" { throw badType }
            throw .badParameter(context.codingPath.first?.stringValue ?? "query", "The query is not one a gateway sends.")
        } catch {
            throw .badParameter("query", "The query is not form-encoded: a broken %-escape, or a field given twice.")
        }
    }
}
