import Domain
import Foundation

/// Crash IDs the server issued, and the crash events that made some of them.
package protocol CrashRecordStore: Sendable {
    /// Records `crashID` as issued to `owner`, within `rate` (the crash IDs issued to them since its start, counted in
    /// the same transaction).
    /// - Throws: ``ServerStoreError/crashIDTaken(_:)`` when it was issued before (draw another); the allowance's
    ///   ``ServerRefusal``.
    func recordCrashID(_ crashID: CrashID, owner: AccountID, at date: Date, within rate: Allowance?) async throws

    /// What the detector's event made, when the detector sent this event before.
    func receipt(eventID: String, detector: AccountID) async throws -> CrashEventReceipt?

    /// Whom this crash ID was issued to, or `nil` when the server never issued it.
    func owner(of crashID: CrashID) async throws -> AccountID?

    /// How many crash IDs were issued to the owner since `date`, and when the first of them was.
    func crashIDsIssued(to owner: AccountID, since date: Date) async throws -> RateCount

    /// Records a detected crash once, in one step: the event, its crash ID (`report.crashID`, issued to `owner`)
    /// and its draft `report` (revision 0, stored at revision 1); and, when there is an `sms` to send, the message
    /// and the job that sends it (``ServerJob/sendSMS(_:)``), so it is sent even when this instance dies next.
    /// - Returns: the new receipt and `true`; or, when the detector recorded this event before (two deliveries at
    ///   once), the first receipt and `false`, storing nothing.
    /// - Throws: ``ServerStoreError/crashIDTaken(_:)`` when the crash ID was issued before (draw another).
    /// - Parameter rate: the detector's crash events since its start, counted in the same transaction (a repeat of an
    ///   event recorded before is not counted).
    func recordCrash(
        _ crash: DetectedCrash, detector: AccountID, owner: AccountID, report: CrashReport, sms: SMSMessage?, at date: Date,
        within rate: Allowance?
    ) async throws -> (receipt: CrashEventReceipt, isNew: Bool)
}

extension CrashRecordStore {
    /// Records `crashID` as issued to `owner`, bound by no rate.
    package func recordCrashID(_ crashID: CrashID, owner: AccountID, at date: Date) async throws {
        try await recordCrashID(crashID, owner: owner, at: date, within: nil)
    }

    /// Records a detected crash, bound by no rate.
    package func recordCrash(
        _ crash: DetectedCrash, detector: AccountID, owner: AccountID, report: CrashReport, sms: SMSMessage?, at date: Date
    ) async throws -> (receipt: CrashEventReceipt, isNew: Bool) {
        try await recordCrash(crash, detector: detector, owner: owner, report: report, sms: sms, at: date, within: nil)
    }
}

/// How many of something happened in a window, and when the first of them did.
package struct RateCount: Sendable, Hashable {
    package let count: Int
    package let earliest: Date?

    package init(count: Int, earliest: Date?) {
        self.count = count
        self.earliest = earliest
    }
}
