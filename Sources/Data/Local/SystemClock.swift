import Domain
import Foundation

/// The computer's clock.
public struct SystemClock: Clock {
    public init() {}

    public func now() -> Date { Date() }
}
