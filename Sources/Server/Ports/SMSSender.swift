/// Sends the text message that tells a user about a crash the server detected.
protocol SMSSender: Sendable {
    func send(_ message: SMSMessage) async throws
}
