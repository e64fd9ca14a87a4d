import Synchronization

/// A value behind a lock that closures can share.
public final class Shared<Value: Sendable>: Sendable {
    /// The value; read and change it inside `withLock`.
    public let value: Mutex<Value>

    public init(_ value: Value) {
        self.value = Mutex(value)
    }
}
