import Foundation

/// Identifies one photo inside a report.
public struct PhotoID: Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UUID

    public init(_ rawValue: UUID = UUID()) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue.uuidString.lowercased() }
}
