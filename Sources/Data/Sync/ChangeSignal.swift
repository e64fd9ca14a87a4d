import Synchronization

/// A wire from whoever notices something sync should act on (a local write stored, the server answering again) to
/// the sync engine, connected once both exist.
public final class ChangeSignal: Sendable {
    private let handler = Mutex<(@Sendable () -> Void)?>(nil)

    public init() {}

    /// Calls `handler` on every ``fire()`` from now on.
    public func connect(_ handler: @escaping @Sendable () -> Void) {
        self.handler.withLock { $0 = handler }
    }

    public func fire() {
        handler.withLock { $0 }?()
    }
}
