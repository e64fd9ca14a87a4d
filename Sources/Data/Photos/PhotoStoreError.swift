import Foundation

/// A photo file could not be written, read or deleted.
public struct PhotoStoreError: ExitCodeError, Sendable, Hashable, LocalizedError {
    public let operation: String
    public let path: String
    public let reason: String

    public init(operation: String, path: String, reason: String) {
        self.operation = operation
        self.path = path
        self.reason = reason
    }

    public var description: String {
        "Could not \(operation) the photo file \(path) (\(reason)). Check that the disk has free space and the folder "
            + "is writable, then try again."
    }

    public var errorDescription: String? { description }

    /// 74 `EX_IOERR`.
    public var exitCode: Int32 { 74 }
}
