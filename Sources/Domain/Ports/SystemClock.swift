import Foundation

/// The computer's clock.
public struct SystemClock: Clock {
    public init() {}

    public func now() -> Date { Date() }

    /// The machine's time zone (`TZ`, else the system's).
    public var timeZone: TimeZone { .current }
}
