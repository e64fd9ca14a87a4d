import Foundation

/// The server's name for one partial photo upload: a UUID it made, so no value from a request names a file.
struct UploadID: Sendable, Hashable, CustomStringConvertible {
    let rawValue: UUID

    init(_ rawValue: UUID = UUID()) {
        self.rawValue = rawValue
    }

    init?(text: String) {
        guard let uuid = UUID(uuidString: text) else { return nil }
        self.rawValue = uuid
    }

    var description: String { rawValue.uuidString.lowercased() }
}
