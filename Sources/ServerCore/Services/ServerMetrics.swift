import Domain
import Logging
import Metrics
import NIOCore
import Prometheus
import WireAPI

/// The server's metrics, kept through swift-metrics in one Prometheus registry per process and served in Prometheus's
/// text format on a listener of their own (``MetricsListener``), never on the public one:
/// - `hb_requests`, `http_server_request_duration_seconds` (a histogram): every request by route (`http_route`),
///   method and status, from Hummingbird's `MetricsMiddleware`;
/// - `crash_assistant_problems_total{type}`: refusals by problem type (quota and rate refusals among them);
/// - `crash_assistant_uploads_in_progress`, `crash_assistant_uploads_resumed_total`: photo uploads;
/// - `crash_assistant_jobs_total{kind,outcome}`: jobs done and failed (the SMS among them).
package enum ServerMetrics {
    /// The registry every metric of this process is kept in; swift-metrics is bootstrapped with it on first use.
    package static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        // Fine enough below 10 ms for a read path that answers in about a millisecond.
        factory.defaultDurationHistogramBuckets = [0.25, 0.5, 1, 2, 3, 5, 7.5, 10, 15, 20, 30, 50, 75, 100, 250, 500, 1_000, 2_500, 5_000, 10_000]
            .map { Duration.microseconds(Int64($0 * 1_000)) }
        factory.nameAndLabelSanitizer = { name, labels in
            (sanitized(name), labels.map { (sanitized($0.0), $0.1) })
        }
        MetricsSystem.bootstrap(factory)
        return registry
    }()

    /// Makes sure the registry is in place before the first metric is made.
    package static func bootstrap() {
        _ = registry
    }

    /// The metrics as Prometheus reads them.
    package static func exposition() -> ByteBuffer {
        ByteBuffer(bytes: registry.emitToBuffer())
    }

    // MARK: - The server's own

    package static func refused(_ type: ProblemType) {
        Counter(label: "crash_assistant_problems_total", dimensions: [("type", type.rawValue)]).increment()
    }

    package static func uploadStarted(resuming: Bool) {
        Meter(label: "crash_assistant_uploads_in_progress").increment()
        if resuming { Counter(label: "crash_assistant_uploads_resumed_total").increment() }
    }

    package static func uploadEnded() {
        Meter(label: "crash_assistant_uploads_in_progress").decrement()
    }

    package static func job(_ kind: String, failed: Bool) {
        Counter(label: "crash_assistant_jobs_total", dimensions: [("kind", kind), ("outcome", failed ? "failed" : "done")]).increment()
    }

    /// A delivery report on an SMS message, by the state it reports.
    package static func smsReport(_ state: SMSState) {
        Counter(label: "crash_assistant_sms_reports_total", dimensions: [("state", state.rawValue)]).increment()
    }

    /// A name as Prometheus takes it: letters, digits and `_` (swift-metrics labels use `.`).
    private static func sanitized(_ name: String) -> String {
        String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" })
    }
}
