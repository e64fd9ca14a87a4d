import AsyncHTTPClient
import Crypto
import Domain
import Foundation
import NIOCore
import ServerCore
import WireAPI

/// POSTs the insurer's claims system a first notice of loss for each submitted report, and an event when its documents
/// are all in, signed as the Standard
/// Webhooks scheme says (`webhook-id`, `webhook-timestamp`, `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of
/// `id.timestamp.body` keyed with the secret). Delivered by a job (``ServerJob/notifyInsurer(owner:report:)``), so a
/// receiver that is down is tried again, and the id stays the same on every try.
package struct WebhookSender: ClaimsSystem {
    package let configuration: Configuration
    private let http: HTTPClient

    package init(configuration: Configuration, http: HTTPClient = OutboundHTTP.client) {
        self.configuration = configuration
        self.http = http
    }

    /// Where to send, and the shared secret.
    package struct Configuration: Sendable, Hashable {
        package let url: String
        /// The secret's bytes (after `whsec_`, base64-decoded).
        package let key: [UInt8]

        /// - Parameters:
        ///   - url: an http or https address.
        ///   - secret: `whsec_` and the base64 of 24 to 64 random bytes (as Standard Webhooks gives them).
        /// - Throws: ``WebhookConfigurationError`` naming what is wrong.
        package init(url: String, secret: String) throws(WebhookConfigurationError) {
            guard let parsed = URLComponents(string: url), ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""),
                  parsed.host?.isEmpty == false, parsed.fragment == nil else {
                throw .invalidURL(url)
            }
            guard secret.hasPrefix("whsec_"), let bytes = Data(base64Encoded: String(secret.dropFirst(6))), (24...64).contains(bytes.count) else {
                throw .invalidSecret
            }
            self.url = url
            key = Array(bytes)
        }
    }

    /// The id every try of one claim's event carries (``ClaimEvent/webhookID(claim:number:)``).
    package static func id(of claim: ClaimID, event: ClaimEvent = .firstNoticeOfLoss, number: Int? = nil) -> String {
        event.webhookID(claim: claim, number: number)
    }

    /// The `webhook-signature` value for a body sent with this id at this time.
    package static func signature(id: String, timestamp: Int, body: Data, key: [UInt8]) -> String {
        var signed = Data("\(id).\(timestamp).".utf8)
        signed.append(body)
        let mac = HMAC<SHA256>.authenticationCode(for: signed, using: SymmetricKey(data: key))
        return "v1," + Data(mac).base64EncodedString()
    }

    /// Sends one of the claim's events; returns once the receiver answered 2xx.
    package func deliver(
        _ event: ClaimEvent, of claim: Claim, driver: Account, documents: ClaimDocuments, publicURL: String, at date: Date
    ) async throws {
        let encoder = WireCoding.encoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = switch event {
        case .firstNoticeOfLoss:
            try encoder.encode(Components.Schemas.FirstNoticeOfLoss(claim, driver: driver, documents: documents, publicURL: publicURL, sentAt: date))
        case .documentsComplete:
            try encoder.encode(Components.Schemas.DocumentsComplete(claim, documents: documents, publicURL: publicURL, sentAt: date))
        case .documentVersionAdded:
            try encoder.encode(Components.Schemas.DocumentVersionAdded(
                claim, version: try documents.announced ?? { throw WebhookError.nothingToAnnounce }(), documents: documents,
                publicURL: publicURL, sentAt: date
            ))
        case .acknowledged:
            try encoder.encode(Components.Schemas.ClaimAcknowledged(
                claim, acknowledgement: try documents.acknowledged ?? { throw WebhookError.nothingToAnnounce }(), sentAt: date
            ))
        case .statusChanged:
            try encoder.encode(Components.Schemas.ClaimStatusChanged(
                claim, step: try documents.step ?? { throw WebhookError.nothingToAnnounce }(), sentAt: date
            ))
        case .crashReply:
            // A reply is told with the reply (`deliver(_:crash:claim:driver:publicURL:at:)`), never from a claim alone.
            throw WebhookError.nothingToAnnounce
        }
        let number: Int? = switch event {
        case .documentVersionAdded: documents.announced?.number
        case .acknowledged: documents.acknowledged.map { Int(ServerJob.milliseconds($0.acknowledgedAt)) }
        case .statusChanged: documents.step?.number
        case .firstNoticeOfLoss, .documentsComplete, .crashReply: nil
        }
        try await post(body, id: Self.id(of: claim.id, event: event, number: number), at: date)
    }

    /// Sends a driver's SMS reply (`crash.reply`), with the reply's own `webhook-id`.
    package func deliver(_ reply: SMSReply, crash: CrashTie, claim: ClaimID?, driver: Account, publicURL: String, at date: Date) async throws {
        let encoder = WireCoding.encoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = try encoder.encode(Components.Schemas.CrashReply(
            reply, crash: crash, claim: claim, driver: driver, link: CrashLinks(publicURL: publicURL).webLink(for: crash.crashID), sentAt: date
        ))
        try await post(body, id: ClaimEvent.webhookID(reply: reply.id), at: date)
    }

    /// POSTs one signed event; returns once the receiver answered 2xx.
    private func post(_ body: Data, id: String, at date: Date) async throws {
        let timestamp = Int(date.timeIntervalSince1970)
        var request = HTTPClientRequest(url: configuration.url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.headers.add(name: "User-Agent", value: "crash-assistant-server/\(ProductVersion.current)")
        request.headers.add(name: "webhook-id", value: id)
        request.headers.add(name: "webhook-timestamp", value: String(timestamp))
        request.headers.add(name: "webhook-signature", value: Self.signature(id: id, timestamp: timestamp, body: body, key: configuration.key))
        request.body = .bytes(ByteBuffer(bytes: body))
        let response: HTTPClientResponse
        do {
            response = try await http.execute(request, timeout: .seconds(10))
        } catch {
            throw WebhookError.unreachable(configuration.url, String(describing: error))
        }
        let answer = String(buffer: try await response.body.collect(upTo: 4 * 1024))
        guard (200..<300).contains(Int(response.status.code)) else {
            throw WebhookError.refused(status: Int(response.status.code), answer: String(answer.prefix(200)))
        }
    }
}

/// Why `--webhook-url` / `--webhook-secret` cannot be used.
package enum WebhookConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    case invalidURL(String)
    case invalidSecret

    package var description: String {
        switch self {
        case let .invalidURL(url): "“\(url.prefix(80))” is not an http(s) address to POST to"
        case .invalidSecret: "the secret must be whsec_ and the base64 of 24 to 64 random bytes (e.g. whsec_$(head -c 32 /dev/urandom | base64))"
        }
    }
}

/// The claims system did not take a notice.
package enum WebhookError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreachable(String, String)
    case refused(status: Int, answer: String)
    /// A new document version or an acknowledgement was to be told without naming one (``ClaimDocuments/announced``,
    /// ``ClaimDocuments/acknowledged``).
    case nothingToAnnounce

    package var description: String {
        switch self {
        case let .unreachable(url, reason): "the claims system at \(url.prefix(80)) could not be reached (\(reason))"
        case let .refused(status, answer):
            answer.isEmpty ? "the claims system answered HTTP \(status)" : "the claims system answered HTTP \(status): \(answer)"
        case .nothingToAnnounce: "no document version or acknowledgement was named to tell"
        }
    }
}

/// What a log line may show of the claims system's address: never the shared secret.
extension WebhookSender.Configuration: CustomStringConvertible, CustomDebugStringConvertible {
    package var description: String { "\(url) (secret not shown)" }
    package var debugDescription: String { description }
}
