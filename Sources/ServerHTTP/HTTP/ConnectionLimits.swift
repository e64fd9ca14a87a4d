import Foundation
import NIOCore
import Synchronization

/// The bounds every connection is held to, so a client that stops sending (a phone losing its signal, or a slow
/// client on purpose) never holds a socket, a lock or a database connection for long, and no one client holds many.
package struct ConnectionLimits: Sendable, Hashable {
    /// How long a connection may take to send a whole request head: from when it opens, or from the end of the last
    /// answer on it. Bytes trickling in do not extend it.
    package var headTimeout: Duration
    /// How long a connection may send nothing: between requests on a kept-alive connection, and within a request
    /// body (a stalled upload is ended, what arrived kept to resume from).
    package var idleTimeout: Duration
    /// How many connections may be open at once; any more are closed as soon as they are accepted.
    package var maximumConnections: Int
    /// How many of them one client may hold (an IPv4 address, or an IPv6 /64): enough for an office of claims
    /// handlers' browsers behind one address (six connections each). Through a trusted proxy, a client's requests
    /// under way count instead, the client named by the proxy in `X-Forwarded-For`.
    package var maximumConnectionsPerClient: Int = 64
    /// Addresses of proxies in front of the server, whose connections carry many clients: their connections are not
    /// counted for the proxy, and only their `X-Forwarded-For` is believed.
    package var trustedProxies: Set<String> = []
    /// The pace a request body must keep while the server is reading it, once ``bodyRateGrace`` of reading has
    /// passed: the bytes of the last ten seconds of reading, at least this many a second.
    package var minimumBodyRate: Int = 1_024
    package var bodyRateGrace: Duration = .seconds(10)
    /// How long a request without credentials (a sign-in, the other driver's form) may take to send its whole body.
    package var anonymousBodyTimeout: Duration = .seconds(10)

    package static let standard = ConnectionLimits(headTimeout: .seconds(15), idleTimeout: .seconds(30), maximumConnections: 4_096)

    package init(headTimeout: Duration, idleTimeout: Duration, maximumConnections: Int, maximumConnectionsPerClient: Int = 64, trustedProxies: Set<String> = [], minimumBodyRate: Int = 1_024, bodyRateGrace: Duration = .seconds(10), anonymousBodyTimeout: Duration = .seconds(10)) {
        self.headTimeout = headTimeout
        self.idleTimeout = idleTimeout
        self.maximumConnections = maximumConnections
        self.maximumConnectionsPerClient = maximumConnectionsPerClient
        self.trustedProxies = trustedProxies
        self.minimumBodyRate = minimumBodyRate
        self.bodyRateGrace = bodyRateGrace
        self.anonymousBodyTimeout = anonymousBodyTimeout
    }
}

/// How many connections are open, in all and per client, shared by every connection's ``ConnectionCountHandler``.
package final class ConnectionCounter: Sendable {
    package let maximum: Int
    package let perClient: Int
    package let trusted: Set<String>
    private let open = Mutex<(total: Int, byClient: [ClientKey: Int])>((0, [:]))

    package init(maximum: Int, perClient: Int = .max, trusted: Set<String> = []) {
        self.maximum = maximum
        self.perClient = perClient
        self.trusted = trusted
    }

    /// Counts a connection from `address` in; `false` when it is one too many, in all or for its client (it is not
    /// counted then).
    /// - Returns: whether it was admitted, and the client it was counted for (`nil`: a trusted proxy, or no address).
    package func admit(from address: SocketAddress?) -> (admitted: Bool, client: ClientKey?) {
        let client = address.flatMap { address in address.ipAddress.map(trusted.contains) == true ? nil : ClientKey(address) }
        let admitted = open.withLock { open in
            guard open.total < maximum else { return false }
            if let client {
                guard open.byClient[client, default: 0] < perClient else { return false }
                open.byClient[client, default: 0] += 1
            }
            open.total += 1
            return true
        }
        return (admitted, client)
    }

    /// Whether the address is one of a trusted proxy.
    package func isTrusted(_ address: SocketAddress?) -> Bool {
        address?.ipAddress.map(trusted.contains) == true
    }

    /// The client a trusted proxy forwards a request for: the last address in `X-Forwarded-For` (the proxies append
    /// whom they heard from) that is not itself a trusted proxy; `nil` when there is none to read.
    package func forwardedClient(_ header: String?) -> ClientKey? {
        guard let header else { return nil }
        for entry in header.split(separator: ",").reversed() {
            let text = entry.trimmingCharacters(in: .whitespaces)
            guard let address = try? SocketAddress(ipAddress: text, port: 0) else { return nil }
            if let normalised = address.ipAddress, trusted.contains(normalised) { continue }
            return ClientKey(address)
        }
        return nil
    }

    /// Counts a request a trusted proxy forwards for `client` in; `false` when the client has as many under way (and
    /// connections open directly) as it may.
    package func admitForwarded(_ client: ClientKey) -> Bool {
        open.withLock { open in
            guard open.byClient[client, default: 0] < perClient else { return false }
            open.byClient[client, default: 0] += 1
            return true
        }
    }

    /// The forwarded request counted by ``admitForwarded(_:)`` has been answered.
    package func releaseForwarded(_ client: ClientKey) {
        open.withLock { open in
            let left = open.byClient[client, default: 1] - 1
            open.byClient[client] = left > 0 ? left : nil
        }
    }

    package func release(_ client: ClientKey?) {
        open.withLock { open in
            open.total -= 1
            if let client {
                let left = open.byClient[client, default: 1] - 1
                open.byClient[client] = left > 0 ? left : nil
            }
        }
    }

    package var count: Int { open.withLock { $0.total } }
}

/// Who a connection is from, for the per-client bound: an IPv4 address, or the /64 an IPv6 address is in (one
/// household or phone is given a whole /64). An IPv4 address written as IPv6 (`::ffff:a.b.c.d`) is the IPv4 one.
package struct ClientKey: Hashable, Sendable {
    private let bytes: [UInt8]

    package init?(_ address: SocketAddress) {
        switch address {
        case let .v4(v4):
            bytes = withUnsafeBytes(of: v4.address.sin_addr) { Array($0) }
        case let .v6(v6):
            let all = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
            if all[0..<10].allSatisfy({ $0 == 0 }), all[10] == 0xff, all[11] == 0xff {
                bytes = Array(all[12..<16])
            } else {
                bytes = Array(all[0..<8])
            }
        case .unixDomainSocket:
            return nil
        }
    }
}
