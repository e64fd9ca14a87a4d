import Domain
import Foundation
import Hummingbird
import ServerCore
import WireAPI

/// `GET /v1/sms/replies` (`receiveSMSReply` in `openapi.yaml`, whose shape it keeps): the SMS gateway hands over each
/// message a phone sent to the server's number (Kannel's `sms-service` `get-url`). Written on the router, as delivery
/// reports are, to read the query exactly as the gateway writes it (a UCS-2 text comes as UTF-16 bytes).
package struct SMSReplyRoute {
    package let services: ServerServices

    package static let operations: Set<RouteKey> = [RouteKey(.get, "/v1/sms/replies")]

    /// The longest text taken (`openapi.yaml`'s `maxLength`): a phone's longest message, ten joined parts, is about 1,500
    /// characters; the first ``SMSReply/maximumCharacters`` are kept.
    static let longestText = 1_600

    package func register(on router: RouterGroup<ServerRequestContext>, table: RouteTable) {
        RecordingRoutes(router, table: table).get(WirePaths.smsReplies) { request, context in try await receive(request, context) }
    }

    private func receive(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let query = request.uri.query ?? ""
        guard query.utf8.count <= ServerLimits.maximumReplyQueryBytes else {
            throw APIProblem.badParameter("text", "The query is longer than \(ServerLimits.maximumReplyQueryBytes) bytes; a reply is kept to 1,000 characters.")
        }
        let bytes = try Self.fields(query)
        var fields: [String: String] = [:]
        for (name, value) in bytes where name != "text" {
            guard let text = String(validating: value, as: UTF8.self) else { throw APIProblem.badParameter(name, "\(name) is not UTF-8.") }
            fields[name] = text
        }
        // The credential first: nothing about the message is read for a caller without it.
        guard let key = fields["key"], !key.isEmpty else { throw APIProblem.badParameter("key", "key, the server's SMS reply key, is missing.") }
        guard services.replies.accepts(key: key) else {
            throw APIProblem(.notSignedIn, services.replies.takesReplies
                ? "key is not this server's SMS reply key (--sms-reply-key): check the sms-service get-url in the gateway's configuration."
                : "This server takes no SMS replies: start it with --sms-reply-key (or CRASH_ASSISTANT_SMS_REPLY_KEY).")
        }
        guard let from = fields["from"], !from.isEmpty else { throw APIProblem.badParameter("from", "from, the sender's number (Kannel's %p), is missing.") }
        guard let raw = bytes["text"] else { throw APIProblem.badParameter("text", "text, the message's words (Kannel's %a), is missing.") }
        let text = try Self.text(raw, coding: fields["coding"], charset: fields["charset"])
        guard text.count <= Self.longestText else {
            throw APIProblem.badParameter("text", "text is longer than \(Self.longestText) characters, more than a phone sends in one message.")
        }
        let gatewayID = fields["id"].flatMap { $0.isEmpty ? nil : $0 }
        if let gatewayID, gatewayID.count > 100 || gatewayID.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw APIProblem.badParameter("id", "id, the gateway's message id (Kannel's %I), is longer than 100 characters or holds a control character.")
        }
        // Kannel's %T: seconds since 1970, when the SMS centre got the message; not later than now (a clock a little
        // ahead is allowed), not before 2001.
        let sentAt = try fields["at"].map { text throws(APIProblem) in
            guard let seconds = Int(text), seconds > 978_307_200,
                  Double(seconds) <= services.clock.now().timeIntervalSince1970 + ReportLimits.crashTimeTolerance else {
                throw APIProblem.badParameter("at", "at, when the SMS centre got the message (Kannel's %T), is not seconds since 1970 up to now.")
            }
            return Date(timeIntervalSince1970: Double(seconds))
        }
        do {
            _ = try await services.replies.receive(SMSReplies.Incoming(sender: from, text: text, gatewayID: gatewayID, sentAt: sentAt))
        } catch let error as PhoneNumberError {
            throw APIProblem.badParameter("from", "from is not a phone number in international form (\(error)).")
        }
        return Response(status: .noContent)
    }

    /// The query's fields, each named once, as the bytes their %-escapes spell.
    private static func fields(_ query: String) throws(APIProblem) -> [String: [UInt8]] {
        var fields: [String: [UInt8]] = [:]
        for pair in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            guard let nameBytes = unescaped(parts[0]), let name = String(validating: nameBytes, as: UTF8.self),
                  let value = parts.count > 1 ? unescaped(parts[1]) : [] else {
                throw .badParameter("query", "The query is not form-encoded: a broken %-escape.")
            }
            guard fields[name] == nil else { throw .badParameter(name, "\(name) is given twice.") }
            fields[name] = value
        }
        return fields
    }

    /// The bytes a form-encoded piece spells: `%XX` is the byte, `+` a space; `nil` for a broken escape.
    private static func unescaped(_ piece: some Collection<UInt8>) -> [UInt8]? {
        var bytes: [UInt8] = []
        var iterator = piece.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            default: bytes.append(byte)
            }
        }
        return bytes
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The words as the gateway wrote them: UTF-8, or, for a UCS-2 message (`coding` 2) written as UTF-16 big-endian
    /// (`charset`), those bytes.
    private static func text(_ bytes: [UInt8], coding: String?, charset: String?) throws(APIProblem) -> String {
        if coding == "2", let charset, ["UTF-16BE", "UTF-16", "UCS-2", "UCS-2BE"].contains(charset.uppercased()) {
            guard bytes.count % 2 == 0 else { throw .badParameter("text", "text is UCS-2 with an odd number of bytes.") }
            let units = stride(from: 0, to: bytes.count, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
            return String(decoding: units, as: UTF16.self)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .badParameter("text", "text is not UTF-8; for a UCS-2 message, add coding=%c&charset=%C to the get-url.")
        }
        return text
    }
}
