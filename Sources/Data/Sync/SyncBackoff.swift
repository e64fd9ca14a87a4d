import Foundation

/// How long sync waits before trying again after failures: doubling from ``base`` up to ``cap``, each pause drawn
/// between half and all of that ("equal jitter"), so many devices that lost the server together do not return
/// together.
public struct SyncBackoff: Sendable, Hashable {
    public var base: Duration
    public var cap: Duration

    public init(base: Duration, cap: Duration) {
        self.base = base
        self.cap = cap
    }

    /// One second, doubling to a minute.
    public static let standard = SyncBackoff(base: .seconds(1), cap: .seconds(60))

    /// The pause after `failures` failures in a row (at least one).
    public func delay(afterFailures failures: Int, using generator: inout some RandomNumberGenerator) -> Duration {
        let exponent = min(max(failures - 1, 0), 30)
        let ceiling = min(base * (1 << exponent), cap)
        let fraction = Double.random(in: 0.5...1.0, using: &generator)
        return ceiling * fraction
    }
}
