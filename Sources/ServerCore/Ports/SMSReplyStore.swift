import Domain
import Foundation

/// The drivers' SMS replies, the crashes they answer, and the numbers that asked for no more SMS.
package protocol SMSReplyStore: Sendable {
    /// The newest crash event whose crash SMS (the one written with the event) went to `phone`; `nil` when none did.
    func latestCrash(textedTo phone: PhoneNumber) async throws -> CrashTie?

    /// Keeps the reply and does what it asks, in one transaction (``StoreSteps/recordReply(_:tellsClaimsSystem:at:in:confirmation:)``).
    func recordReply(
        _ reply: SMSReply, tellsClaimsSystem: Bool, at date: Date, confirmation: @escaping @Sendable (CrashTie, ReplyEffects) -> SMSMessage?
    ) async throws -> ReplyRecord

    func smsReply(_ id: SMSReplyID) async throws -> SMSReply?

    /// The replies to one crash, the first first.
    func replies(crashID: CrashID) async throws -> [SMSReply]

    /// The newest replies with this keyword since `date`, newest first.
    func recentReplies(_ keyword: ReplyKeyword, since date: Date, limit: Int) async throws -> [SMSReply]

    /// When the number asked for no more SMS (STOP), while it still does; `nil` when SMS may go to it.
    func smsStopped(_ phone: PhoneNumber) async throws -> Date?

    /// Lets SMS go to the number again (its phone number was set again by an operator).
    func clearSMSStop(_ phone: PhoneNumber) async throws
}
