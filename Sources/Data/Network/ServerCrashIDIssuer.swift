import Domain

/// Crash IDs from the server when it can be reached soon, else a local one (`CrashID/isLocal`) that sync replaces
/// with a server-issued one at the first push, telling the driver. Starting a report never waits long on a weak
/// signal.
public struct ServerCrashIDIssuer: CrashIDIssuer {
    let client: ServerClient
    let fallback: any CrashIDIssuer
    let answered: ChangeSignal?

    /// - Parameter answered: fired when the server answered, so sync can send what waits.
    public init(client: ServerClient, fallback: any CrashIDIssuer, answered: ChangeSignal? = nil) {
        self.client = client
        self.fallback = fallback
        self.answered = answered
    }

    public func issue() async throws -> CrashID {
        // The server did not answer a moment ago: the driver does not wait for it again.
        if client.failedRecently(within: .seconds(30)) { return try await fallback.issue() }
        do {
            let issued = try await client.issueCrashID(within: .seconds(4))
            answered?.fire()
            return issued
        } catch {
            return try await fallback.issue()
        }
    }
}
