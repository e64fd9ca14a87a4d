import Domain

/// Work a request hands on once what it must keep is stored: texting a user about a crash. (A report's PDF is drawn
/// in the request, before the completion is stored: ``DocumentRendering``.)
enum ServerJob: Sendable, Hashable {
    /// Send the crash's SMS.
    case sendSMS(SMSMessage)
}
