/// Why a request to the crash-report server did not do what it was for. Facts only: the app words them.
public enum ServerFailure: Error, Sendable, Hashable {
    /// No answer: no network, the server down, a timeout, or the connection cut. Worth trying again later.
    case unreachable(server: String, reason: String)
    /// The server refused the token (401): nothing is sent until it is changed.
    case tokenRefused(server: String)
    /// The server understood the request and refused it for good (a 4xx other than 401), saying why.
    case refused(status: Int, title: String, detail: String, field: String?)
    /// The server failed (5xx) or answered something the API does not describe. Worth trying again later.
    case serverError(server: String, status: Int)
    /// The answer could not be read, or carried a report that breaks a rule the app keeps.
    case invalidAnswer(server: String, reason: String)

    /// Whether trying again later may succeed without anything changing here.
    public var isTransient: Bool {
        switch self {
        case .unreachable, .serverError: true
        case .tokenRefused, .refused, .invalidAnswer: false
        }
    }
}

/// Why `--server` or `CRASH_ASSISTANT_SERVER` does not name a server.
public struct ServerAddressError: Error, Sendable, Hashable {
    public let text: String
    public let reason: String
}
