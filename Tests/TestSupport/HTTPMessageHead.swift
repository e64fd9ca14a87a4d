import Foundation

/// The head of an HTTP/1.1 request or response as it came over the wire (its bytes kept, to pass them on unchanged),
/// and what the `FaultProxy` needs of it: the start line, the headers, and how its body is framed.
struct HTTPMessageHead {
    /// How a message's body ends.
    enum Framing: Equatable {
        /// No body.
        case none
        /// `Content-Length` bytes.
        case length(Int)
        /// Chunks, through the last (empty) chunk and the trailer.
        case chunked
        /// Everything until the connection closes (a response without a length).
        case untilClose
    }

    /// The bytes as received, through the blank line.
    let raw: [UInt8]
    /// The three parts of the start line: method, target, version — or version, status, reason.
    let startLine: [String]
    /// Header names in lower case, with their values, in order.
    let headers: [(name: String, value: String)]

    init(raw: [UInt8]) throws {
        self.raw = raw
        let lines = String(decoding: raw, as: UTF8.self).components(separatedBy: "\r\n").filter { !$0.isEmpty }
        guard let first = lines.first else { throw ProxyFailure(description: "an empty message head") }
        startLine = first.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard startLine.count >= 2 else { throw ProxyFailure(description: "a bad start line: \(first)") }
        headers = lines.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (line[..<colon].lowercased(), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
    }

    // MARK: - Reading it

    /// The first value of a header (`name` in lower case).
    func value(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    /// A request's method.
    var method: String { startLine[0] }

    /// A request's target (path and query).
    var target: String { startLine[1] }

    /// A response's status code (0 when it is not a number).
    var status: Int { Int(startLine[1]) ?? 0 }

    /// Whether a response is informational (1xx, but not 101 Switching Protocols): the real answer follows it.
    var isInterim: Bool { (100..<200).contains(status) && status != 101 }

    /// Whether the connection ends after this message: `Connection: close`, or HTTP/1.0 without keep-alive.
    var closesConnection: Bool {
        let connection = headers.filter { $0.name == "connection" }.map { $0.value.lowercased() }.joined(separator: ",")
        let tokens = connection.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if tokens.contains("close") { return true }
        let version = startLine[0].hasPrefix("HTTP/") ? startLine[0] : (startLine.count > 2 ? startLine[2] : "")
        return version == "HTTP/1.0" && !tokens.contains("keep-alive")
    }

    /// A request's body framing.
    var requestFraming: Framing {
        if isChunked { return .chunked }
        if let length = contentLength { return length > 0 ? .length(length) : .none }
        return .none
    }

    /// A response's body framing, given the method of the request it answers.
    func responseFraming(requestMethod: String) -> Framing {
        if requestMethod.uppercased() == "HEAD" || isInterim || status == 204 || status == 304 { return .none }
        if isChunked { return .chunked }
        if let length = contentLength { return length > 0 ? .length(length) : .none }
        return .untilClose
    }

    /// A request's `Content-Length`, unless its body is chunked.
    var declaredLength: Int? {
        isChunked ? nil : contentLength
    }

    private var isChunked: Bool {
        headers.contains { $0.name == "transfer-encoding" && $0.value.lowercased().contains("chunked") }
    }

    private var contentLength: Int? {
        value("content-length").flatMap { Int($0) }
    }
}
