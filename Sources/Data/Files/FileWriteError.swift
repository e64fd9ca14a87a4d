import Foundation

/// A file could not be put in place: what was being done, to which path, and the system's reason (`strerror`).
/// Callers turn it into the error their users see (`PhotoStoreError`, `ShareError`).
public struct FileWriteError: Error, Sendable, Hashable {
    /// What was being done: `create`, `write`, `flush`, `link`, `rename` or `open`.
    public let operation: String
    /// The file or folder it was done to.
    public let path: String
    /// The system's words for what went wrong.
    public let reason: String

    public init(operation: String, path: String, reason: String) {
        self.operation = operation
        self.path = path
        self.reason = reason
    }

    /// The failure of `operation` on `path`, with the reason `errno` gives (read it before any other call).
    public static func lastError(_ operation: String, _ path: String) -> FileWriteError {
        FileWriteError(operation: operation, path: path, reason: String(cString: strerror(errno)))
    }
}
