import Domain
import Synchronization

/// What a store wrote, told to whoever keeps copies of its reports (the cache in front of it), by the store itself
/// and for every write — the use cases' and sync's alike — so no copy outlives the version it was read from.
///
/// Observers are called on the writer's thread right after the write is durable, before the write call returns, so a
/// read that starts after a write returned sees it. They must only take note (a lock, an append) and return.
public final class StoreWrites: Sendable {
    /// One write.
    public enum Change: Sendable, Hashable {
        /// The report is stored at this version now.
        case stored(CrashReport)
        /// The report is no longer stored.
        case deleted(ReportID)

        public var reportID: ReportID {
            switch self {
            case let .stored(report): report.id
            case let .deleted(id): id
            }
        }
    }

    private let observers = Mutex<[@Sendable ([Change]) -> Void]>([])

    public init() {}

    /// Calls `observer` with the changes of every write from now on.
    public func observe(_ observer: @escaping @Sendable ([Change]) -> Void) {
        observers.withLock { $0.append(observer) }
    }

    /// Tells every observer what one write changed.
    func publish(_ changes: [Change]) {
        guard !changes.isEmpty else { return }
        for observer in observers.withLock({ $0 }) { observer(changes) }
    }
}

/// A store that tells of its writes (``StoreWrites``).
public protocol WriteObservable: Sendable {
    var writes: StoreWrites { get }
}
