import Domain

/// Issues local crash IDs (`CR-` and eight readable characters) when no server issues them.
/// About 8.5 × 10¹¹ possible IDs; `StartReport` asks again in the rare case one is already used.
public struct RandomCrashIDIssuer: CrashIDIssuer {
    public init() {}

    public func issue() -> CrashID {
        var generator = SystemRandomNumberGenerator()
        return CrashID.local(using: &generator)
    }
}
