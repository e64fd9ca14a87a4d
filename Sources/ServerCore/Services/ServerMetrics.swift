import CoreMetrics
import Domain
import Foundation
import Logging
import Metrics
import NIOCore
import Prometheus
import WireAPI

/// The server's metrics, kept through swift-metrics in one Prometheus registry per process and served in Prometheus's
/// text format on a listener of their own (`MetricsListener`), never on the public one. Every family the server
/// shows is named in ``MetricFamily/all`` with its type, unit and help text, as Prometheus's conventions ask
/// (`_total` on counters, the unit in the name, a `# HELP` line on each); the names libraries use (Hummingbird's
/// request metrics) are mapped there too. What several instances share — the jobs waiting, the SMS by state, the
/// uploads under way — is read from the shared store when the metrics are asked for (``OperationsWatch``), so
/// every instance shows the same figures; what an instance did itself is counted by it.
package enum ServerMetrics {
    /// The registry every metric of this process is kept in; swift-metrics is bootstrapped with it on first use.
    package static let registry: PrometheusCollectorRegistry = {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(ServerMetricsFactory(registry: registry))
        CoreMetrics.Gauge(label: MetricFamily.buildInfo.name, dimensions: [("version", ProductVersion.current)]).record(1)
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

    // MARK: - Requests

    package static func refused(_ type: ProblemType) {
        CoreMetrics.Counter(label: MetricFamily.problems.name, dimensions: [("type", type.rawValue)]).increment()
    }

    // MARK: - Uploads

    package static func uploadStarted(resuming: Bool) {
        CoreMetrics.Meter(label: MetricFamily.uploadRequests.name).increment()
        if resuming { CoreMetrics.Counter(label: MetricFamily.uploadsResumed.name).increment() }
    }

    package static func uploadEnded() {
        CoreMetrics.Meter(label: MetricFamily.uploadRequests.name).decrement()
    }

    // MARK: - Jobs

    /// One try at a job, by how it went.
    package static func jobAttempt(_ kind: JobKind, failed: Bool) {
        CoreMetrics.Counter(label: MetricFamily.jobAttempts.name, dimensions: [("kind", kind.rawValue), ("outcome", failed ? "failed" : "done")]).increment()
    }

    /// A job that will not be tried again.
    package static func jobGivenUp(_ kind: JobKind) {
        CoreMetrics.Counter(label: MetricFamily.jobsGivenUp.name, dimensions: [("kind", kind.rawValue)]).increment()
    }

    /// A job of `kind` this instance begins (`true`) or ends (`false`) doing.
    package static func jobRunning(_ kind: JobKind, _ running: Bool) {
        let meter = CoreMetrics.Meter(label: MetricFamily.jobsRunning.name, dimensions: [("kind", kind.rawValue)])
        if running { meter.increment() } else { meter.decrement() }
    }

    // MARK: - SMS, crash events, the claims system

    /// A crash event a detector posted: a new one, or one sent again.
    package static func crashEvent(new: Bool) {
        CoreMetrics.Counter(label: MetricFamily.crashEvents.name, dimensions: [("outcome", new ? "new" : "repeated")]).increment()
    }

    /// A delivery report on an SMS message, by the state it reports.
    package static func smsReport(_ state: SMSState) {
        CoreMetrics.Counter(label: MetricFamily.smsReports.name, dimensions: [("state", state.rawValue)]).increment()
    }

    /// An SMS reply from a driver, by what it asked for (``ReplyKeyword/name(_:)``) and what became of it (kept,
    /// repeated: the gateway handed it over before, dropped: past ``ServerLimits/repliesPerCrash``, unmatched: no crash
    /// SMS ever went to the number).
    package static func smsReply(_ keyword: ReplyKeyword?, outcome: String) {
        CoreMetrics.Counter(
            label: MetricFamily.smsReplies.name, dimensions: [("keyword", ReplyKeyword.name(keyword)), ("outcome", outcome)]
        ).increment()
    }

    /// A message an update moved on: the time from the crash event that made it to the gateway taking it, or to the
    /// phone network delivering it — counted once, by the update that got it there. A message that leaves `queued`
    /// for `delivered` was taken by then: the delivery report came before the hand-off was recorded (the gateway
    /// reports at once), and it is counted as taken too.
    package static func smsMoved(_ update: SMSUpdate, at date: Date) {
        guard update.movedOn else { return }
        let seconds = max(0, date.timeIntervalSince(update.createdAt))
        if update.before == .queued, update.state == .accepted || update.state == .delivered {
            CoreMetrics.Timer(label: MetricFamily.smsAccepted.name).record(seconds: seconds)
        }
        if update.state == .delivered {
            CoreMetrics.Timer(label: MetricFamily.smsDelivered.name).record(seconds: seconds)
        }
    }

    /// A try at telling the claims system of a report, by its event type, how it went, and how long it took.
    package static func webhookDelivery(_ event: ClaimEvent, delivered: Bool, seconds: TimeInterval) {
        CoreMetrics.Counter(
            label: MetricFamily.webhookDeliveries.name, dimensions: [("event", event.type), ("outcome", delivered ? "delivered" : "failed")]
        ).increment()
        CoreMetrics.Timer(label: MetricFamily.webhookDuration.name).record(seconds: seconds)
    }

    // MARK: - PDFs

    /// How long one PDF took to draw (its turn in the queue not counted).
    package static func rendered(seconds: TimeInterval) {
        CoreMetrics.Timer(label: MetricFamily.renderDuration.name).record(seconds: seconds)
    }

    // MARK: - Read when asked for

    /// Sets the gauges of what is read when the metrics are asked for, from one look at the instance. Figures the
    /// database did not give in time keep their last values, and the miss is counted.
    package static func record(_ look: OperationsWatch.Look) {
        let readiness = look.readiness
        CoreMetrics.Gauge(label: MetricFamily.ready.name).record(readiness.status == .fail ? 0 : 1)
        for check in readiness.checks {
            CoreMetrics.Gauge(label: MetricFamily.readinessChecks.name, dimensions: [("check", check.name.rawValue)]).record(check.status == .pass ? 1 : 0)
        }
        if let free = look.freeBytes { CoreMetrics.Gauge(label: MetricFamily.freeBytes.name).record(free) }
        CoreMetrics.Gauge(label: MetricFamily.rendersRunning.name).record(look.renders.running)
        CoreMetrics.Gauge(label: MetricFamily.rendersWaiting.name).record(look.renders.waiting)
        guard let shared = look.shared else {
            CoreMetrics.Counter(label: MetricFamily.storeReadErrors.name).increment()
            return
        }
        for kind in JobKind.allCases where kind != .unreadable {
            let backlog = shared.jobs[kind]
            CoreMetrics.Gauge(label: MetricFamily.jobsWaiting.name, dimensions: [("kind", kind.rawValue)]).record(backlog?.waiting ?? 0)
            let age = backlog.map { max(0, look.at.timeIntervalSince($0.oldestQueuedAt)) } ?? 0
            CoreMetrics.Gauge(label: MetricFamily.oldestJobAge.name, dimensions: [("kind", kind.rawValue)]).record(age)
            CoreMetrics.Gauge(label: MetricFamily.jobsGivenUpKept.name, dimensions: [("kind", kind.rawValue)]).record(shared.givenUp[kind] ?? 0)
        }
        for state in SMSState.allCases {
            CoreMetrics.Gauge(label: MetricFamily.smsMessages.name, dimensions: [("state", state.rawValue)]).record(shared.sms[state] ?? 0)
        }
        CoreMetrics.Gauge(label: MetricFamily.openUploads.name).record(shared.openUploads)
        CoreMetrics.Gauge(label: MetricFamily.openUploadBytes.name).record(shared.openUploadBytes)
    }

    /// A name as Prometheus takes it: letters, digits and `_` (swift-metrics labels use `.`).
    package static func sanitized(_ name: String) -> String {
        let characters = name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" }
        let name = String(characters)
        return name.first?.isNumber == true ? "_" + name : name
    }
}

/// The kinds of job, as metrics and health checks name them.
package enum JobKind: String, Sendable, CaseIterable {
    case sms
    case webhook
    /// A job whose row cannot be read (it is given up at once).
    case unreadable

    package init(_ job: ServerJob) {
        switch job {
        case .sendSMS: self = .sms
        case .notifyInsurer, .tellDocumentsComplete, .announceDocumentVersion, .tellAcknowledged, .tellStatusChanged, .tellReply: self = .webhook
        }
    }

    /// The kind's name in a job's row (``ServerJob/row``); none names ``unreadable``.
    package var row: String {
        switch self {
        case .sms: "send_sms"
        case .webhook: "deliver_webhook"
        case .unreadable: ""
        }
    }

    /// The kind as a job's row names it (``ServerJob/row``).
    package init?(row kind: String) {
        guard let found = Self.allCases.first(where: { $0 != .unreadable && $0.row == kind }) else { return nil }
        self = found
    }
}

extension CoreMetrics.Timer {
    fileprivate func record(seconds: TimeInterval) {
        recordNanoseconds(Int64(min(seconds, 1e9) * 1e9))
    }
}

/// One family of metrics the server shows: its Prometheus name, type and help text, and the name swift-metrics code
/// (the server's or a library's) makes it under.
package struct MetricFamily: Sendable, Hashable {
    package enum Kind: String, Sendable {
        case counter, gauge, histogram
    }

    /// The name swift-metrics code uses.
    package let label: String
    /// The name Prometheus sees.
    package let name: String
    package let kind: Kind
    package let help: String
    /// A histogram's upper bounds, in seconds.
    package let buckets: [Double]

    init(_ name: String, _ kind: Kind, _ help: String, label: String? = nil, buckets: [Double] = []) {
        self.label = label ?? name
        self.name = name
        self.kind = kind
        self.help = help
        self.buckets = buckets
    }

    /// The family as the registry takes it: the whole name (unit and `_total` included) and the help text.
    var descriptor: MetricNameDescriptor {
        MetricNameDescriptor(metricName: name, unitName: "", helpText: help)
    }

    /// Fine enough below 10 ms for a read path that answers in about a millisecond.
    static let requestBuckets = [0.000_25, 0.000_5, 0.001, 0.002, 0.003, 0.005, 0.007_5, 0.01, 0.015, 0.02, 0.03, 0.05, 0.075, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
    /// From a second to an hour: a text handed on at once, or after the gateway was down for a while.
    static let smsBuckets = [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1_800, 3_600]
    static let callBuckets = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]
    static let renderBuckets = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60]

    // The request metrics (`RequestMetricsMiddleware`, under Hummingbird's labels), by route pattern (`http_route`),
    // method and status.
    static let requests = Self("http_server_requests_total", .counter, "HTTP requests answered, by route pattern, method and status.", label: "hb.requests")
    static let requestErrors = Self(
        "http_server_request_errors_total", .counter, "HTTP requests a handler answered with an error, by route pattern, method and status.",
        label: "hb.request.errors"
    )
    static let requestDuration = Self(
        "http_server_request_duration_seconds", .histogram, "Seconds from a request's head to its answer: handed over whole (up to 64 KiB) or its last byte written, by route pattern, method and status.",
        label: "http.server.request.duration", buckets: requestBuckets
    )
    static let activeRequests = Self("http_server_active_requests", .gauge, "HTTP requests being answered now, by method.", label: "http.server.active_requests")

    // The server's own, per instance.
    static let buildInfo = Self("crash_assistant_build_info", .gauge, "Always 1; the label says which version of the server this instance runs.")
    static let problems = Self("crash_assistant_problems_total", .counter, "Requests refused, by problem type (quota and rate refusals among them).")
    static let uploadRequests = Self("crash_assistant_upload_requests_in_progress", .gauge, "Requests streaming photo bytes to this instance now.")
    static let uploadsResumed = Self("crash_assistant_uploads_resumed_total", .counter, "Photo uploads resumed after an interruption.")
    static let jobAttempts = Self("crash_assistant_job_attempts_total", .counter, "Tries at jobs on this instance, by kind (sms, webhook) and outcome (done, failed).")
    static let jobsGivenUp = Self("crash_assistant_jobs_given_up_total", .counter, "Jobs this instance gave up on (failing for a day, or unreadable), by kind.")
    static let jobsRunning = Self("crash_assistant_jobs_running", .gauge, "Jobs this instance is doing now, by kind.")
    static let crashEvents = Self("crash_assistant_crash_events_total", .counter, "Crash events detectors posted, by outcome (new, repeated).")
    static let smsReplies = Self(
        "crash_assistant_sms_replies_total", .counter,
        "SMS replies from drivers, by keyword (ok, help, false-alarm, stop, start, message) and outcome (kept, repeated, dropped, unmatched)."
    )
    static let smsReports = Self("crash_assistant_sms_delivery_reports_total", .counter, "Delivery reports the SMS gateway sent, by the state they report.")
    static let smsAccepted = Self(
        "crash_assistant_sms_accepted_seconds", .histogram, "Seconds from the crash event to the SMS gateway taking its text to the driver.",
        buckets: smsBuckets
    )
    static let smsDelivered = Self(
        "crash_assistant_sms_delivered_seconds", .histogram, "Seconds from the crash event to the phone network reporting its text delivered.",
        buckets: smsBuckets
    )
    static let webhookDeliveries = Self(
        "crash_assistant_webhook_deliveries_total", .counter,
        "Tries at telling the claims system of a report, by event type (claim.first_notice_of_loss, …) and outcome (delivered, failed)."
    )
    static let webhookDuration = Self(
        "crash_assistant_webhook_delivery_duration_seconds", .histogram, "Seconds a try at telling the claims system of a report took.",
        buckets: callBuckets
    )
    static let renderDuration = Self("crash_assistant_render_duration_seconds", .histogram, "Seconds drawing one PDF took.", buckets: renderBuckets)
    static let rendersRunning = Self("crash_assistant_renders_running", .gauge, "PDFs this instance is drawing now.")
    static let rendersWaiting = Self("crash_assistant_renders_waiting", .gauge, "PDFs waiting on this instance for their turn to be drawn.")
    static let freeBytes = Self("crash_assistant_data_free_bytes", .gauge, "Bytes free on the disk holding this instance's data folder.")
    static let ready = Self("crash_assistant_ready", .gauge, "1 when this instance is ready (GET /health/ready answers 200), else 0.")
    static let readinessChecks = Self(
        "crash_assistant_health_check_passing", .gauge, "1 when a readiness check passes, 0 when it warns or fails, by check."
    )

    // Read from the store every instance shares, so all of them show the same.
    static let jobsWaiting = Self("crash_assistant_jobs_waiting", .gauge, "Jobs not finished (queued, paused before another try, or being done), by kind.")
    static let oldestJobAge = Self(
        "crash_assistant_jobs_oldest_waiting_age_seconds", .gauge, "Seconds the oldest unfinished job has waited since it was queued, by kind (0: none)."
    )
    static let jobsGivenUpKept = Self(
        "crash_assistant_jobs_given_up_kept", .gauge, "Jobs given up and not replayed, kept 30 days after they were given up, by kind (webhook: replay with `webhook replay`)."
    )
    static let smsMessages = Self("crash_assistant_sms_messages", .gauge, "SMS messages to drivers kept, by state (queued, accepted, delivered, failed).")
    static let openUploads = Self("crash_assistant_uploads_open", .gauge, "Photo uploads begun and not whole yet.")
    static let openUploadBytes = Self("crash_assistant_uploads_open_bytes", .gauge, "Bytes held for photo uploads that are not whole yet.")
    static let storeReadErrors = Self(
        "crash_assistant_metrics_store_errors_total", .counter, "Times the shared store did not answer the metrics' questions (those figures are then stale)."
    )

    /// Every family the server shows.
    package static let all: [MetricFamily] = [
        requests, requestErrors, requestDuration, activeRequests,
        buildInfo, problems, uploadRequests, uploadsResumed, jobAttempts, jobsGivenUp, jobsRunning, crashEvents, smsReplies, smsReports,
        smsAccepted, smsDelivered, webhookDeliveries, webhookDuration, renderDuration, rendersRunning, rendersWaiting, freeBytes,
        ready, readinessChecks, jobsWaiting, oldestJobAge, jobsGivenUpKept, smsMessages, openUploads, openUploadBytes, storeReadErrors,
    ]

    static let byLabel = Dictionary(all.map { ($0.label, $0) }, uniquingKeysWith: { first, _ in first })

    /// The family swift-metrics code made under `label` as `kind`; one the server does not know (a library's) gets
    /// a name of its own, kept apart by type so it can never clash with another's.
    static func family(label: String, kind: Kind) -> MetricFamily {
        if let known = byLabel[label], known.kind == kind { return known }
        let base = ServerMetrics.sanitized(label) + "_" + kind.rawValue
        return MetricFamily(
            kind == .counter ? base + "_total" : base, kind, "Kept by a library the server uses under the name “\(label)”.", label: label,
            buckets: requestBuckets
        )
    }
}

/// swift-metrics onto the Prometheus registry, with each family's name, help and buckets from ``MetricFamily``.
struct ServerMetricsFactory: MetricsFactory {
    let registry: PrometheusCollectorRegistry

    private func labels(_ dimensions: [(String, String)]) -> [(String, String)] {
        dimensions.map { (ServerMetrics.sanitized($0.0), $0.1) }
    }

    func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        let family = MetricFamily.family(label: label, kind: .counter)
        return registry.makeCounter(descriptor: family.descriptor, labels: labels(dimensions))
    }

    func makeFloatingPointCounter(label: String, dimensions: [(String, String)]) -> any FloatingPointCounterHandler {
        let family = MetricFamily.family(label: label, kind: .counter)
        return registry.makeCounter(descriptor: family.descriptor, labels: labels(dimensions))
    }

    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        if aggregate {
            let family = MetricFamily.family(label: label, kind: .histogram)
            return registry.makeValueHistogram(descriptor: family.descriptor, labels: labels(dimensions), buckets: family.buckets)
        }
        let family = MetricFamily.family(label: label, kind: .gauge)
        return registry.makeGauge(descriptor: family.descriptor, labels: labels(dimensions))
    }

    func makeMeter(label: String, dimensions: [(String, String)]) -> any MeterHandler {
        let family = MetricFamily.family(label: label, kind: .gauge)
        return registry.makeGauge(descriptor: family.descriptor, labels: labels(dimensions))
    }

    func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        let family = MetricFamily.family(label: label, kind: .histogram)
        let buckets = family.buckets.map { Duration.nanoseconds(Int64($0 * 1e9)) }
        return registry.makeDurationHistogram(descriptor: family.descriptor, labels: labels(dimensions), buckets: buckets)
    }

    func destroyCounter(_ handler: any CounterHandler) {
        if let counter = handler as? Prometheus.Counter { registry.unregisterCounter(counter) }
    }

    func destroyFloatingPointCounter(_ handler: any FloatingPointCounterHandler) {
        if let counter = handler as? Prometheus.Counter { registry.unregisterCounter(counter) }
    }

    func destroyRecorder(_ handler: any RecorderHandler) {
        if let gauge = handler as? Prometheus.Gauge { registry.unregisterGauge(gauge) }
        if let histogram = handler as? ValueHistogram { registry.unregisterValueHistogram(histogram) }
    }

    func destroyMeter(_ handler: any MeterHandler) {
        if let gauge = handler as? Prometheus.Gauge { registry.unregisterGauge(gauge) }
    }

    func destroyTimer(_ handler: any TimerHandler) {
        if let histogram = handler as? DurationHistogram { registry.unregisterDurationHistogram(histogram) }
    }
}
