/// Which of a report's accident statements: the one every report has, with vehicle B, or the one A makes with another
/// motor vehicle on the parties list (``Party/Kind/motorVehicle(_:)``). Paper practice is one statement per pair of
/// vehicles that collided, so a pile-up has one for each vehicle A touched, each signed, declined and sealed on its own.
public enum StatementPair: Sendable, Hashable, CustomStringConvertible {
    /// A with vehicle B: ``CrashReport/statement``.
    case b
    /// A with the motor vehicle that is this party.
    case vehicle(PartyID)

    /// The other motor vehicle's party; `nil` for B's.
    public var party: PartyID? {
        if case let .vehicle(id) = self { id } else { nil }
    }

    public var description: String {
        switch self {
        case .b: "b"
        case let .vehicle(id): id.description
        }
    }
}
