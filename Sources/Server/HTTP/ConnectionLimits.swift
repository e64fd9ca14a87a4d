import Synchronization

/// The bounds every connection is held to, so a client that stops sending (a phone losing its signal, or a slow
/// client on purpose) never holds a socket, a lock or a database connection for long.
struct ConnectionLimits: Sendable, Hashable {
    /// How long a connection may take to send a whole request head: from when it opens, or from the end of the last
    /// answer on it. Bytes trickling in do not extend it.
    var headTimeout: Duration
    /// How long a connection may send nothing: between requests on a kept-alive connection, and within a request
    /// body (a stalled upload is ended, what arrived kept to resume from).
    var idleTimeout: Duration
    /// How many connections may be open at once; any more are closed as soon as they are accepted.
    var maximumConnections: Int

    static let standard = ConnectionLimits(headTimeout: .seconds(15), idleTimeout: .seconds(30), maximumConnections: 512)
}

/// How many connections are open, shared by every connection's ``ConnectionCountHandler``.
final class ConnectionCounter: Sendable {
    let maximum: Int
    private let open = Atomic<Int>(0)

    init(maximum: Int) {
        self.maximum = maximum
    }

    /// Counts a connection in; `false` when it is one too many (it is not counted).
    func admit() -> Bool {
        while true {
            let current = open.load(ordering: .relaxed)
            guard current < maximum else { return false }
            if open.compareExchange(expected: current, desired: current + 1, ordering: .relaxed).exchanged { return true }
        }
    }

    func release() {
        open.subtract(1, ordering: .relaxed)
    }

    var count: Int { open.load(ordering: .relaxed) }
}
