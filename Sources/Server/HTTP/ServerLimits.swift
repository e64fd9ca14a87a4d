import Domain

/// The limits the server keeps to, in one place.
enum ServerLimits {
    /// The largest request body on any route: 20 MiB, the largest photo the app accepts (the photo routes' limit).
    static let maximumBodyBytes = ReportLimits.maximumPhotoBytes
    /// The largest report body: 1 MiB. The largest valid report — fifty photos, each with a file name of 1,024
    /// characters of four bytes, JSON-escaped, and a note and an address at their limits — stays under half of it.
    static let maximumReportBytes = 1_024 * 1_024
    /// The largest crash event body: 16 KiB (a few hundred bytes in practice).
    static let maximumCrashEventBytes = 16 * 1_024
    /// The largest acknowledgement body: 8 KiB (a claim number and a message of 500 characters of four bytes).
    static let maximumAcknowledgementBytes = 8 * 1_024
    /// How many reports a page of the list holds when the client does not say.
    static let reportsPerPage = 100
    /// The most reports a page of the list may hold.
    static let maximumReportsPerPage = 200
    /// How many claims a page of a handler's list holds when the client does not say.
    static let claimsPerPage = 50
    /// How long a deleted report is remembered for devices asking what changed: 90 days.
    static let deletionMemory: Duration = .seconds(90 * 24 * 3_600)
    /// The most deleted reports remembered per account (the newest).
    static let deletionsRememberedPerAccount = 10_000
    /// How long a finished job (done, or given up) is kept for an operator to look at: 30 days.
    static let finishedJobMemory: Duration = .seconds(30 * 24 * 3_600)
    /// How many times a new crash ID is drawn when the one drawn was issued before.
    static let crashIDAttempts = 8
}
