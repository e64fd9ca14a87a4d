import AsyncHTTPClient
import Domain
import Foundation
import HTTPTypes
import NIOCore
import OpenAPIRuntime
import Synchronization

/// How every request to the server is made, for the generated client and the streaming routes alike: the middlewares
/// in order (the token; repeats of what is safe to repeat; the deadline, the size of the answer and whether it came),
/// then the transport.
struct ServerExchange: Sendable {
    let middlewares: [any ClientMiddleware]
    let transport: any ClientTransport
    let baseURL: URL

    /// Sends one request through the middlewares and the transport, as the generated client does.
    func send(_ request: HTTPRequest, body: HTTPBody?, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        var next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?) = { [transport] request, body, url in
            try await transport.send(request, body: body, baseURL: url, operationID: operationID)
        }
        for middleware in middlewares.reversed() {
            let inner = next
            next = { request, body, url in
                try await middleware.intercept(request, body: body, baseURL: url, operationID: operationID, next: inner)
            }
        }
        return try await next(request, body, baseURL)
    }
}

/// Adds the driver's token, and says who is asking, on every request.
struct TokenMiddleware: ClientMiddleware {
    let token: String

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "Bearer \(token)"
        request.headerFields[.userAgent] = "crash-assistant"
        return try await next(request, body, baseURL)
    }
}

/// Repeats, after a short pause, a request that got no answer — but only one that is safe to repeat: reads, `PUT` of
/// a report (checked by revision) and `DELETE`; never a `POST` (a crash ID, a submit) nor a photo upload, whose cut
/// is resumed from the offset the server holds instead. A refused connection is not repeated (connecting was tried
/// until its timeout already), nor a cancelled call.
struct RepeatMiddleware: ClientMiddleware {
    let pauses: [Duration]

    /// Operations never repeated whatever their method.
    static let neverRepeated: Set<String> = ["createCrashID", "postCrashEvent", "submitReport", StreamingOperation.putPhoto, StreamingOperation.patchPhoto]

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let safe: Set<HTTPRequest.Method> = [.get, .head, .put, .delete]
        guard safe.contains(request.method), !Self.neverRepeated.contains(operationID),
              body.map({ $0.iterationBehavior == .multiple }) ?? true else {
            return try await next(request, body, baseURL)
        }
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try await next(request, body, baseURL)
            } catch {
                guard attempt <= pauses.count, !Self.connectFailed(error), !Task.isCancelled else { throw error }
                do { try await Task.sleep(for: pauses[attempt - 1]) } catch { throw error }
            }
        }
    }

    /// Whether nothing is to be gained by repeating: connecting failed (tried until its timeout already), or an answer
    /// came and was refused here.
    private static func connectFailed(_ error: any Error) -> Bool {
        (error as? Unanswered)?.connectFailed ?? true
    }
}

/// Gives each exchange its deadline and reads its answer whole, within a size: a small request has the request
/// deadline, a photo or PDF the transfer deadline (or a call's own, ``ServerCall/deadline``), from the request's start
/// to the answer's last byte. It records whether the server answered (``ServerReachability``), and says why it did not
/// as a ``ServerFailure``, so whatever fails past it is the answer itself.
struct AnswerMiddleware: ClientMiddleware {
    let timeouts: ServerClient.Timeouts
    let reachability: ServerReachability
    /// The server as the driver would recognise it, for the failures.
    let server: String

    /// The largest JSON answer read.
    static let largestJSON = 64 * 1024 * 1024
    /// The largest PDF read (a report with sixty 20 MB photos stays under it).
    static let largestDocument = 1_300 * 1024 * 1024

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let transfer = StreamingOperation.transfers.contains(operationID)
        let deadline = ServerCall.deadline ?? (transfer ? timeouts.transfer : timeouts.request)
        let limit = StreamingOperation.answerLimits[operationID] ?? Self.largestJSON
        do {
            let (response, bytes) = try await withoutActuallyEscaping(next) { next in
                try await Self.within(deadline) {
                    let (response, answer) = try await next(request, body, baseURL)
                    return (response, try await Self.collect(answer, upTo: limit))
                }
            }
            reachability.answered()
            return (response, bytes.map { HTTPBody($0) })
        } catch let error as AnswerTooLarge {
            throw ServerFailure.invalidAnswer(server: server, reason: "the answer was larger than the \(error.limit) bytes expected")
        } catch {
            reachability.unanswered()
            throw Unanswered(
                failure: .unreachable(server: server, reason: Self.reason(error)),
                connectFailed: (error as? HTTPClientError) == .connectTimeout || error is IOError
            )
        }
    }

    /// Why an exchange got no answer, in one whole phrase a driver can act on: the library's own words are never
    /// shown (a wrapping error is looked through to its cause; an error the app does not know is "the connection failed").
    static func reason(_ error: any Error) -> String {
        switch error {
        case let error as ClientError:
            reason(error.underlyingError)
        case is DeadlineExceeded:
            "it did not answer in time"
        case let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout:
            "it did not answer in time"
        case let error as HTTPClientError where error == .connectTimeout:
            "connecting took too long"
        case let error as HTTPClientError where error == .remoteConnectionClosed || error == .bodyLengthMismatch:
            "the connection was cut"
        case let error as IOError:
            reason(errno: error.errnoCode)
        case is CancellationError:
            "the request was cancelled"
        default:
            tlsReason(String(describing: error)) ?? described(String(describing: error)) ?? "the connection failed"
        }
    }

    /// What a connection error whose type the app does not see (NIO's, wrapped) says it was, told from its
    /// description; `nil` when it says nothing known.
    static func described(_ description: String) -> String? {
        let text = description.lowercased()
        if text.contains("connection refused") { return reason(errno: ECONNREFUSED) }
        if text.contains("connection reset") || text.contains("broken pipe") { return reason(errno: ECONNRESET) }
        if text.contains("timed out") || text.contains("connecttimeout") { return reason(errno: ETIMEDOUT) }
        if text.contains("no route to host") || text.contains("network is unreachable") { return reason(errno: EHOSTUNREACH) }
        if text.contains("dnsa") || text.contains("name or service not known") || text.contains("no address associated") {
            return "its name could not be looked up (check the address, and that this device is online)"
        }
        return nil
    }

    /// A system error of a connection, in words.
    static func reason(errno code: Int32) -> String {
        switch code {
        case ECONNREFUSED: "nothing answers at that address (connection refused): the server may be down"
        case ECONNRESET, EPIPE, ECONNABORTED: "the connection was cut"
        case ETIMEDOUT: "connecting took too long"
        case EHOSTUNREACH, ENETUNREACH, ENETDOWN: "this device has no route to it (check that it is online)"
        default: "the connection failed"
        }
    }

    /// What a failed TLS handshake means, told from the error's description (AsyncHTTPClient passes NIOSSL's
    /// errors through): `nil` when it was not one.
    static func tlsReason(_ description: String) -> String? {
        if description.contains("WRONG_VERSION_NUMBER") || description.contains("HTTP_REQUEST") {
            return "it does not speak TLS (https) at that address; if the server serves plain http on this machine, give http://"
        }
        if description.contains("CERTIFICATE_VERIFY_FAILED") || description.contains("certificate") {
            return "its TLS certificate is not one this machine trusts (expired, self-signed, or for another name)"
        }
        if description.contains("handshakeFailed") || description.contains("NIOSSL") {
            return "the secure (TLS) connection could not be set up"
        }
        return nil
    }

    /// The answer's bytes, refused past `limit`.
    private static func collect(_ body: HTTPBody?, upTo limit: Int) async throws -> Data? {
        guard let body else { return nil }
        if case let .known(length) = body.length, length > limit { throw AnswerTooLarge(limit: limit) }
        var data = Data()
        for try await chunk in body {
            guard data.count + chunk.count <= limit else { throw AnswerTooLarge(limit: limit) }
            data.append(contentsOf: chunk)
        }
        return data
    }

    /// Runs `body`, cancelled and failed with ``DeadlineExceeded`` when it takes longer than `limit`.
    private static func within<Result: Sendable>(
        _ limit: Duration, _ body: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        try await withThrowingTaskGroup(of: Result.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: limit)
                throw DeadlineExceeded()
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw DeadlineExceeded() }
            return first
        }
    }
}

/// Per-call settings the middlewares read.
enum ServerCall {
    /// A deadline shorter than the standard one, for a call that must not keep the driver waiting.
    @TaskLocal static var deadline: Duration?
}

/// The hand-written operations (the streaming photo and PDF routes), by the ids the middlewares know them by.
enum StreamingOperation {
    static let putPhoto = "putPhoto"
    static let patchPhoto = "patchPhoto"
    static let headPhoto = "headPhoto"
    static let getPhoto = "getPhoto"
    static let getReportPDF = "getReportPDF"

    /// The operations that move photos or PDFs, which have the transfer deadline.
    static let transfers: Set<String> = [putPhoto, patchPhoto, getPhoto, getReportPDF]
    /// The operations that send a photo (``UploadRouting``).
    static let uploads: Set<String> = [putPhoto, patchPhoto]
    /// The largest answer each reads, where it is not JSON.
    static let answerLimits: [String: Int] = [getPhoto: ReportLimits.maximumPhotoBytes, getReportPDF: AnswerMiddleware.largestDocument]
}

/// When the server last failed to answer: a caller that must not keep the driver waiting skips it for a while.
final class ServerReachability: Sendable {
    private let lastUnanswered = Mutex<ContinuousClock.Instant?>(nil)

    func answered() { lastUnanswered.withLock { $0 = nil } }

    func unanswered() { lastUnanswered.withLock { $0 = .now } }

    /// Whether the last exchange got no answer less than `interval` ago (and none answered since).
    func failedRecently(within interval: Duration) -> Bool {
        lastUnanswered.withLock { instant in instant.map { ContinuousClock.now - $0 < interval } ?? false }
    }
}

/// An exchange that got no answer: what it means, and whether it failed while connecting.
struct Unanswered: Error {
    let failure: ServerFailure
    let connectFailed: Bool
}

/// The exchange took longer than its deadline.
struct DeadlineExceeded: Error {}

/// The answer was larger than the most the call reads.
struct AnswerTooLarge: Error {
    let limit: Int
}

/// Sends photo uploads on a client of their own. AsyncHTTPClient starts waiting for the answer once the request's last
/// byte is handed to the kernel; on a slow uplink the kernel's send buffer (megabytes, as it grows) then still holds
/// much of the photo, which takes longer to leave than the read timeout of a small request (measured through a
/// shaping proxy at 1 Mbit/s: every 4 MB photo's answer "did not come in time", though the server stored it). An
/// upload's wait for its answer is therefore bounded by the transfer's deadline instead; everything else keeps the
/// short read timeout.
struct UploadRouting: ClientTransport {
    let requests: any ClientTransport
    let uploads: any ClientTransport

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws -> (HTTPResponse, HTTPBody?) {
        let transport = StreamingOperation.uploads.contains(operationID) ? uploads : requests
        return try await transport.send(request, body: body, baseURL: baseURL, operationID: operationID)
    }
}
