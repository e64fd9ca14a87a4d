import Domain
import Foundation
import Synchronization

/// A clock that says what it is told: for tests and reproducible runs.
public final class ManualClock: Clock {
    private let current: Mutex<Date>
    public let timeZone: TimeZone

    /// - Parameter timeZone: the driver's zone; UTC unless a test says otherwise, so results do not depend on
    ///   the machine's.
    public init(_ start: Date = Date(timeIntervalSince1970: 1_795_000_000), timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current) {
        current = Mutex(start)
        self.timeZone = timeZone
    }

    public func now() -> Date {
        current.withLock { $0 }
    }

    /// Moves the clock on (or back, with a negative interval).
    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }
}
