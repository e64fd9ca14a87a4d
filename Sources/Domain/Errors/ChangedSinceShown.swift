/// A change refused because what it would replace is no longer what the driver was shown: another window or program
/// stored another value since (`current` is the report as stored now). Nothing was stored; the screen shows `current`
/// and asks again.
public struct ChangedSinceShown: Error, Sendable, Hashable {
    public let current: CrashReport

    public init(current: CrashReport) {
        self.current = current
    }
}
