import Domain

/// What a crash event made: the crash ID and the draft report seeded with the detected time and place.
struct CrashEventReceipt: Sendable, Hashable {
    let crashID: CrashID
    let reportID: ReportID
    /// The user the event was for.
    let owner: AccountID
    /// The SHA-256 of the event as received (``DetectedCrash/digest``); `nil` for events recorded before it was kept.
    let eventDigest: String?
}
