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
    /// The system's error number, when the system gave one.
    public let code: Int32?

    public init(operation: String, path: String, reason: String, code: Int32? = nil) {
        self.operation = operation
        self.path = path
        self.reason = reason
        self.code = code
    }

    /// The failure of `operation` on `path`, with the reason `errno` gives (read it before any other call).
    public static func lastError(_ operation: String, _ path: String) -> FileWriteError {
        let code = errno
        return FileWriteError(operation: operation, path: path, reason: String(cString: strerror(code)), code: code)
    }

    /// Whether the disk (or the user's share of it) is full.
    public var isOutOfSpace: Bool { code == ENOSPC || code == EDQUOT }
}
