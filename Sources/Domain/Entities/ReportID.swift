import Foundation

/// Identifies a report for its whole life, whatever crash ID it carries.
public struct ReportID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: UUID

    public init(_ rawValue: UUID = UUID()) {
        self.rawValue = rawValue
    }

    /// Reads a report id written as a UUID string; `nil` when it is not one.
    public init?(uuidString: String) {
        guard let uuid = UUID(uuidString: uuidString) else { return nil }
        self.rawValue = uuid
    }

    public var description: String { rawValue.uuidString.lowercased() }

    public static func < (lhs: ReportID, rhs: ReportID) -> Bool {
        lhs.description < rhs.description
    }
}
