import Foundation

/// Reads a photo file the driver named, refusing what cannot be a photo before reading it
/// (missing, a folder, unreadable, larger than the limit).
public protocol PhotoFileSource: Sendable {
    /// - Returns: the file's bytes and the name to show for it.
    /// - Throws: an error whose message names the file and what to do.
    func read(path: String) async throws -> PhotoFile
}

/// The bytes of a photo file and its name.
public struct PhotoFile: Sendable, Hashable {
    public let bytes: Data
    public let fileName: String

    public init(bytes: Data, fileName: String) {
        self.bytes = bytes
        self.fileName = fileName
    }
}
