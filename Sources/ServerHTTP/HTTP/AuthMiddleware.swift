import Hummingbird
import ServerCore
import WireAPI

/// Finds the account of `Authorization: Bearer <token>` by the token's SHA-256 and handles the request as it
/// (``Caller/current``). Every route but the public ones needs a token the server knows; otherwise 401.
package struct AuthMiddleware<Context: RequestContext>: RouterMiddleware {
    package let accounts: any AccountStore
    package func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // The handlers' pages sign in with a session cookie of their own (``HandlerPages``).
        guard !WirePaths.isPublic(request.uri.path), !HandlerPaths.isPage(request.uri.path),
              !StatementPaths.isPage(request.uri.path) else { return try await next(request, context) }
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
