import Foundation

/// An id the server makes for one of its own records: a UUID, never a value from a request. `Kind` keeps the ids
/// of different records apart (``AccountID``, ``UploadID``).
package struct ServerID<Kind>: Sendable, Hashable, CustomStringConvertible {
    package let rawValue: UUID

    package init(_ rawValue: UUID = UUID()) {
        self.rawValue = rawValue
    }

    /// Reads an id the server wrote; `nil` when the text is not one.
    package init?(text: String) {
        guard let uuid = UUID(uuidString: text) else { return nil }
        self.rawValue = uuid
    }

    package var description: String { rawValue.uuidString.lowercased() }
}

/// An account's id.
package typealias AccountID = ServerID<Account>

/// The name of one partial photo upload, so no value from a request names a file.
package typealias UploadID = ServerID<PartialUpload>
