import Hummingbird
import Logging
import ServerCore
import ServiceLifecycle
import WireAPI
import NIOCore

/// The listener that serves `GET /metrics` on an address of its own (`serve --metrics-port`), so the public one
/// never shows them. Before each answer, the figures read when asked for are read (``OperationsWatch``). It also
/// answers `GET /health/ready` as the public listener does, with each failure's reason (which may name internal
/// addresses, so the public answer leaves it out).
package enum MetricsListener {
    package static func application(
        host: String, port: Int, watch: OperationsWatch, logger: Logger, onServerRunning: @escaping @Sendable (Int) async -> Void
    ) -> some Service {
        let router = Router()
        router.get("/metrics") { _, _ in
            await watch.sample()
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: ServerMetrics.exposition())
            )
        }
        router.get("/health/ready") { _, _ in
            let readiness = await watch.readiness()
            let body = try WireCoding.encoder().encode(Components.Schemas.Readiness(readiness, reasons: true))
            return Response(
                status: readiness.status == .fail ? .serviceUnavailable : .ok,
                headers: [.contentType: "application/json", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(bytes: body))
            )
        }
        return Application(
            router: router,
            configuration: .init(address: .hostname(host, port: port), serverName: "crash-assistant-server-metrics"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
            logger: logger
        )
    }
}
