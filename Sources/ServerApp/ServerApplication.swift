import Hummingbird
import Logging
import ServerCore
import ServerHTTP
import ServerPages
import ServiceLifecycle

/// The server's HTTP application: the API's routes and middleware, then the pages, on one router, served with the
/// connection bounds.
package enum ServerApplication {
    /// The router with every route; tests drive it directly (`app.test(.router)`) or on a port.
    package static func router(services: ServerServices) throws -> Router<ServerRequestContext> {
        let (router, routes) = try APIRoutes.router(services: services)
        PageRoutes.register(on: router, table: routes, services: services)
        return router
    }

    /// The application on `host:port`, running `lifecycleServices` (the database's connection pools) before the
    /// HTTP server starts and until it has finished. Every connection is held to `limits`.
    package static func application(
        services: ServerServices, host: String, port: Int, limits: ConnectionLimits = .standard,
        lifecycleServices: [any Service] = [], logger: Logger,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        HTTPEdge.application(
            router: try router(services: services), host: host, port: port, limits: limits,
            lifecycleServices: lifecycleServices, logger: logger, onServerRunning: onServerRunning
        )
    }
}
