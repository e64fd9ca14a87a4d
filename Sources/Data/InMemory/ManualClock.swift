import Domain
import Foundation
import Synchronization

/// A clock that says what it is told: for tests and reproducible runs.
public final class ManualClock: Clock {
    private let current: Mutex<Date>

    public init(_ start: Date = Date(timeIntervalSince1970: 1_795_000_000)) {
        current = Mutex(start)
    }

    public func now() -> Date {
        current.withLock { $0 }
    }

    /// Moves the clock on (or back, with a negative interval).
    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }
}
