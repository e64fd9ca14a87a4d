import Domain

/// The SMS a detected crash sends its user: the web link and the app link to the crash.
struct SMSMessage: Sendable, Hashable {
    /// The user's name, as added with `user add`.
    let recipient: String
    let crashID: CrashID
    /// `<public URL>/c/<crash ID>`
    let webLink: String
    /// `crashassistant://crash/<crash ID>`
    let appLink: String
    let isTest: Bool

    /// The message as the user reads it.
    var text: String {
        let prefix = isTest ? "[TEST] " : ""
        return "\(prefix)Crash Assistant: we detected a crash (\(crashID)). Open it to collect what your claim needs: "
            + "\(webLink) or in the app: \(appLink)"
    }
}
