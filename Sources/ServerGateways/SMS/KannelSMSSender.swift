import AsyncHTTPClient
import Domain
import Foundation
import NIOCore
import ServerCore

/// Sends SMS through the Kannel SMS gateway's `sendsms` HTTP interface (smsbox), asking for delivery reports: Kannel
/// calls `<report URL>/v1/sms/<message id>/delivery?token=…&type=N` as the SMS centre reports on the message, and
/// the server records its state (``SMSState/init(deliveryReportType:)``).
///
/// A text within the GSM 7-bit alphabet is sent as such (`coding=0`); any other as UCS-2 (`coding=2`); Kannel splits
/// a long one into parts the phone joins again (the `sendsms-user`'s `concatenation` and `max-messages`).
package struct KannelSMSSender: SMSSender {
    package let configuration: Configuration
    /// The server's public address, the delivery reports' default (known once the server listens).
    package let links: CrashLinks
    private let http: HTTPClient

    package init(configuration: Configuration, links: CrashLinks, http: HTTPClient = OutboundHTTP.client) {
        self.configuration = configuration
        self.links = links
        self.http = http
    }

    package var summary: String {
        "SMS through Kannel at \(configuration.host):\(configuration.port) as “\(configuration.from)”, delivery reports to \(reportURL)"
    }

    private var reportURL: String { configuration.reportURL ?? links.publicURL }

    /// Kannel's `sendsms` user and where to reach it; from `kannel://USER:PASSWORD@HOST:PORT?from=NAME&report-url=URL`.
    package struct Configuration: Sendable, Hashable {
        package let host: String
        package let port: Int
        package let username: String
        package let password: String
        /// The sender shown on the phone (an alphanumeric name of up to 11 characters, or a number).
        package let from: String
        /// The server's address as Kannel reaches it, for the delivery reports; `nil`: the public URL.
        package let reportURL: String?

        /// - Throws: ``SMSURLError`` naming what is wrong.
        package init(url text: String) throws(SMSURLError) {
            guard let components = URLComponents(string: text), components.scheme?.lowercased() == "kannel" else {
                throw .notKannel(text)
            }
            guard let host = components.host, !host.isEmpty else { throw .missing("the gateway's host (kannel://USER:PASSWORD@HOST:PORT)") }
            guard let user = components.user, !user.isEmpty, let password = components.password else {
                throw .missing("the sendsms user and password (kannel://USER:PASSWORD@HOST:PORT)")
            }
            let query = components.queryItems ?? []
            for item in query where !["from", "report-url"].contains(item.name) {
                throw .unknownParameter(item.name)
            }
            guard let from = query.first(where: { $0.name == "from" })?.value, !from.isEmpty else {
                throw .missing("the sender (?from=NAME or ?from=+NUMBER)")
            }
            guard from.unicodeScalars.count <= 16, from.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "+" || $0 == " " }) else {
                throw .invalidSender(from)
            }
            var report = query.first(where: { $0.name == "report-url" })?.value
            if var given = report {
                while given.hasSuffix("/") { given.removeLast() }
                guard let reportComponents = URLComponents(string: given), ["http", "https"].contains(reportComponents.scheme ?? ""),
                      reportComponents.host?.isEmpty == false, reportComponents.query == nil else {
                    throw .invalidReportURL(given)
                }
                report = given
            }
            self.host = host
            port = components.port ?? 13013
            username = user.removingPercentEncoding ?? user
            self.password = password.removingPercentEncoding ?? password
            self.from = from
            reportURL = report
        }
    }

    /// The delivery reports asked for: the final ones only (1 delivered to the phone, 2 not delivered, 16 rejected by
    /// the SMS centre). The intermediate ones (4 queued at the SMS centre, 8 accepted by it) would say no more than the
    /// hand-off already recorded (`accepted`), and would double the reports' requests and writes per message.
    package static let deliveryReportMask = "19"

    package func send(_ message: SMSMessage, reportToken: String) async throws -> SMSHandOff {
        let plan = SMSText.plan(for: message.text)
        let reportURL = "\(reportURL)/v1/sms/\(message.id)/delivery?token=\(reportToken)&type=%d&detail=%A"
        let parameters: [(String, String)] = [
            ("username", configuration.username), ("password", configuration.password),
            ("from", configuration.from), ("to", message.recipient.e164), ("text", message.text),
            ("charset", "UTF-8"), ("coding", plan.coding == .gsm7 ? "0" : "2"),
            ("dlr-mask", Self.deliveryReportMask), ("dlr-url", reportURL),
        ]
        let query = parameters.map { "\($0.0)=\(Self.encoded($0.1))" }.joined(separator: "&")
        let request = HTTPClientRequest(url: "http://\(configuration.host):\(configuration.port)/cgi-bin/sendsms?\(query)")
        let response: HTTPClientResponse
        do {
            response = try await http.execute(request, timeout: .seconds(10))
        } catch {
            throw SMSGatewayError.unreachable("\(configuration.host):\(configuration.port)", String(describing: error))
        }
        let body = String(buffer: try await response.body.collect(upTo: 16 * 1024))
            .trimmingCharacters(in: .whitespacesAndNewlines)
        // 202 with "0: Accepted for delivery" or "3: Queued for later delivery" (the SMS centre is not connected yet).
        guard response.status == .accepted || response.status == .ok else {
            throw SMSGatewayError.refused(status: Int(response.status.code), answer: String(body.prefix(200)))
        }
        return SMSHandOff(detail: "Kannel: \(body.prefix(200))")
    }

    package func erase(crashIDs: [CrashID]) async throws -> Int { 0 }

    /// Percent-encodes every UTF-8 byte but those of the unreserved characters (`A`–`Z`, `a`–`z`, `0`–`9`, `-._~`): a
    /// `+` in a phone number, a space, `&` and `=` in a text included.
    package static func encoded(_ value: String) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count * 3)
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes.append(contentsOf: [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Why `--sms-url` cannot be used.
package enum SMSURLError: Error, Sendable, Hashable, CustomStringConvertible {
    case notKannel(String)
    case missing(String)
    case unknownParameter(String)
    case invalidSender(String)
    case invalidReportURL(String)

    package var description: String {
        switch self {
        case let .notKannel(text): "“\(text.prefix(80))” is not a kannel:// address (kannel://USER:PASSWORD@HOST:PORT?from=NAME)"
        case let .missing(what): "the SMS address lacks \(what)"
        case let .unknownParameter(name): "the SMS address has “\(name.prefix(40))”, which is not from or report-url"
        case let .invalidSender(from): "the sender “\(from.prefix(40))” must be up to 11 letters and digits, or a number"
        case let .invalidReportURL(url): "the report-url “\(url.prefix(80))” is not an http(s) address the gateway can call"
        }
    }
}

/// The gateway did not take a message.
package enum SMSGatewayError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreachable(String, String)
    case refused(status: Int, answer: String)

    package var description: String {
        switch self {
        case let .unreachable(address, reason): "the SMS gateway at \(address) could not be reached (\(reason))"
        case let .refused(status, answer): "the SMS gateway refused the message (HTTP \(status): \(answer))"
        }
    }
}

/// What a log line or an error may show of the gateway's address: never its password.
extension KannelSMSSender.Configuration: CustomStringConvertible, CustomDebugStringConvertible {
    package var description: String { "kannel://\(username):***@\(host):\(port)?from=\(from)" }
    package var debugDescription: String { description }
}
