import Foundation

/// The server's own id for an account: a UUID it made, never a value from a request.
struct AccountID: Sendable, Hashable, CustomStringConvertible {
    let rawValue: UUID

    init(_ rawValue: UUID = UUID()) {
        self.rawValue = rawValue
    }

    /// Reads an id the server wrote; `nil` when the text is not one.
    init?(text: String) {
        guard let uuid = UUID(uuidString: text) else { return nil }
        self.rawValue = uuid
    }

    var description: String { rawValue.uuidString.lowercased() }
}
