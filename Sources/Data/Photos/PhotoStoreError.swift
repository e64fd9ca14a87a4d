import Domain
import Foundation

/// A photo file could not be written, read or deleted: what was tried, the file and the system's reason.
public struct PhotoStoreError: Error, Sendable, Hashable, StorageFailureReporting {
    public let operation: String
    public let path: String
    public let reason: String

    public init(operation: String, path: String, reason: String) {
        self.operation = operation
        self.path = path
        self.reason = reason
    }

    public var storageFailure: StorageFailure {
        StorageFailure(.photoFile(operation: operation), path: path, cause: reason)
    }
}
