import Foundation

/// Why a photo file the driver named could not be read. Each case carries the file's absolute path (and the
/// system's reason); the edges choose the words.
public enum PhotoFileError: Error, Sendable, Hashable {
    /// No path was given.
    case noPath
    /// Nothing is at the path (or a part of it is not a folder).
    case missing(path: String)
    /// The path names a folder.
    case folder(path: String)
    /// The path names something that is not a regular file (a device, a pipe…).
    case notRegularFile(path: String)
    /// The file may not be read.
    case permissionDenied(path: String)
    /// The file could not be opened; `reason` is the system's words.
    case cannotOpen(path: String, reason: String)
    /// The file was opened but reading it failed; `reason` is the system's words.
    case readFailed(path: String, reason: String)
}
