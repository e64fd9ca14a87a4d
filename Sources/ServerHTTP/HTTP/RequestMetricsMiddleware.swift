import Dispatch
import Hummingbird
import Metrics
import Synchronization

/// Counts and times every request by its route pattern, method and status (`http_server_requests_total`,
/// `http_server_request_duration_seconds`, `http_server_request_errors_total`), and counts the requests being answered
/// (`http_server_active_requests`), under the labels Hummingbird's own middleware uses. A method other than
/// HTTP's own nine (`PROPFIND`, `PURGE`, …, which the parser also takes) is counted as `_OTHER`: series stay few.
///
/// Unlike that middleware, an answer whose length is known and at most ``RecordingTransport/wholeAnswerBytes`` is
/// counted as it is handed to the connection, and keeps its body as it is: wrapped to be timed after it was written,
/// a whole answer would lose the server's one-write path and go out as a head and a body, two writes and two TCP
/// segments. A longer answer (a photo, a PDF) is counted when its last byte was written.
package struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    private let cache = RequestMetricsCache()

    package init() {}

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = DispatchTime.now().uptimeNanoseconds
        let method = RequestMetricsCache.counted(request.method)
        let active = cache.active(method)
        active.increment()
        do {
            var response = try await next(request, context)
            let status = response.status
            let record: @Sendable () -> Void = {
                let metrics = cache.endpoint(route: context.endpointPath ?? "Unknown", method: method, status: status)
                metrics.requests.increment()
                metrics.duration.recordNanoseconds(DispatchTime.now().uptimeNanoseconds - start)
                active.decrement()
            }
            if let length = response.body.contentLength, length <= RecordingTransport.wholeAnswerBytes {
                record()
            } else {
                let body = response.body
                response.body = ResponseBody(contentLength: body.contentLength) { writer in
                    defer { record() }
                    try await body.write(writer)
                }
            }
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
            let metrics = cache.endpoint(route: context.endpointPath ?? "NotFound", method: method, status: status)
            metrics.requests.increment()
            metrics.errors.increment()
            active.decrement()
            throw error
        }
    }
}

/// The metrics of each method and of each route, method and status, made once: asking the metrics system for them
/// on every request would cost a lookup under its lock.
private final class RequestMetricsCache: Sendable {
    struct Endpoint: Sendable {
        let requests: Counter
        let duration: Timer
        let errors: Counter
    }

    private struct EndpointKey: Hashable {
        let route: String
        let method: String
        let status: HTTPResponse.Status
    }

    private static let defined: Set<HTTPRequest.Method> = [.get, .head, .post, .put, .patch, .delete, .options, .trace, .connect]

    /// The method as the metrics name it: one HTTP defines, or `_OTHER`.
    static func counted(_ method: HTTPRequest.Method) -> String {
        defined.contains(method) ? method.rawValue : "_OTHER"
    }

    private let methods = Mutex<[String: Meter]>([:])
    private let endpoints = Mutex<[EndpointKey: Endpoint]>([:])

    func active(_ method: String) -> Meter {
        methods.withLock { methods in
            if let meter = methods[method] { return meter }
            let meter = Meter(label: "http.server.active_requests", dimensions: [("http.request.method", method)])
            methods[method] = meter
            return meter
        }
    }

    func endpoint(route: String, method: String, status: HTTPResponse.Status) -> Endpoint {
        let key = EndpointKey(route: route, method: method, status: status)
        return endpoints.withLock { endpoints in
            if let endpoint = endpoints[key] { return endpoint }
            let dimensions = [
                ("http.route", route), ("http.request.method", method), ("http.response.status_code", String(status.code)),
            ]
            let endpoint = Endpoint(
                requests: Counter(label: "hb.requests", dimensions: dimensions),
                duration: Timer(label: "http.server.request.duration", dimensions: dimensions, preferredDisplayUnit: .seconds),
                errors: Counter(label: "hb.request.errors", dimensions: [
                    ("http.route", route), ("http.request.method", method), ("error.type", String(status.code)),
                ])
            )
            endpoints[key] = endpoint
            return endpoint
        }
    }
}
