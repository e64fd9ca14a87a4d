/// Issues crash IDs: the server, or a local issuer when there is none.
public protocol CrashIDIssuer: Sendable {
    func issue() async throws -> CrashID
}
