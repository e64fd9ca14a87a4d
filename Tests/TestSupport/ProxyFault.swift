import Foundation

/// One fault the `FaultProxy` applies to the requests that match it: a method (any when nil) and a path (the request
/// target with its query), `times` times, then it is used up.
public struct ProxyFault: Sendable, Equatable, CustomStringConvertible {
    /// What happens to a matching request.
    public enum Action: Sendable, Equatable, CustomStringConvertible {
        /// The request never reaches the server: the client's connection is closed when its head arrived.
        case dropRequest
        /// The request reaches the server and is answered, but the answer never reaches the client: the client's
        /// connection is closed once the whole answer arrived.
        case dropResponse
        /// The request reaches the server twice, one after the other; the client gets the second answer.
        case duplicate
        /// The head and this fraction of the body (of its `Content-Length`, or of the whole chunked body) reach the
        /// server, then both connections are closed: the server sees an upload cut off.
        case cutUpload(fraction: Double)
        /// The head and this fraction of the body reach the server, then nothing more: the upload stays under way
        /// until the server goes away (a test kills it), and then the client's connection is closed.
        case stallUpload(fraction: Double)

        public var description: String {
            switch self {
            case .dropRequest: "drop request"
            case .dropResponse: "drop response"
            case .duplicate: "duplicate"
            case let .cutUpload(fraction): "cut upload at \(fraction)"
            case let .stallUpload(fraction): "stall upload at \(fraction)"
            }
        }
    }

    /// Which request paths a fault matches.
    public enum PathPattern: Sendable, Equatable, CustomStringConvertible {
        /// Every path.
        case any
        /// Paths starting with this text.
        case prefix(String)
        /// Paths in which this regular expression finds a match (anchor it with `^…$` to match the whole path).
        case regex(String)

        /// Whether `path` matches.
        public func matches(_ path: String) -> Bool {
            switch self {
            case .any: true
            case let .prefix(prefix): path.hasPrefix(prefix)
            case let .regex(pattern): path.range(of: pattern, options: .regularExpression) != nil
            }
        }

        public var description: String {
            switch self {
            case .any: "any path"
            case let .prefix(prefix): "\(prefix)…"
            case let .regex(pattern): "/\(pattern)/"
            }
        }
    }

    /// What happens to a matching request.
    public let action: Action
    /// The request method it matches (compared ignoring case), or nil for any method.
    public let method: String?
    /// The request paths it matches.
    public let path: PathPattern
    /// How many more requests it applies to.
    public internal(set) var remaining: Int

    /// A fault applied to the next `times` requests matching `method` (any when nil) and `path`.
    public init(_ action: Action, method: String? = nil, path: PathPattern = .any, times: Int = 1) {
        self.action = action
        self.method = method
        self.path = path
        self.remaining = times
    }

    /// Whether it applies to a request.
    public func matches(method requestMethod: String, path requestPath: String) -> Bool {
        guard remaining > 0 else { return false }
        if let method, method.uppercased() != requestMethod.uppercased() { return false }
        return path.matches(requestPath)
    }

    public var description: String {
        "\(action) for \(method ?? "any method") \(path) (\(remaining) more)"
    }
}
