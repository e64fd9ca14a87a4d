import Hummingbird
import Logging
import OpenAPIRuntime

/// Logs each request's method and route, by its pattern (`/s/:token`, `/v1/sms/:messageId/delivery`), never the path
/// or the query it was asked with: a path may carry a link's token and a query a delivery report's, and the log is for
/// the operator, not a store of credentials. A path that matches no route is logged as such.
package struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    package let level: Logger.Level

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        context.logger.log(level: level, "Request", metadata: [
            "hb.request.method": .stringConvertible(request.method),
            "hb.request.route": .string(LogSafe.route(context)),
        ])
        return try await next(request, context)
    }
}

/// What a log line may say of a request and of an error, in one place.
package enum LogSafe {
    /// The pattern of the route the request matched (set once it was routed), or that it matched none.
    package static func route(_ context: some RequestContext) -> String {
        context.endpointPath ?? "(no route)"
    }

    /// An error as a log line shows it. The generated routes' errors describe the whole request they failed on, its
    /// headers (a bearer token) included: of those only the operation and the underlying error are told.
    package static func describe(_ error: any Error) -> String {
        if let error = error as? ServerError {
            return "\(error.operationID): \(describe(error.underlyingError))"
        }
        return String(String(describing: error).prefix(500))
    }
}
