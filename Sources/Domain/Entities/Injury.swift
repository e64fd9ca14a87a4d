/// Who was injured: one option of the "Who was injured?" screen.
public enum Injury: Int, Sendable, Hashable, CaseIterable, Comparable {
    case myself = 1
    case myPassengers
    case otherDriver
    case otherDriversPassengers
    case noOne
    case unsure

    /// *No one* and *Unsure* stand alone: choosing one of them clears every other choice.
    public var isExclusive: Bool { self == .noOne || self == .unsure }

    public static func < (lhs: Injury, rhs: Injury) -> Bool { lhs.rawValue < rhs.rawValue }
}
