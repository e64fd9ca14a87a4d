import Hummingbird
import ServerCore
import WireAPI

/// Finds the account of `Authorization: Bearer <token>` by the token's SHA-256 and handles the request as it
/// (``Caller/current``); without a token the server knows, 401. It is the middleware of the API's group of routes
/// that need a token (``APIRoutes``): the open routes and the pages (which sign in with a session cookie of their
/// own) are in other groups, so it never sees them.
package struct AuthMiddleware<Context: RequestContext>: RouterMiddleware {
    package let accounts: any AccountStore
    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let authorization = request.headers[.authorization] else {
            throw APIProblem.unauthorized("Send your token as `Authorization: Bearer <token>`.")
        }
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty, parts[1].utf8.count <= 512 else {
            throw APIProblem.unauthorized("The Authorization header must be `Bearer <token>`.")
        }
        guard let account = try await accounts.account(for: TokenDigest(token: String(parts[1]))) else {
            throw APIProblem.unauthorized("The token is not one this server issued. Ask for a new one (`crash-assistant-server user add NAME`).")
        }
        return try await Caller.$current.withValue(account) {
            try await next(request, context)
        }
    }
}
