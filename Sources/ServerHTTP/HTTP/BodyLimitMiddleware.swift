import Hummingbird

/// Refuses a body over the limit on every route, before anything else reads it: at once from `Content-Length`
/// (nothing is read), and while it streams when its length is not said (chunked). Both answer 413 with
/// `Upload-Limit: max-size=<limit>`. A `GET`, `HEAD` or `DELETE` carrying a body is refused unread (no route here
/// takes one). The JSON routes keep tighter limits of their own (``BodyBudgetMiddleware``).
package struct BodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    package let limit: Int
    /// The routes, so a body on a method a path does not take is left for the router to answer (405, 404).
    package let routes: RouteTable

    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let declared = request.headers[.contentLength] {
            guard let length = Int(declared), length >= 0 else {
                throw APIProblem.badParameter("Content-Length", "Content-Length must be a number of bytes, not “\(declared.prefix(40))”.")
            }
            guard length <= limit else { throw APIProblem.tooLarge(limit: limit) }
        }
        if [.get, .head, .delete].contains(request.method) {
            let declared = request.headers[.contentLength].flatMap { Int($0) } ?? 0
            let chunked = request.headers[.transferEncoding]?.lowercased().contains("chunked") ?? false
            // The route is looked up only for a request that carries a body (most carry none).
            if declared != 0 || chunked, routes.methods(for: request.uri.path).contains(request.method) {
                throw APIProblem(.invalidRequest, "A \(request.method.rawValue) request takes no body; send it without one.", field: "body")
            }
        }
        var request = request
        request.body = RequestBody(asyncSequence: LimitedBody(base: request.body, limit: limit))
        return try await next(request, context)
    }
}
