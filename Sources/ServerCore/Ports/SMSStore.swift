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
    /// same state with new words; a message never moves back. With a `reportToken` (a delivery report's), only a
    /// message that takes reports with that token is moved (``SMSMessage/acceptsReport(token:)``), checked in the same
    /// transaction.
    /// - Returns: the message as it is now and the state it was in, read in the same transaction; `nil` when there is
    ///   no such message, or it does not take `reportToken`.
    func updateSMS(_ id: SMSMessageID, to state: SMSState, detail: String?, at date: Date, reportToken: String?) async throws -> SMSUpdate?

    /// Keeps the digest of the token a try's delivery reports will carry (``SMSMessage/adding(reportDigest:)``),
    /// before the message is handed to the gateway with the token; only while the message is still queued.
    /// - Returns: the message as it is now (as it was, when it is past ``SMSState/queued``: the gateway took it on an
    ///   earlier try); `nil` when there is no such message.
    func addReportDigest(_ digest: TokenDigest, to id: SMSMessageID) async throws -> SMSMessage?

    /// Records that the gateway took the message, in one transaction: moves it on to ``SMSState/accepted`` with the
    /// gateway's words (never back, as ``updateSMS(_:to:detail:at:reportToken:)``), keeps `text` as its words from now
    /// on (``SMSText/withoutCode(_:)``), and marks the job that sent it done (``JobStore/finishJob(_:at:)``, whose
    /// rules apply: another worker's later claim decides).
    /// - Returns: as ``updateSMS(_:to:detail:at:reportToken:)``; `nil` when the message is gone (the job is still
    ///   marked done).
    func recordHandOff(_ id: SMSMessageID, detail: String, text: String, finishing job: ClaimedJob, at date: Date) async throws -> SMSUpdate?

    /// Keeps `text` as the message's words from now on: a code it carried is hidden once the gateway took it
    /// (``SMSText/withoutCode(_:)``).
    func replaceSMSText(_ id: SMSMessageID, with text: String) async throws
}

extension SMSStore {
    /// Moves the message on to `state` (``updateSMS(_:to:detail:at:reportToken:)``), whatever token it takes.
    package func updateSMS(_ id: SMSMessageID, to state: SMSState, detail: String?, at date: Date) async throws -> SMSUpdate? {
        try await updateSMS(id, to: state, detail: detail, at: date, reportToken: nil)
    }
}

/// A message as an update left it, and the state it was in before (``SMSStore/updateSMS(_:to:detail:at:reportToken:)``).
@dynamicMemberLookup
package struct SMSUpdate: Sendable, Hashable {
    package let message: SMSMessage
    package let before: SMSState

    package init(message: SMSMessage, before: SMSState) {
        self.message = message
        self.before = before
    }

    /// Whether this update moved the message on (not the same state with new words, nor a report it was past).
    package var movedOn: Bool {
        message.state.rank > before.rank
    }

    package subscript<Value>(dynamicMember keyPath: KeyPath<SMSMessage, Value>) -> Value {
        message[keyPath: keyPath]
    }
}
