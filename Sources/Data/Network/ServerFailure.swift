import Domain
import WireAPI

/// Why a request to the crash-report server did not do what it was for. Facts only: the app words them.
public enum ServerFailure: Error, Sendable, Hashable {
    /// No answer: no network, the server down, a timeout, or the connection cut. Worth trying again later.
    case unreachable(server: String, reason: String)
    /// The server refused the token (401): nothing is sent until it is changed.
    case tokenRefused(server: String)
    /// The server understood the request and refused it (a 4xx other than 401), saying which refusal it is by its
    /// problem type (`nil`: one this program does not know) and, in its own words, why.
    case refused(status: Int, type: ProblemType?, detail: String, field: String?)
    /// The server failed (5xx) or answered something the API does not describe. Worth trying again later.
    case serverError(server: String, status: Int)
    /// The server asks to wait `retryAfter` seconds before asking again (the account's rate was reached).
    case busy(server: String, retryAfter: Int)
    /// The token opens another account (or another server's) than the one this data folder belongs to: nothing is
    /// sent or received with it.
    case otherAccount(bound: ServerAccount, reached: ServerAccount)
    /// The token opens a claims handler's or a crash detector's account, not a driver's: the app cannot use it.
    case notADriversToken(ServerAccount, kind: OtherAccountKind)
    /// The device's own store failed while talking to the server. Worth trying again later.
    case localStore(reason: String)
    /// The answer could not be read, carried a report that breaks a rule the app keeps, or did not come from the
    /// crash-report server's API (a wrong address).
    case invalidAnswer(server: String, reason: String)

    /// Whether trying again later may succeed without anything changing here.
    public var isTransient: Bool {
        switch self {
        case .unreachable, .serverError, .busy, .localStore: true
        case .tokenRefused, .refused, .invalidAnswer, .otherAccount, .notADriversToken: false
        }
    }

    /// The problem type of a refusal, else `nil`.
    public var problemType: ProblemType? {
        if case let .refused(_, type, _, _) = self { type } else { nil }
    }
}

/// Why `--server` or `CRASH_ASSISTANT_SERVER` does not name a server.
public struct ServerAddressError: Error, Sendable, Hashable {
    public let text: String
    public let reason: String
}
