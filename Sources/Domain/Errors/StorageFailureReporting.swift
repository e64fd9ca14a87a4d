/// An adapter's error that states its facts as a ``StorageFailure``, so callers need not know the adapter.
public protocol StorageFailureReporting: Error {
    var storageFailure: StorageFailure { get }
}

extension StorageFailure: StorageFailureReporting {
    public var storageFailure: StorageFailure { self }
}
