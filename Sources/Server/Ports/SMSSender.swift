import Domain

/// Sends the text message that tells a user about a crash the server detected.
protocol SMSSender: Sendable {
    func send(_ message: SMSMessage) async throws

    /// Removes what is kept of the messages sent about these crashes (a person's data, on an erasure request).
    /// - Returns: how many were removed.
    func erase(crashIDs: [CrashID]) async throws -> Int
}
