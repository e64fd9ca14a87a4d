import Foundation

/// Identifies one device's local store: the numbering of its outbox records is this device's own.
public struct DeviceID: Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UUID

    public init(_ rawValue: UUID = UUID()) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue.uuidString.lowercased() }
}
