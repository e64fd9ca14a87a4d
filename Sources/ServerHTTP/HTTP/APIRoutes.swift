import Hummingbird
import Logging
import ServerCore
import ServiceLifecycle
import WireAPI

/// The API's side of the router: the middleware in front of every route (metrics, the request log, problems, the body
/// limit) and the API's routes, generated and by hand, in two groups: the open ones (health, the API document, the
/// problem types, crash links, the SMS gateway's delivery reports with their own credential) and those that need a
/// token, behind ``AuthMiddleware``. Pages are added to the same router after it, with their own sign-in
/// (``RouteTable`` records every route, for 405 answers).
package enum APIRoutes {
    package static func router(services: ServerServices) throws -> (Router<ServerRequestContext>, RouteTable) {
        let router = Router(context: ServerRequestContext.self)
        let routes = RouteTable()
        router.add(middleware: RequestMetricsMiddleware())
        router.add(middleware: RequestLogMiddleware(level: .info))
        router.add(middleware: ProblemMiddleware(routes: routes))
        router.add(middleware: BodyLimitMiddleware(limit: ServerLimits.maximumBodyBytes, routes: routes))
        let open = router.group()
        let authenticated = router.group().add(middleware: AuthMiddleware(accounts: services.accounts))
        try APIHandler(services: services).registerHandlers(
            on: RecordingTransport(
                open: open, authenticated: authenticated, table: routes,
                servedByHand: StoredReadRoutes.operations.union(DeliveryReportRoute.operations).union(SMSReplyRoute.operations)
            ),
            configuration: WireCoding.configuration,
            middlewares: [BodyBudgetMiddleware()]
        )
        DeliveryReportRoute(services: services).register(on: open, table: routes)
        SMSReplyRoute(services: services).register(on: open, table: routes)
        StoredReadRoutes(services: services).register(on: authenticated, table: routes)
        PhotoRoutes(services: services).register(on: authenticated, table: routes)
        DocumentRoutes(services: services).register(open: open, authenticated: authenticated, table: routes)
        ClaimFileRoutes(services: services).register(on: authenticated, table: routes)
        return (router, routes)
    }
}

/// The HTTP server around a router: HTTP/1.1 with every connection held to ``ConnectionLimits``.
package enum HTTPEdge {
    /// The application on `host:port`, running `lifecycleServices` (the database's connection pools) before the
    /// HTTP server starts and until it has finished.
    package static func application(
        router: Router<ServerRequestContext>, host: String, port: Int, limits: ConnectionLimits,
        lifecycleServices: [any Service], logger: Logger, onServerRunning: @escaping @Sendable (Int) async -> Void
    ) -> some ApplicationProtocol {
        let counter = ConnectionCounter(
            maximum: limits.maximumConnections, perClient: limits.maximumConnectionsPerClient, trusted: limits.trustedProxies
        )
        return Application(
            router: router,
            server: .http1(configuration: .init(
                additionalChannelHandlers: [
                    ConnectionCountHandler(counter: counter), RequestHeadTimeoutHandler(timeout: limits.headTimeout),
                    BodyPaceHandler(limits: limits), ExpectContinueHandler(),
                ],
                idleTimeout: .init(limits.idleTimeout)
            )),
            configuration: .init(address: .hostname(host, port: port), serverName: "crash-assistant-server"),
            services: lifecycleServices,
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
            logger: logger
        )
    }
}
