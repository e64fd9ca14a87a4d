import HTTPTypes
import Hummingbird
import OpenAPIHummingbird
import OpenAPIRuntime
import Synchronization

/// Which methods each route path takes, recorded as the routes are registered, so a known path asked with another
/// method is answered 405 with `Allow` (not 404), as HTTP asks.
package final class RouteTable: Sendable {
    private struct Route {
        let segments: [Substring]
        var methods: [HTTPRequest.Method]
    }

    private let routes = Mutex<[Route]>([])

    /// Records a path pattern (`/v1/reports/{reportID}` as openapi.yaml writes it, or `/v1/reports/:reportID` as the router does) and a method it takes.
    package func record(_ path: String, _ method: HTTPRequest.Method) {
        let segments = Self.segments(path)
        routes.withLock { routes in
            if let index = routes.firstIndex(where: { $0.segments == segments }) {
                routes[index].methods.append(method)
            } else {
                routes.append(Route(segments: segments, methods: [method]))
            }
        }
    }

    /// The methods a concrete path takes; empty when no route has its shape.
    package func methods(for path: String) -> [HTTPRequest.Method] {
        let asked = path.split(separator: "/", omittingEmptySubsequences: true)
        return routes.withLock { routes in
            routes.first { route in
                route.segments.count == asked.count && zip(route.segments, asked).allSatisfy { pattern, segment in
                    pattern == "*" || pattern == segment
                }
            }?.methods ?? []
        }
    }

    /// The path's segments, each parameter (`{reportID}` or `:reportID`) as `*`, so both spellings name one route.
    private static func segments(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true).map { segment in
            segment.hasPrefix(":") || segment.hasPrefix("{") ? "*" : segment
        }
    }
}

/// A route by its method and path as `openapi.yaml` writes it.
package struct RouteKey: Hashable, Sendable {
    package let method: HTTPRequest.Method
    package let path: String

    package init(_ method: HTTPRequest.Method, _ path: String) {
        self.method = method
        self.path = path
    }
}

/// The router as the generated code's transport, recording each route in the table on the way; the routes in
/// `servedByHand` are left to their own handlers on the router.
package struct RecordingTransport: ServerTransport {
    package let router: Router<ServerRequestContext>
    package let table: RouteTable
    package let servedByHand: Set<RouteKey>

    package func register(
        _ handler: @escaping @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?),
        method: HTTPRequest.Method,
        path: String
    ) throws {
        if servedByHand.contains(RouteKey(method, path)) { return }
        table.record(path, method)
        try router.register(handler, method: method, path: path)
    }
}
