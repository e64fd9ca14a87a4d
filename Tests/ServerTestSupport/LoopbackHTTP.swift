import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A plain HTTP/1.1 client over a socket to 127.0.0.1, for live tests that must control the bytes on the wire:
/// a body cut off mid-way, a chunked body, a request held open. Every read gives up after 60 s, so a test fails
/// rather than hangs.
package final class LoopbackConnection: Sendable {
    package struct Answer: Sendable {
        package let status: Int
        /// Header names in lower case.
        package let headers: [String: String]
        package let body: Data
        /// Every `Set-Cookie` value, in order (``headers`` keeps the last one only).
        package var setCookies: [String] = []

        package var text: String { String(decoding: body, as: UTF8.self) }
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    private let socket: Int32

    /// Connects to 127.0.0.1:`port`, from `source` (another loopback address, `127.0.0.2`…, as another client) when
    /// given.
    package init(port: Int, from source: String? = nil) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if let source {
            var local = sockaddr_in.loopback(port: 0)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            // No close here: once `socket` is set, an initializer that throws still runs `deinit`, which closes it;
            // closing it twice could close a descriptor another thread has just been given the same number for.
            guard bound == 0 else { throw Failure(description: "bind to \(source): \(String(cString: strerror(errno)))") }
        }
        var address = sockaddr_in.loopback(port: port)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect to 127.0.0.1:\(port): \(String(cString: strerror(errno)))") }
    }

    deinit {
        close(socket)
    }

    /// Sends the request line and headers (with `Connection: close`), and nothing of the body.
    package func sendHead(_ method: String, _ path: String, headers: [(String, String)]) throws {
        var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "\r\n"
        try send(Data(text.utf8))
    }

    package func send(_ bytes: Data) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.send(socket, buffer.baseAddress!.advanced(by: offset), buffer.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "send: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    /// Closes the connection at once: the server sees the body end before its `Content-Length`.
    package func cut() {
        shutdown(socket, Int32(SHUT_RDWR))
    }

    /// Reads the whole answer (the server closes the connection after it).
    package func readAnswer(method: String = "GET") throws -> Answer {
        try Self.parse(readToEnd(), method: method)
    }

    /// Every byte until the peer closes the connection.
    package func readToEnd() throws -> Data {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count < 0 {
                if errno == EINTR { continue }
                if !received.isEmpty, errno == ECONNRESET { break }
                throw Failure(description: "recv: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            received.append(contentsOf: buffer[0..<count])
        }
        return received
    }

    package static func parse(_ received: Data, method: String) throws -> Answer {
        guard let end = received.range(of: Data("\r\n\r\n".utf8)) else {
            throw Failure(description: "no complete answer: \(String(decoding: received.prefix(200), as: UTF8.self))")
        }
        let head = String(decoding: received[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw Failure(description: "bad status line \(head[0])") }
        var headers: [String: String] = [:]
        var setCookies: [String] = []
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[line[..<colon].lowercased()] = value
            if line[..<colon].lowercased() == "set-cookie" { setCookies.append(value) }
        }
        var body = Data(received[end.upperBound...])
        if method == "HEAD" || status == 204 || status == 304 {
            body = Data()
        } else if headers["transfer-encoding"]?.lowercased() == "chunked" {
            body = try dechunk(body)
        } else if let length = headers["content-length"].flatMap(Int.init) {
            body = body.prefix(length)
        }
        return Answer(status: status, headers: headers, body: body, setCookies: setCookies)
    }

    private static func dechunk(_ data: Data) throws -> Data {
        var result = Data()
        var index = data.startIndex
        while let lineEnd = data[index...].range(of: Data("\r\n".utf8)) {
            let sizeText = String(decoding: data[index..<lineEnd.lowerBound], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16) else { throw Failure(description: "bad chunk size") }
            if size == 0 { break }
            let start = lineEnd.upperBound
            guard start + size <= data.endIndex else { throw Failure(description: "chunk cut short") }
            result.append(data[start..<(start + size)])
            index = start + size + 2
        }
        return result
    }

    // MARK: - Keeping the connection open

    /// Sends one whole request without `Connection: close`, so that the connection can carry the next one.
    package func sendKeepingOpen(_ method: String, _ path: String, token: String? = nil, body: Data? = nil) throws {
        var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        if let token { text += "Authorization: Bearer \(token)\r\n" }
        if let body { text += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
        try send(Data((text + "\r\n").utf8) + (body ?? Data()))
    }

    /// Reads exactly one answer, whose body has a `Content-Length` (or no body), and leaves the connection open.
    package func readOneAnswer(method: String = "GET") throws -> Answer {
        var head = Data()
        var byte: UInt8 = 0
        while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
            let count = recv(socket, &byte, 1, 0)
            if count < 0, errno == EINTR { continue }
            guard count == 1 else { throw Failure(description: "the connection closed before a whole answer head") }
            head.append(byte)
        }
        let answer = try Self.parse(head, method: method)
        let hasBody = method != "HEAD" && answer.status != 204 && answer.status != 304
        var wanted = hasBody ? answer.headers["content-length"].flatMap(Int.init) ?? 0 : 0
        var body = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while wanted > 0 {
            let count = recv(socket, &buffer, min(buffer.count, wanted), 0)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw Failure(description: "the connection closed in the middle of an answer body") }
            body.append(contentsOf: buffer[0..<count])
            wanted -= count
        }
        return Answer(status: answer.status, headers: answer.headers, body: body)
    }

    /// How many TCP segments carrying data this connection has received so far (the kernel's `tcpi_data_segs_in`).
    package func dataSegmentsReceived() throws -> Int {
        // `struct tcp_info` of <linux/tcp.h>, which Glibc's module does not carry whole: the field is a 32-bit count
        // at byte 152 (the kernel only ever appends fields, so the offset holds for every kernel that has it).
        let offset = 152
        var info = [UInt8](repeating: 0, count: 512)
        var length = socklen_t(info.count)
        guard getsockopt(socket, Int32(IPPROTO_TCP), TCP_INFO, &info, &length) == 0 else {
            throw Failure(description: "getsockopt TCP_INFO: \(String(cString: strerror(errno)))")
        }
        guard Int(length) >= offset + 4 else { throw Failure(description: "TCP_INFO is too short (\(length) bytes) to count segments") }
        return info[offset..<offset + 4].reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    // MARK: - One request

    /// Sends one whole request and reads its answer.
    package static func request(
        port: Int, _ method: String, _ path: String, token: String? = nil, headers: [(String, String)] = [], body: Data? = nil,
        from source: String? = nil
    ) throws -> Answer {
        let connection = try LoopbackConnection(port: port, from: source)
        var all = headers
        if let token { all.append(("Authorization", "Bearer \(token)")) }
        if let body { all.append(("Content-Length", String(body.count))) }
        try connection.sendHead(method, path, headers: all)
        if let body { try connection.send(body) }
        return try connection.readAnswer(method: method)
    }
}

extension LoopbackConnection {
    /// Waits (at most 30 s) until `HEAD` on `port` knows the upload at `path`: the instance taking it has recorded it
    /// (on a busy machine that can take longer than the bytes take to arrive).
    package static func waitUntilUploadIsKnown(port: Int, path: String, token: String) throws {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if try LoopbackConnection.request(port: port, "HEAD", path, token: token).status != 404 { return }
            usleep(20_000)
        }
        throw LoopbackConnection.Failure(description: "HEAD did not know the upload at \(path) in 30 s")
    }

    /// The offset `HEAD` reports once the cut-off upload is wound up (within 30 s: on a busy machine the instance
    /// that holds it may take seconds to notice the cut and let it go).
    package static func partialUploadOffset(port: Int, path: String, token: String) throws -> Int {
        let deadline = Date().addingTimeInterval(30)
        var last = "no answer"
        while Date() < deadline {
            let head = try LoopbackConnection.request(port: port, "HEAD", path, token: token)
            if head.status == 200, head.headers["upload-complete"] == "?0", let offset = head.headers["upload-offset"].flatMap(Int.init) {
                return offset
            }
            last = "\(head.status), Upload-Complete \(head.headers["upload-complete"] ?? "none")"
            usleep(50_000)
        }
        throw LoopbackConnection.Failure(description: "HEAD never reported the partial upload in 30 s (last: \(last))")
    }
}
