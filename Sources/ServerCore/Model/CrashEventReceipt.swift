import Domain

/// What a crash event made: the crash ID and the draft report seeded with the detected time and place.
package struct CrashEventReceipt: Sendable, Hashable {
    package let crashID: CrashID
    package let reportID: ReportID
    /// The user the event was for.
    package let owner: AccountID
    /// The SHA-256 of the event as received (``DetectedCrash/digest``); `nil` for events recorded before it was kept.
    package let eventDigest: String?

    package init(crashID: CrashID, reportID: ReportID, owner: AccountID, eventDigest: String?) {
        self.crashID = crashID
        self.reportID = reportID
        self.owner = owner
        self.eventDigest = eventDigest
    }
}
