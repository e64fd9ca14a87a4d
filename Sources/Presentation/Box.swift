/// A value a screen listens to: `bind` calls the listener at once with the current value
/// and again after every change, until the returned token is cancelled or released.
@MainActor
public final class Box<Value> {
    /// Stops a listener; dropping the token stops it as well.
    @MainActor
    public final class Binding {
        private var cancel: (() -> Void)?

        fileprivate init(cancel: @escaping () -> Void) {
            self.cancel = cancel
        }

        public func unbind() {
            cancel?()
            cancel = nil
        }

        isolated deinit {
            cancel?()
        }
    }

    public var value: Value {
        didSet {
            for listener in listeners.values { listener(value) }
        }
    }

    private var listeners: [Int: (Value) -> Void] = [:]
    private var nextKey = 0

    public init(_ value: Value) {
        self.value = value
    }

    /// Calls `listener` now with the current value and after every change.
    /// Keep the returned binding for as long as the listener should hear changes.
    public func bind(_ listener: @escaping (Value) -> Void) -> Binding {
        let key = nextKey
        nextKey += 1
        listeners[key] = listener
        listener(value)
        return Binding { [weak self] in self?.listeners[key] = nil }
    }

    /// How many listeners are bound.
    public var listenerCount: Int { listeners.count }
}
