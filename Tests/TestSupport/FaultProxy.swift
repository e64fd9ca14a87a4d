import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.1 proxy on 127.0.0.1 between a client and the server, for the sync's fault tests: it passes bytes
/// through unchanged (keep-alive on both sides) and applies the faults a test programs while it runs — a request
/// dropped, an answer dropped after the server committed, a request delivered twice, an upload cut off, the server
/// out of reach — and logs what became of every request.
///
/// One thread accepts connections and one thread serves each client's connection, one request after the other, over
/// a connection to the server of its own. A test calls `stop()` at its end (`defer { proxy.stop() }`): it closes every
/// socket and waits for every thread to end (the threads keep the proxy alive until then).
public final class FaultProxy: Sendable {
    private struct State {
        var upstreamPort: Int
        var faults: [ProxyFault] = []
        var log: [ProxyLogEntry] = []
        var isDown = false
        var isStopped = false
        /// Every socket open now, but the listening one: shut down to go down or stop.
        var open: Set<Int32> = []
        var clientConnections = 0
        var serverConnections = 0
    }

    /// The port the proxy listens on, on 127.0.0.1: the client's server address is `http://127.0.0.1:<port>`.
    public let port: Int
    private let listener: Int32
    private let state: Mutex<State>
    private let threads = DispatchGroup()

    /// Listens on a free port and forwards to the server on 127.0.0.1:`upstreamPort`.
    public init(upstreamPort: Int) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw ProxyFailure(description: "socket: \(String(cString: strerror(errno)))") }
        var on: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        guard bound == 0, named == 0, listen(listener, 128) == 0 else {
            let reason = String(cString: strerror(errno))
            close(listener)
            throw ProxyFailure(description: "cannot listen on 127.0.0.1: \(reason)")
        }
        self.listener = listener
        self.port = Int(UInt16(bigEndian: address.sin_port))
        self.state = Mutex(State(upstreamPort: upstreamPort))
        startThread { [self] in acceptConnections() }
    }

    /// The address a client uses to reach the server through the proxy: `http://127.0.0.1:<port>`.
    public var url: String { "http://127.0.0.1:\(port)" }

    // MARK: - Programming it

    /// The server's port on 127.0.0.1; a change applies from the next request (after a restart on a new port).
    public var upstreamPort: Int {
        get { state.withLock { $0.upstreamPort } }
        set { state.withLock { $0.upstreamPort = newValue } }
    }

    /// Adds a fault after those already waiting: a request gets the first waiting fault that matches it.
    public func inject(_ fault: ProxyFault) {
        state.withLock { $0.faults.append(fault) }
    }

    /// Adds `action` for the next `times` requests matching `method` (any when nil) and `path`.
    public func inject(_ action: ProxyFault.Action, method: String? = nil, path: ProxyFault.PathPattern = .any, times: Int = 1) {
        inject(ProxyFault(action, method: method, path: path, times: times))
    }

    /// The faults that have not been used up yet.
    public var pendingFaults: [ProxyFault] {
        state.withLock { $0.faults }
    }

    /// Forgets the faults not used up yet.
    public func clearFaults() {
        state.withLock { $0.faults.removeAll() }
    }

    /// The server "cannot be reached": connections open now are closed, and new ones are closed at once, until `up()`.
    /// The server process keeps running.
    public func down() {
        state.withLock { state in
            state.isDown = true
            for descriptor in state.open { shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }

    /// The server can be reached again.
    public func up() {
        state.withLock { $0.isDown = false }
    }

    /// Whether the proxy is down.
    public var isDown: Bool {
        state.withLock { $0.isDown }
    }

    // MARK: - What passed

    /// What became of every request so far, in the order they ended. An entry is logged before the client can see
    /// the request's end (the answer's last byte, or its connection closed).
    public var log: [ProxyLogEntry] {
        state.withLock { $0.log }
    }

    /// Forgets the log so far.
    public func clearLog() {
        state.withLock { $0.log.removeAll() }
    }

    /// Waits until the log holds an entry matching `condition` (at most `seconds`), and returns the log then.
    @discardableResult
    public func waitForLog(seconds: Double = 20, until condition: (ProxyLogEntry) -> Bool) -> [ProxyLogEntry] {
        OwnThreadsExecutor.expectCurrent("Waiting for the proxy's log")
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let entries = log
            if entries.contains(where: condition) || Date() >= deadline { return entries }
            usleep(20_000)
        }
    }

    func record(_ entry: ProxyLogEntry) {
        state.withLock { $0.log.append(entry) }
    }

    /// How many connections clients opened to the proxy (those refused while down included).
    public var clientConnections: Int {
        state.withLock { $0.clientConnections }
    }

    /// How many connections the proxy opened to the server.
    public var serverConnections: Int {
        state.withLock { $0.serverConnections }
    }

    /// How many sockets the proxy holds open now, the listening one left out.
    public var openSockets: Int {
        state.withLock { $0.open.count }
    }

    // MARK: - Stopping

    /// Closes every connection and the listening socket, and waits (up to 10 s) for every thread of the proxy to end.
    /// Returns whether they all ended. Calling it again does nothing more.
    @discardableResult
    public func stop() -> Bool {
        let first = state.withLock { state in
            guard !state.isStopped else { return false }
            state.isStopped = true
            for descriptor in state.open { shutdown(descriptor, Int32(SHUT_RDWR)) }
            return true
        }
        guard first else { return threads.wait(timeout: .now()) == .success }
        // Wakes the accepting thread: accept fails on a listening socket shut down.
        shutdown(listener, Int32(SHUT_RDWR))
        let ended = threads.wait(timeout: .now() + 10) == .success
        close(listener)
        return ended
    }

    // MARK: - Connections

    private func startThread(_ body: @escaping @Sendable () -> Void) {
        threads.enter()
        let thread = Thread { [threads] in
            body()
            threads.leave()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    private func acceptConnections() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            switch admit(client, side: .client) {
            case .stopped:
                close(client)
                return
            case .down:
                record(ProxyLogEntry(method: "", path: "", outcome: .refused))
                close(client)
            case .admitted:
                startThread { [self] in
                    ProxiedConnection(proxy: self, client: ProxySocket(descriptor: client)).serve()
                    release(client)
                }
            }
        }
    }

    enum Admission {
        case admitted, down, stopped
    }

    enum Side {
        case client, server
    }

    /// Counts a new connection and registers its socket so that `down()` and `stop()` reach it — unless the proxy is
    /// down or stopped.
    func admit(_ descriptor: Int32, side: Side) -> Admission {
        state.withLock { state in
            switch side {
            case .client: state.clientConnections += 1
            case .server: state.serverConnections += 1
            }
            if state.isStopped { return .stopped }
            if state.isDown { return .down }
            state.open.insert(descriptor)
            return .admitted
        }
    }

    /// Unregisters and closes a socket (under the lock, so that no shutdown reaches a number the system gave anew).
    func release(_ descriptor: Int32) {
        state.withLock { state in
            state.open.remove(descriptor)
            close(descriptor)
        }
    }

    /// Takes the first waiting fault matching a request, using it once.
    func takeFault(method: String, path: String) -> ProxyFault.Action? {
        state.withLock { state in
            guard let index = state.faults.firstIndex(where: { $0.matches(method: method, path: path) }) else { return nil }
            state.faults[index].remaining -= 1
            let action = state.faults[index].action
            if state.faults[index].remaining <= 0 { state.faults.remove(at: index) }
            return action
        }
    }

    /// Whether the proxy went down or stopped (an exchange broken off then is not the server's doing).
    var isInterrupted: Bool {
        state.withLock { $0.isDown || $0.isStopped }
    }
}
