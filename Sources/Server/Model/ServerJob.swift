import Domain

/// Work a request hands on once what it must keep is stored: drawing a report's PDF, texting a user about a crash.
enum ServerJob: Sendable, Hashable {
    /// Render the PDF of the owner's report as it is stored now, and record it as the report's document.
    case renderDocument(ReportID, owner: AccountID)
    /// Send the crash's SMS.
    case sendSMS(SMSMessage)
}
