import ArgumentParser
import Domain
import Foundation
import Hummingbird
import Logging
import NIOCore
import ServerApp
import ServerCore
import ServerGateways
import ServerHTTP
import ServerPostgres
import ServiceLifecycle

/// `serve`: runs the server until SIGINT or SIGTERM, then stops taking connections and finishes the requests in
/// flight before it exits.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Runs the server.")

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0: any free port, printed at start).")
    var port = 8080

    @OptionGroup var data: DataOption

    @OptionGroup var blobs: BlobURLOption

    @OptionGroup var database: DatabaseOption

    @OptionGroup var signing: SigningKeyOption

    @Option(name: .customLong("public-url"), help: ArgumentHelp(
        "The address drivers reach the server at, for the web links in SMS messages (default: http://HOST:PORT).",
        valueName: "URL"
    ))
    var publicURL: String?

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    @Option(name: .customLong("head-timeout"), help: ArgumentHelp(
        "Seconds a connection may take to send a whole request head (from opening, or from the last answer).", valueName: "SECONDS"
    ))
    var headTimeout = Int(ConnectionLimits.standard.headTimeout.components.seconds)

    @Option(name: .customLong("idle-timeout"), help: ArgumentHelp(
        "Seconds a connection may send nothing, between requests or within a body (a stalled upload is ended and kept to resume).",
        valueName: "SECONDS"
    ))
    var idleTimeout = Int(ConnectionLimits.standard.idleTimeout.components.seconds)

    @Option(name: .customLong("max-connections"), help: "How many connections may be open at once; more are closed at once.")
    var maximumConnections = ConnectionLimits.standard.maximumConnections

    @Option(name: .customLong("max-connections-per-client"), help: ArgumentHelp(
        "How many connections one client (an IPv4 address, or an IPv6 /64) may hold at once; more are closed at once.", valueName: "N"
    ))
    var maximumConnectionsPerClient = ConnectionLimits.standard.maximumConnectionsPerClient

    @Option(name: .customLong("trusted-proxy"), help: ArgumentHelp(
        "The address of a proxy in front of the server (repeat for several): its connections are not held to the per-client bound; the clients its X-Forwarded-For names are, request by request.",
        valueName: "ADDRESS"
    ))
    var trustedProxies: [String] = []

    @Option(name: .customLong("min-body-rate"), help: ArgumentHelp(
        "Bytes a second a request body must keep while the server reads it, after 10 seconds of reading; slower ones are closed (0: no pace, for a proxy in front that buffers whole bodies).",
        valueName: "BYTES"
    ))
    var minimumBodyRate = ConnectionLimits.standard.minimumBodyRate

    @Option(name: .customLong("anonymous-body-timeout"), help: ArgumentHelp(
        "Seconds a request without credentials (a sign-in, the other driver's form) may take to send its body.", valueName: "SECONDS"
    ))
    var anonymousBodyTimeout = Int(ConnectionLimits.standard.anonymousBodyTimeout.components.seconds)

    @Option(name: .customLong("upload-expiry"), help: ArgumentHelp(
        "Seconds an unfinished upload is kept to resume from; older ones are removed, bytes and all.", valueName: "SECONDS"
    ))
    var uploadExpiry = 86_400

    @Option(name: .customLong("sweep-interval"), help: ArgumentHelp("Seconds between sweeps of unfinished uploads.", valueName: "SECONDS"))
    var sweepInterval = 600

    @Option(name: .customLong("render-concurrency"), help: "How many PDFs may be drawn at once; more wait their turn.")
    var renderConcurrency = 2

    @Option(name: .customLong("max-reports"), help: "Reports one user may keep.")
    var maximumReports = Quotas.standard.reportsPerUser

    @Option(name: .customLong("max-photo-mib"), help: "MiB of photos one user may keep.")
    var maximumPhotoMiB = Quotas.standard.photoBytesPerUser / (1_024 * 1_024)

    @Option(name: .customLong("max-uploads"), help: "Uploads one user may have under way at once.")
    var maximumUploads = Quotas.standard.uploadsPerUser

    @Option(name: .customLong("crash-ids-per-window"), help: "Crash IDs one user may be issued per --rate-window.")
    var crashIDsPerWindow = Quotas.standard.crashIDsPerWindow

    @Option(name: .customLong("crash-events-per-window"), help: "Crash events one detector may post per --rate-window.")
    var crashEventsPerWindow = Quotas.standard.crashEventsPerWindow

    @Option(name: .customLong("rate-window"), help: ArgumentHelp("The window the rates are counted over.", valueName: "SECONDS"))
    var rateWindow = Int(Quotas.standard.window.components.seconds)

    @Option(name: .customLong("longest-retry-pause"), help: ArgumentHelp(
        "The longest pause, in seconds, before a failed job (an SMS, a claims-system notice) is tried again; pauses double from 1 s up to it.",
        valueName: "SECONDS"
    ))
    var longestRetryPause = 60

    @Option(name: .customLong("give-up-after"), help: ArgumentHelp(
        "How long, in seconds, an SMS or a notice to the claims system is tried before it is given up (a given-up notice can be sent again with webhook replay).",
        valueName: "SECONDS"
    ))
    var giveUpAfter = Int(ServerLimits.jobGiveUp.components.seconds)

    @Option(name: .customLong("sms-concurrency"), help: "How many SMS this instance hands to the gateway at once; a driver's own SMS still go one after another.")
    var smsConcurrency = JobConcurrency.standard.sms

    @Option(name: .customLong("webhook-concurrency"), help: "How many notices this instance sends the claims system at once; a report's own notices still go one after another.")
    var webhookConcurrency = JobConcurrency.standard.webhook

    @Option(name: .customLong("metrics-port"), help: ArgumentHelp(
        "Serve GET /metrics (Prometheus's text format) on this port of --metrics-host, apart from the public listener (0: any free port, printed at start). Without it, no metrics are served.",
        valueName: "PORT"
    ))
    var metricsPort: Int?

    @Option(name: .customLong("metrics-host"), help: "The address the metrics listener listens on (keep it private).")
    var metricsHost = "127.0.0.1"

    @Option(name: .customLong("sms-url"), help: ArgumentHelp(
        "Send crash SMS through Kannel's sendsms interface: kannel://USER:PASSWORD@HOST:PORT?from=NAME[&report-url=URL] (report-url: this server's address as Kannel reaches it, for delivery reports; default: --public-url). Without it, messages are written to DIR/outbox-sms.",
        valueName: "URL"
    ))
    var smsURL: String?

    @Option(name: .customLong("sms-reply-key"), help: ArgumentHelp(
        "Take the drivers' SMS replies the gateway hands over at GET /v1/sms/replies?key=KEY&… (Kannel's sms-service get-url): the secret it carries, 24 to 200 characters (or in CRASH_ASSISTANT_SMS_REPLY_KEY, kept off the command line). Without it, replies are refused.",
        valueName: "KEY"
    ))
    var smsReplyKey: String?

    /// The key the gateway's replies carry, from the option or the environment.
    func replyKey(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String? {
        guard let key = smsReplyKey ?? environment["CRASH_ASSISTANT_SMS_REPLY_KEY"] else { return nil }
        guard (24...200).contains(key.count), key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.~".contains($0)) }) else {
            throw ValidationError("--sms-reply-key must be 24 to 200 letters, digits or - _ . ~ (it goes in a URL), e.g. $(head -c 24 /dev/urandom | base64 | tr '+/' '-_').")
        }
        return key
    }

    @Option(name: .customLong("webhook-url"), help: ArgumentHelp(
        "POST every submitted report's first notice of loss to the insurer's claims system here, signed (Standard Webhooks).",
        valueName: "URL"
    ))
    var webhookURL: String?

    @Option(name: .customLong("webhook-secret"), help: ArgumentHelp(
        "The signing secret shared with the claims system: whsec_ and base64 (or in CRASH_ASSISTANT_WEBHOOK_SECRET, kept off the command line).",
        valueName: "SECRET"
    ))
    var webhookSecret: String?

    /// The claims system's webhook the options (or the environment) give, if any.
    func webhook(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> WebhookSender.Configuration? {
        let secret = webhookSecret ?? environment["CRASH_ASSISTANT_WEBHOOK_SECRET"]
        switch (webhookURL, secret) {
        case (nil, nil): return nil
        case (nil, _?): throw ValidationError("A webhook secret is given without --webhook-url; give both, or neither.")
        case (_?, nil): throw ValidationError("--webhook-url needs --webhook-secret (or CRASH_ASSISTANT_WEBHOOK_SECRET) to sign what it sends.")
        case let (url?, secret?):
            do {
                return try WebhookSender.Configuration(url: url, secret: secret)
            } catch {
                throw ValidationError("The webhook: \(error).")
            }
        }
    }

    /// The metrics listener, when `--metrics-port` asks for one.
    private func metricsListener(watch: OperationsWatch, logger: Logger) -> [any Service] {
        guard let metricsPort else { return [] }
        let host = metricsHost
        return [MetricsListener.application(host: host, port: metricsPort, watch: watch, logger: logger) { port in
            FileHandle.standardError.write(Data("crash-assistant-server: metrics on http://\(host):\(port)/metrics\n".utf8))
        }]
    }

    /// The quotas the options give.
    var quotas: Quotas {
        Quotas(
            reportsPerUser: maximumReports, photoBytesPerUser: maximumPhotoMiB * 1_024 * 1_024, uploadsPerUser: maximumUploads,
            crashIDsPerWindow: crashIDsPerWindow, crashEventsPerWindow: crashEventsPerWindow, window: .seconds(rateWindow)
        )
    }

    /// The connection bounds the options give.
    var connectionLimits: ConnectionLimits {
        ConnectionLimits(
            headTimeout: .seconds(headTimeout), idleTimeout: .seconds(idleTimeout), maximumConnections: maximumConnections,
            maximumConnectionsPerClient: maximumConnectionsPerClient, trustedProxies: Set(trustedProxies.compactMap(Self.normalisedAddress)),
            minimumBodyRate: minimumBodyRate, anonymousBodyTimeout: .seconds(anonymousBodyTimeout)
        )
    }

    /// An IP address as the server compares it with a connection's (`::1`, `127.0.0.1`), or `nil` when it is not one.
    static func normalisedAddress(_ text: String) -> String? {
        (try? SocketAddress(ipAddress: text, port: 0))?.ipAddress
    }

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535.") }
        if let metricsPort {
            guard (0...65_535).contains(metricsPort) else { throw ValidationError("--metrics-port must be from 0 to 65535.") }
            guard metricsPort == 0 || metricsPort != port || metricsHost != host else {
                throw ValidationError("--metrics-port must differ from --port: the metrics are kept off the public listener.")
            }
        }
        guard (1...3_600).contains(headTimeout) else { throw ValidationError("--head-timeout must be from 1 to 3600 seconds.") }
        guard (1...3_600).contains(idleTimeout) else { throw ValidationError("--idle-timeout must be from 1 to 3600 seconds.") }
        guard (1...1_000_000).contains(maximumConnections) else { throw ValidationError("--max-connections must be from 1 to 1000000.") }
        guard (1...1_000_000).contains(maximumConnectionsPerClient) else {
            throw ValidationError("--max-connections-per-client must be from 1 to 1000000.")
        }
        for proxy in trustedProxies where Self.normalisedAddress(proxy) == nil {
            throw ValidationError("--trusted-proxy “\(proxy.prefix(60))” is not an IP address (such as 10.0.0.5 or fd00::5).")
        }
        guard (0...100_000_000).contains(minimumBodyRate) else { throw ValidationError("--min-body-rate must be from 0 (no pace) to 100000000 bytes a second.") }
        guard (1...3_600).contains(anonymousBodyTimeout) else { throw ValidationError("--anonymous-body-timeout must be from 1 to 3600 seconds.") }
        guard (1...31_536_000).contains(uploadExpiry) else { throw ValidationError("--upload-expiry must be from 1 second to a year.") }
        guard (1...86_400).contains(sweepInterval) else { throw ValidationError("--sweep-interval must be from 1 to 86400 seconds.") }
        guard (1...3_600).contains(longestRetryPause) else { throw ValidationError("--longest-retry-pause must be from 1 to 3600 seconds.") }
        guard (5...604_800).contains(giveUpAfter) else { throw ValidationError("--give-up-after must be from 5 to 604800 seconds (a week).") }
        guard (1...64).contains(renderConcurrency) else { throw ValidationError("--render-concurrency must be from 1 to 64.") }
        guard (1...256).contains(smsConcurrency) else { throw ValidationError("--sms-concurrency must be from 1 to 256.") }
        guard (1...256).contains(webhookConcurrency) else { throw ValidationError("--webhook-concurrency must be from 1 to 256.") }
        for (value, name) in [(maximumReports, "--max-reports"), (maximumPhotoMiB, "--max-photo-mib"), (maximumUploads, "--max-uploads"),
                              (crashIDsPerWindow, "--crash-ids-per-window"), (crashEventsPerWindow, "--crash-events-per-window")] {
            guard (1...100_000_000).contains(value) else { throw ValidationError("\(name) must be from 1 to 100000000.") }
        }
        guard (1...31_536_000).contains(rateWindow) else { throw ValidationError("--rate-window must be from 1 second to a year.") }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical.")
        }
        _ = try webhook()
        _ = try replyKey()
        if let smsURL {
            do {
                _ = try KannelSMSSender.Configuration(url: smsURL)
            } catch {
                throw ValidationError("--sms-url: \(error).")
            }
        }
        if let publicURL {
            guard let url = URL(string: publicURL), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil,
                  url.query == nil, url.fragment == nil else {
                throw ValidationError("--public-url must be an http or https address such as https://claims.example.com.")
            }
        }
    }

    func run() async throws {
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "crash-assistant-server")
        FileLimit.raise(toHold: maximumConnections, logger: logger)
        ServerMetrics.bootstrap()
        let folder = data.resolved
        let bucket = try blobs.bucket()
        if let bucket { try await BlobURLOption.check(bucket) }
        let location = try database.location()
        let seal = try signing.seal(dataFolder: folder)
        let environment: ServerEnvironment
        let services: ServerServices
        do {
            environment = try await ServerEnvironment.open(dataFolder: folder, database: location, bucket: bucket, logger: logger)
            let links = CrashLinks(publicURL: publicURL ?? "http://\(host):\(port)")
            let sms: any SMSSender = if let smsURL {
                KannelSMSSender(configuration: try KannelSMSSender.Configuration(url: smsURL), links: links)
            } else {
                try environment.outboxSender(logger: logger)
            }
            services = try environment.services(
                publicURL: links.publicURL, links: links, logger: logger, renderConcurrency: renderConcurrency, quotas: quotas, sms: sms, retryPause: .seconds(longestRetryPause), giveUpAfter: .seconds(giveUpAfter),
                jobConcurrency: JobConcurrency(sms: smsConcurrency, webhook: webhookConcurrency), webhook: try webhook().map { WebhookSender(configuration: $0) }, smsReplyKey: try replyKey(), seal: seal
            )
        } catch let error as PostgresOpenError {
            throw DatabaseOption.exit(for: error, location: location)
        } catch {
            throw ServerCommandFailure.message("Cannot open the data folder \(folder): \(ProblemText.sentence(for: error))")
        }
        let sealSummary = seal.map { "statements both drivers signed are sealed by “\($0.signerName)” (certificate SHA-256 \($0.fingerprint))" }
            ?? "statements both drivers signed are not sealed: no signing key (crash-assistant-server keys create makes one)"
        let host = host
        let hasPublicURL = publicURL != nil
        let webhookPlace = webhookURL
        let takesReplies = services.replies.takesReplies
        let blobPlace = bucket.map { "; photos and PDFs in the bucket \($0.location.bucket) at \($0.location.endpoint)" } ?? ""
        let kept = (location.map { "data in \(folder), database \($0)" } ?? "data in \(folder)") + blobPlace
        let app = try ServerApplication.application(
            services: services, host: host, port: port, limits: connectionLimits,
            lifecycleServices: environment.lifecycleServices + services.workers + metricsListener(watch: services.watch, logger: logger) + [
                UploadSweeper(
                    erasure: services.erasure, reports: services.reports, jobs: services.worker.store, sessions: services.sessions, statementLinks: services.statementSharing.links, clock: SystemClock(), expiry: .seconds(uploadExpiry), interval: .seconds(sweepInterval), logger: logger
                ),
            ],
            logger: logger
        ) { port in
            if !hasPublicURL { services.links.setPublicURL("http://\(host):\(port)") }
            // Always said, whatever the log level: scripts and tests read the port from it.
            FileHandle.standardError.write(Data((
                "crash-assistant-server: listening on http://\(host):\(port) (\(kept))\n"
                + "crash-assistant-server: \(services.sms.summary)\n"
                + (webhookPlace.map { "crash-assistant-server: submitted reports are sent to the claims system at \($0)\n" } ?? "")
                + (takesReplies ? "crash-assistant-server: drivers' SMS replies are taken at /v1/sms/replies\n" : "")
                + "crash-assistant-server: \(sealSummary)\n"
            ).utf8))
        }
        do {
            try await app.runService()
        } catch let error as IOError where [EADDRINUSE, EACCES, EADDRNOTAVAIL].contains(error.errnoCode) {
            environment.close()
            throw ServerCommandFailure.message(Self.cannotListen(host: host, port: port, errno: error.errnoCode))
        }
        environment.close()
        logger.notice("stopped")
    }

    /// Why the server cannot listen where asked, and what to do.
    static func cannotListen(host: String, port: Int, errno: Int32) -> String {
        switch errno {
        case EADDRINUSE:
            "Port \(port) on \(host) is already in use: another program (perhaps another crash-assistant-server) listens there. Stop it, or choose another port with --port."
        case EACCES:
            "Port \(port) on \(host) may be used only by the system administrator (ports below 1024 are). Choose a port from 1024 up with --port, and put a proxy in front for port 80 or 443."
        default:
            "\(host) is not an address of this machine, so nothing can listen on it. Give one of its addresses with --host (127.0.0.1, or 0.0.0.0 for all)."
        }
    }
}
