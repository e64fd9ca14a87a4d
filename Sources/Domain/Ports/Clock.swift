import Foundation

/// Tells the time, so use cases can be tested at a fixed moment.
public protocol Clock: Sendable {
    func now() -> Date
}
