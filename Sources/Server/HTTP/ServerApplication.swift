import Hummingbird
import Logging
import ServiceLifecycle
import OpenAPIHummingbird
import WireAPI

/// The server's HTTP application: middleware in front of everything (problems, the body limit, the token), the
/// generated JSON routes and the streaming routes.
enum ServerApplication {
    /// The router with every route; tests drive it directly (`app.test(.router)`) or on a port.
    static func router(services: ServerServices) throws -> Router<ServerRequestContext> {
        let router = Router(context: ServerRequestContext.self)
        let routes = RouteTable()
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: RequestLogMiddleware(level: .info))
        router.add(middleware: ProblemMiddleware(routes: routes))
        router.add(middleware: BodyLimitMiddleware(limit: ServerLimits.maximumBodyBytes, routes: routes))
        router.add(middleware: AuthMiddleware(accounts: services.accounts))
        try APIHandler(services: services).registerHandlers(
            on: RecordingTransport(router: router, table: routes, servedByHand: StoredReadRoutes.operations),
            configuration: WireCoding.configuration,
            middlewares: [BodyBudgetMiddleware()]
        )
        StoredReadRoutes(services: services).register(on: router, table: routes)
        PhotoRoutes(services: services).register(on: router, table: routes)
        DocumentRoutes(services: services).register(on: router, table: routes)
        ClaimFileRoutes(services: services).register(on: router, table: routes)
        HandlerPages(services: services, secureCookies: services.links.publicURL.lowercased().hasPrefix("https://"))
            .register(on: router, table: routes)
        StatementPages(services: services, secureCookies: services.links.publicURL.lowercased().hasPrefix("https://"))
            .register(on: router, table: routes)
        return router
    }

    /// The application on `host:port`, running `lifecycleServices` (the database's connection pools) before the
    /// HTTP server starts and until it has finished. Every connection is held to `limits`.
    static func application(
        services: ServerServices, host: String, port: Int, limits: ConnectionLimits = .standard,
        lifecycleServices: [any Service] = [], logger: Logger,
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) throws -> some ApplicationProtocol {
        let counter = ConnectionCounter(
            maximum: limits.maximumConnections, perClient: limits.maximumConnectionsPerClient, trusted: limits.trustedProxies
        )
        return Application(
            router: try router(services: services),
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
