import Domain
import Foundation

/// The SMS messages to drivers and their states. A message is written with the crash event it tells of
/// (``CrashRecordStore/recordCrash(_:detector:owner:report:sms:at:)``), with the job that sends it.
package protocol SMSStore: Sendable {
    func smsMessage(_ id: SMSMessageID) async throws -> SMSMessage?

    /// The messages about one crash, oldest first.
    func smsMessages(crashID: CrashID) async throws -> [SMSMessage]

    /// The newest messages, newest first.
    func recentSMSMessages(limit: Int) async throws -> [SMSMessage]

    /// Moves the message on to `state` when that is further along than where it is (``SMSState/rank``), or to the
    /// same state with new words; a message never moves back.
    /// - Returns: the message as it is now; `nil` when there is no such message.
    func updateSMS(_ id: SMSMessageID, to state: SMSState, detail: String?, at date: Date) async throws -> SMSMessage?

    /// Keeps the digest of the token a try's delivery reports will carry (``SMSMessage/adding(reportDigest:)``),
    /// before the message is handed to the gateway with the token.
    /// - Returns: the message as it is now; `nil` when there is no such message.
    func addReportDigest(_ digest: TokenDigest, to id: SMSMessageID) async throws -> SMSMessage?

    /// Keeps `text` as the message's words from now on: a code it carried is hidden once the gateway took it
    /// (``SMSText/withoutCode(_:)``).
    func replaceSMSText(_ id: SMSMessageID, with text: String) async throws
}
