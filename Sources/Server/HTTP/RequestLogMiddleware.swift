import Hummingbird
import Logging

/// Logs each request's method and path, never its query: a query may carry a secret (the SMS gateway's delivery
/// reports carry each message's report token there), and the log is for the operator, not a store of credentials.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let level: Logger.Level

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        context.logger.log(level: level, "Request", metadata: [
            "hb.request.method": .stringConvertible(request.method),
            "hb.request.path": .string(request.uri.path),
        ])
        return try await next(request, context)
    }
}
