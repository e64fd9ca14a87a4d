import Foundation

/// Tells the time, and the zone local times are read in, so use cases can be tested at a fixed moment and place.
public protocol Clock: Sendable {
    func now() -> Date

    /// The zone the driver's local times are in: typed times, and camera times whose photo does not say.
    var timeZone: TimeZone { get }
}
