import Domain
import Foundation
import Logging
import Wording

/// Takes in the drivers' SMS replies the gateway hands over: ties each to the newest crash whose SMS went to the
/// sender's number, keeps it, does what it asks (``ReplyKeyword``), answers with a short confirmation in the driver's
/// language, and tells the claims system.
package struct SMSReplies: Sendable {
    package let store: any SMSReplyStore
    package let accounts: any AccountStore
    /// The claims the crashes' reports became, for the desk's links.
    package let claims: any ClaimStore
    package let links: CrashLinks
    /// Whether a claims system is configured to be told of replies.
    package let tellsClaimsSystem: Bool
    package let worker: JobWorker?
    package let clock: any Clock
    package let logger: Logger
    /// The digest of the secret the gateway's calls carry (`serve --sms-reply-key`); `nil` when replies are not taken.
    private let keyDigest: TokenDigest?

    package init(
        store: any SMSReplyStore, accounts: any AccountStore, claims: any ClaimStore, links: CrashLinks, tellsClaimsSystem: Bool, worker: JobWorker?, clock: any Clock,
        key: String?, logger: Logger
    ) {
        keyDigest = key.map { TokenDigest(token: $0) }
        self.store = store
        self.accounts = accounts
        self.claims = claims
        self.links = links
        self.tellsClaimsSystem = tellsClaimsSystem
        self.worker = worker
        self.clock = clock
        self.logger = logger
    }

    /// Whether the server takes replies (it was given a key).
    package var takesReplies: Bool { keyDigest != nil }

    /// Whether a gateway's call carries the server's key: compared as digests, so the time taken says nothing of the key.
    package func accepts(key: String) -> Bool {
        guard let keyDigest else { return false }
        return TokenDigest(token: key).hex.utf8.elementsEqual(keyDigest.hex.utf8)
    }

    /// A reply as the gateway hands it over.
    package struct Incoming: Sendable, Hashable {
        /// The sender's number as the SMS centre gives it: `+` or `00` and the country code, or the international
        /// number's digits alone.
        package let sender: String
        package let text: String
        /// The gateway's own id for the message, when it gives one.
        package let gatewayID: String?
        /// When the SMS centre got it, when the gateway says.
        package let sentAt: Date?

        package init(sender: String, text: String, gatewayID: String?, sentAt: Date? = nil) {
            self.sentAt = sentAt
            self.sender = sender
            self.text = text
            self.gatewayID = gatewayID
        }
    }

    /// The sender's number as a reply names it: `+` or `00` and the country code; digits alone are an international
    /// number without its `+` (as SMS centres give senders).
    /// - Throws: `PhoneNumberError` naming what is wrong.
    package static func sender(_ raw: String) throws(PhoneNumberError) -> PhoneNumber {
        let text = raw.trimmingCharacters(in: .whitespaces)
        if let first = text.first, first.isASCII, first.isNumber, !text.hasPrefix("00"), text.first != "0" {
            return try PhoneNumber(kept: "+" + text)
        }
        return try PhoneNumber(kept: text)
    }

    /// Takes a reply in.
    /// - Returns: what became of it.
    package func receive(_ incoming: Incoming) async throws -> ReplyRecord {
        let sender = try Self.sender(incoming.sender)
        let text = SMSReply.keptText(incoming.text)
        let keyword = ReplyKeyword.read(text)
        let now = clock.now()
        guard let crash = try await store.latestCrash(textedTo: sender) else {
            ServerMetrics.smsReply(keyword, outcome: "unmatched")
            logger.info("an SMS reply from a number no crash SMS went to; not kept", metadata: ["from": "\(sender.masked)"])
            return .unmatched
        }
        // The driver's language, for the confirmation: their account's, read before the transaction.
        let language = try await accounts.account(id: crash.owner)?.language
        let words = Languages.shipped.best([language?.rawValue].compactMap { $0 })
        let crashLink = links.webLink(for: crash.crashID)
        let reply = SMSReply(
            gatewayID: incoming.gatewayID, sender: sender, text: text, keyword: keyword, receivedAt: now, sentAt: incoming.sentAt, crash: crash
        )
        let record = try await store.recordReply(reply, tellsClaimsSystem: tellsClaimsSystem, at: now) { crash, effects in
            SMSText.replyConfirmation(keyword, crashID: crash.crashID, effects: effects, link: crashLink, words: words).map { text in
                SMSMessage.queued(crashID: crash.crashID, owner: crash.owner, recipient: sender, text: text, at: now)
            }
        }
        switch record {
        case .unmatched:
            ServerMetrics.smsReply(keyword, outcome: "unmatched")
        case .repeated:
            ServerMetrics.smsReply(keyword, outcome: "repeated")
        case .dropped:
            ServerMetrics.smsReply(keyword, outcome: "dropped")
            logger.warning("an SMS reply past the replies kept for one crash; not kept", metadata: [
                "crash-id": "\(crash.crashID)", "limit": "\(ServerLimits.repliesPerCrash)",
            ])
        case let .kept(_, effects):
            ServerMetrics.smsReply(keyword, outcome: "kept")
            let level: Logger.Level = keyword == .help ? .warning : .info
            logger.log(level: level, "SMS reply from a driver", metadata: [
                "crash-id": "\(crash.crashID)", "keyword": "\(ReplyKeyword.name(keyword))", "from": "\(sender.masked)",
                "draft-removed": "\(effects.removedDraft)", "confirmed": "\(effects.confirmation != nil)",
            ])
            worker?.nudge()
        }
        return record
    }

    /// A driver's call for help, with whom it is from and the claim the crash's report became, if it did.
    package struct HelpCall: Sendable, Hashable {
        package let reply: SMSReply
        package let driver: Account?
        package let claim: ClaimID?
    }

    /// The drivers who asked for help since ``ServerLimits/helpListed`` ago, the newest first, at most `limit`.
    package func helpCalls(limit: Int = 20) async throws -> [HelpCall] {
        var calls: [HelpCall] = []
        for reply in try await store.recentReplies(.help, since: clock.now().addingTimeInterval(-ServerLimits.helpListed.inSeconds), limit: limit) {
            calls.append(HelpCall(
                reply: reply, driver: try await accounts.account(id: reply.crash.owner),
                claim: try await claims.claim(of: reply.crash.report, owner: reply.crash.owner)?.id
            ))
        }
        return calls
    }

    /// The driver's replies to a claim's crash, the first first.
    package func replies(to claim: Claim) async throws -> [SMSReply] {
        try await store.replies(crashID: claim.report.crashID).filter { $0.crash.owner == claim.owner }
    }

    /// The words an SMS that was not sent keeps, for a number that replied STOP.
    package static func withheldDetail(since date: Date) -> String {
        "not sent: the number replied STOP at \(date.formatted(.iso8601)); it gets SMS again when it replies START or its phone number is set again"
    }
}
