import Domain

/// Hands a driver's SMS to whatever sends it on: an SMS gateway (`KannelSMSSender`), or a folder an operator reads
/// (`FileSMSSender`). Another gateway (an SMS provider's HTTP API, say) stands behind this port as one more
/// implementation chosen by the scheme of `serve --sms-url`; its delivery reports reach
/// `GET /v1/sms/{messageId}/delivery` with the report token it was handed with.
package protocol SMSSender: Sendable {
    /// What sends the messages, for the line the server logs at start.
    var summary: String { get }

    /// Hands the message on; returns once the gateway took it (a message it refused or could not be asked to take
    /// throws, and is tried again later).
    /// - Parameter reportToken: the secret this try's delivery reports carry (only its digest is stored).
    func send(_ message: SMSMessage, reportToken: String) async throws -> SMSHandOff

    /// Removes what is kept of the messages sent about these crashes outside the database (a person's data, on an
    /// erasure request).
    /// - Returns: how many were removed.
    func erase(crashIDs: [CrashID]) async throws -> Int
}

/// What the gateway said when it took a message.
package struct SMSHandOff: Sendable, Hashable {
    /// Its words (e.g. Kannel's `0: Accepted for delivery`).
    package let detail: String

    package init(detail: String) {
        self.detail = detail
    }
}
