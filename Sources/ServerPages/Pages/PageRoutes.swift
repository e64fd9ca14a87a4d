import Hummingbird
import ServerCore
import ServerHTTP

/// The pages' side of the router: the claims handlers' desk, the other driver's form and the crash SMS's page, added
/// after the API's
/// routes and middleware (``APIRoutes``). Cookies are `Secure` when the server's public address is https.
package enum PageRoutes {
    package static func register(on router: Router<ServerRequestContext>, table: RouteTable, services: ServerServices) {
        let secure = services.links.publicURL.lowercased().hasPrefix("https://")
        HandlerPages(services: services, secureCookies: secure).register(on: router, table: table)
        StatementPages(services: services, secureCookies: secure).register(on: router, table: table)
        CrashPages(services: services, secureCookies: secure).register(on: router, table: table)
    }
}
