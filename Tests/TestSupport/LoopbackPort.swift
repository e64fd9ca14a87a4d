import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Ports on 127.0.0.1 for servers a test starts.
public enum LoopbackPort {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A port nothing listens on now, chosen at random below the system's range for outgoing connections' ports: a
    /// port the system picked for a socket bound to port 0 is in that range, and once closed it may be taken as the
    /// local end of any connection (Kannel's boxes to each other, a test's client) before the test's server binds it.
    /// A port is handed out once in a test run: a test that picks one and starts its server on it seconds later (after
    /// an app found it unreachable) still has it, whatever other tests pick meanwhile.
    public static func free() throws -> Int {
        let below = ephemeralLow()
        let lowest = min(10_000, below - 1_000)
        for _ in 0..<500 {
            let port = Int.random(in: lowest..<below)
            guard handedOut.withLock({ $0.insert(port).inserted }) else { continue }
            if let bound = try? bound(port), bound == port { return port }
        }
        return try bound(0)
    }

    private static let handedOut = Mutex<Set<Int>>([])

    /// The first port of the system's range for outgoing connections (32768 when it cannot be read).
    static func ephemeralLow() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8),
              let first = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first, let low = Int(first), low > 2_048
        else { return 32_768 }
        return low
    }

    /// Binds a socket to `port` on 127.0.0.1 (0: the system's pick), then closes it; the port it was bound to.
    static func bound(_ port: Int) throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var address = sockaddr_in.loopback(port: port)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else { throw Failure(description: "no free port: \(String(cString: strerror(errno)))") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
