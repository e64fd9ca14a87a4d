/// What the `FaultProxy` did with one request (or one connection it refused while down).
public struct ProxyLogEntry: Sendable, Equatable, CustomStringConvertible {
    /// How the request ended.
    public enum Outcome: Sendable, Equatable {
        /// Passed through both ways; the server answered with this status.
        case passed(status: Int)
        /// Closed before it reached the server (`ProxyFault.Action.dropRequest`).
        case droppedRequest
        /// The server answered with this status; the answer was thrown away and the client's connection closed.
        case droppedResponse(status: Int)
        /// Delivered twice; the server answered both; the client got the second answer.
        case duplicated(firstStatus: Int, secondStatus: Int)
        /// The head and `sentBytes` of the body (of `ofBytes` declared, nil when chunked) reached the server; then both
        /// connections were closed.
        case cutUpload(sentBytes: Int, ofBytes: Int?)
        /// A connection arrived while the proxy was down and was closed at once (no method or path).
        case refused
        /// The server could not be connected to; the client's connection was closed.
        case unreachable
        /// The exchange broke off: the server or the client closed its connection, or the proxy went down or stopped.
        case failed(String)
    }

    /// The request method ("" for a refused connection).
    public let method: String
    /// The request target, with its query ("" for a refused connection).
    public let path: String
    /// How it ended.
    public let outcome: Outcome

    public init(method: String, path: String, outcome: Outcome) {
        self.method = method
        self.path = path
        self.outcome = outcome
    }

    public var description: String {
        "\(method) \(path): \(outcome)"
    }
}
