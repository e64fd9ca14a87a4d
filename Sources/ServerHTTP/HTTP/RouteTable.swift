import HTTPTypes
import Hummingbird
import OpenAPIRuntime
import Synchronization
import WireAPI

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

/// A router or a group of it that records each route in the ``RouteTable`` as it registers it: a route is written once,
/// and the table knows every route the router serves.
package struct RecordingRoutes<Methods: RouterMethods> {
    package let methods: Methods
    package let table: RouteTable

    package init(_ methods: Methods, table: RouteTable) {
        self.methods = methods
        self.table = table
    }

    /// Serves `method` on `path` (a pattern, `/v1/reports/{reportID}` or `:reportID`) with `handler`, and records it.
    package func on<Output: ResponseGenerator>(
        _ path: String, _ method: HTTPRequest.Method, use handler: @escaping @Sendable (Request, Methods.Context) async throws -> Output
    ) {
        methods.on(RouterPath(path), method: method, use: handler)
        table.record(path, method)
    }

    package func get<Output: ResponseGenerator>(
        _ path: String, use handler: @escaping @Sendable (Request, Methods.Context) async throws -> Output
    ) {
        on(path, .get, use: handler)
    }

    package func post<Output: ResponseGenerator>(
        _ path: String, use handler: @escaping @Sendable (Request, Methods.Context) async throws -> Output
    ) {
        on(path, .post, use: handler)
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

/// The router as the generated code's transport, recording each route in the table as it registers it; the routes in
/// `servedByHand` are left to their own handlers on the router.
///
/// An answer whose length is known and at most ``wholeAnswerBytes`` (every JSON answer) is handed to the server
/// whole, so its head and body leave in one write; a longer one, or one of unknown length, is streamed.
package struct RecordingTransport: ServerTransport {
    /// Where the routes that need no token go (``WirePaths/isPublic(_:)``).
    package let open: RouterGroup<ServerRequestContext>
    /// Where every other route goes: behind the token's middleware.
    package let authenticated: RouterGroup<ServerRequestContext>
    package let table: RouteTable
    package let servedByHand: Set<RouteKey>

    /// Streamed piece by piece, an answer costs a hand-over to the connection's thread and a write for its head and
    /// for each piece: a crash event's 201 went out as two writes, and two TCP segments.
    package static let wholeAnswerBytes = 64 * 1_024

    package func register(
        _ handler: @escaping @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?),
        method: HTTPRequest.Method,
        path: String
    ) throws {
        if servedByHand.contains(RouteKey(method, path)) { return }
        let group = RecordingRoutes(WirePaths.isPublic(path) ? open : authenticated, table: table)
        group.on(path, method) { request, context in
            let length: HTTPBody.Length = if let header = request.headers[.contentLength], let value = Int64(header) {
                .known(value)
            } else {
                .unknown
            }
            let body = HTTPBody(request.body.map { [UInt8](buffer: $0) }, length: length, iterationBehavior: .single)
            let parameters = [String: Substring](
                context.parameters.map { (String($0.0), $0.1) }, uniquingKeysWith: { first, _ in first }
            )
            let (response, answer) = try await handler(request.head, body, ServerRequestMetadata(pathParameters: parameters))
            return Response(status: response.status, headers: response.headerFields, body: try await Self.responseBody(answer))
        }
    }

    private static func responseBody(_ body: HTTPBody?) async throws -> ResponseBody {
        guard let body else { return ResponseBody(byteBuffer: ByteBuffer()) }
        switch body.length {
        case let .known(length) where length <= wholeAnswerBytes:
            return ResponseBody(byteBuffer: ByteBuffer(bytes: try await ArraySlice(collecting: body, upTo: wholeAnswerBytes)))
        case let .known(length):
            return ResponseBody(contentLength: Int(length)) { writer in
                for try await chunk in body { try await writer.write(ByteBuffer(bytes: chunk)) }
                try await writer.finish(nil)
            }
        case .unknown:
            return ResponseBody(asyncSequence: body.map { ByteBuffer(bytes: $0) })
        }
    }
}
