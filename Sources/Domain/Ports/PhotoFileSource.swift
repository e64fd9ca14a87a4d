import Foundation

/// Reads a photo file the driver named, refusing what cannot be a photo before reading it
/// (missing, a folder, unreadable, larger than the limit).
public protocol PhotoFileSource: Sendable {
    /// - Returns: the file's bytes and the name to show for it.
    /// - Throws: ``PhotoFileError`` naming the file and what is wrong, or ``PhotoError`` (too large, empty).
    func read(path: String) async throws -> PhotoFile
}
