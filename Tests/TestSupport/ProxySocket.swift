import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One connected TCP socket of the `FaultProxy`, used by one thread only, with the bytes read but not yet used.
/// The proxy's registry shuts it down from other threads (to go down or stop); only its owner closes it.
final class ProxySocket {
    let descriptor: Int32
    /// The upstream port it is connected to (0 for a client's connection).
    let port: Int
    private var pending: [UInt8] = []
    private var cursor = 0
    private var scratch = [UInt8](repeating: 0, count: 256 * 1024)

    init(descriptor: Int32, port: Int = 0) {
        self.descriptor = descriptor
        self.port = port
        var on: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
    }

    /// A new socket connected to 127.0.0.1:`port`, or nil when nothing listens there.
    static func connect(port: Int) -> Int32? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in.loopback(port: port)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    // MARK: - Reading

    /// The bytes read and not yet used.
    var available: ArraySlice<UInt8> { pending[cursor...] }

    /// Marks `count` of the available bytes as used.
    func consume(_ count: Int) {
        cursor += count
        if cursor == pending.count {
            pending.removeAll(keepingCapacity: true)
            cursor = 0
        }
    }

    /// Reads what arrived (waiting for it); false when the peer closed its side (or the socket was shut down).
    func fill() throws -> Bool {
        while true {
            let capacity = scratch.count
            let count = recv(descriptor, &scratch, capacity, 0)
            if count > 0 {
                if cursor > 0 {
                    pending.removeFirst(cursor)
                    cursor = 0
                }
                pending.append(contentsOf: scratch[0..<count])
                return true
            }
            if count == 0 { return false }
            if errno == EINTR { continue }
            if errno == ECONNRESET { return false }
            throw ProxyFailure(description: "recv: \(String(cString: strerror(errno)))")
        }
    }

    /// Waits until this socket or `other` has something to read (or was closed), and says which.
    func waitReadable(orOther other: Int32) -> (this: Bool, other: Bool) {
        if !available.isEmpty { return (true, false) }
        var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: other, events: Int16(POLLIN), revents: 0)]
        while poll(&descriptors, 2, -1) < 0, errno == EINTR {}
        return (descriptors[0].revents != 0, descriptors[1].revents != 0)
    }

    /// Whether the peer closed its side or sent something unasked (a connection kept open must not be reused then).
    var isStale: Bool {
        if !available.isEmpty { return true }
        var descriptor = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) != 0
    }

    /// Reads a message head (through its blank line); nil when the peer closed the connection before any byte of it.
    func readHead() throws -> HTTPMessageHead? {
        let end: [UInt8] = [13, 10, 13, 10]
        while true {
            if let found = Self.firstRange(of: end, in: available) {
                let raw = Array(pending[cursor..<found.upperBound])
                consume(found.upperBound - cursor)
                return try HTTPMessageHead(raw: raw)
            }
            guard available.count < 64 * 1024 else { throw ProxyFailure(description: "a message head longer than 64 KiB") }
            let hadBytes = !available.isEmpty
            guard try fill() else {
                if hadBytes { throw ProxyFailure(description: "the connection closed inside a message head") }
                return nil
            }
        }
    }

    private static func firstRange(of needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Range<Int>? {
        guard bytes.count >= needle.count else { return nil }
        var index = bytes.startIndex
        while index <= bytes.endIndex - needle.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) {
                return index..<(index + needle.count)
            }
            index += 1
        }
        return nil
    }

    // MARK: - Writing

    /// Sends every byte (waiting while the peer is slow).
    func write(_ bytes: ArraySlice<UInt8>) throws {
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            let written = bytes.withUnsafeBytes { buffer in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.send(descriptor, base.advanced(by: offset - bytes.startIndex), bytes.endIndex - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw ProxyFailure(description: "send: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    func write(_ bytes: [UInt8]) throws {
        try write(bytes[...])
    }

    /// Ends the sending side: the peer reads the end of the stream after what was sent.
    func finishWriting() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// After `finishWriting`, reads and drops what the peer still sends until it closes (at most `seconds`).
    func drainUntilClosed(seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        var open = true
        while open, Date() < deadline {
            var descriptor = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 50) < 0 {
                open = false
            } else if descriptor.revents != 0 {
                let capacity = scratch.count
                open = recv(self.descriptor, &scratch, capacity, 0) > 0
            }
        }
    }
}
