import Foundation
import PostgresNIO
import Testing
import TestSupport
import ServerTestSupport

/// What an operator watches, live: the server binary with its metrics listener, Kannel with its fake SMS centre as
/// the phone network, and Prometheus's own promtool judging the exposition and the alert's expression.
@Suite("What an operator watches, live", .serialized, .ownThreads)
struct ServerOperationsLiveTests {
    /// The readiness answer: its status code, overall status, and each check's status and words by name.
    static func readiness(_ server: ServerProcess) throws -> (code: Int, status: String, checks: [String: (status: String, output: String, essential: Bool)]) {
        let answer = try LoopbackConnection.request(port: server.port, "GET", "/health/ready")
        let body = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any], "\(answer.text)")
        var checks: [String: (String, String, Bool)] = [:]
        for check in body["checks"] as? [[String: Any]] ?? [] {
            checks[check["name"] as? String ?? ""] = (check["status"] as? String ?? "", check["output"] as? String ?? "", check["essential"] as? Bool ?? true)
        }
        return (answer.status, body["status"] as? String ?? "", checks)
    }

    @Test("Kannel stopped: the crash's SMS shows waiting and ageing, readiness names the failing gateway, the alert's expression holds; Kannel back: delivered, counted, and the exposition passes promtool")
    func aGatewayOutageIsSeen() throws {
        let gateway = try KannelGateway()
        defer { gateway.stop() }
        let port = try LoopbackPort.free()
        let metricsPort = try LoopbackPort.free()
        let server = try ServerProcess(port: port, arguments: [
            "--public-url", "https://claims.example.com",
            "--sms-url", gateway.smsURL() + "&report-url=http://127.0.0.1:\(port)",
            "--metrics-port", String(metricsPort), "--longest-retry-pause", "2",
        ])
        defer { _ = try? server.stop() }
        _ = try server.add("ann")
        let detector = try server.add("detector-1", kind: "detector")

        // Ready, and nothing waits.
        let before = try Self.readiness(server)
        #expect(before.code == 200 && before.status == "pass", "\(before)")
        #expect(before.checks["sms-gateway"]?.status == "pass")
        #expect(Set(before.checks.keys) == ["database", "blob-store", "disk", "job-worker", "sms-gateway"])
        let idle = try MetricsScrape.take(port: metricsPort)
        #expect(idle.value("crash_assistant_jobs_waiting", ["kind": "sms"]) == 0)
        #expect(idle.value("crash_assistant_ready") == 1)

        try gateway.stopGateway()
        let (status, receipt) = try ServerSMSGatewayLiveTests.postEvent(server, detector: detector, eventID: "evt-ops")
        #expect(status == 201)
        try ServerSMSGatewayLiveTests.waitForAFailedTry(server)

        // The SMS waits, and its age grows from scrape to scrape until past the alert's 30 s.
        var ages: [Double] = []
        let started = Date()
        while Date().timeIntervalSince(started) < 90 {
            let scrape = try MetricsScrape.take(port: metricsPort)
            #expect(scrape.value("crash_assistant_jobs_waiting", ["kind": "sms"]) == 1)
            ages.append(try #require(scrape.value("crash_assistant_jobs_oldest_waiting_age_seconds", ["kind": "sms"])))
            if ages.last ?? 0 > 32 { break }
            Thread.sleep(forTimeInterval: 5)
        }
        #expect(ages.count >= 3, "\(ages)")
        #expect(zip(ages, ages.dropFirst()).allSatisfy { $0 < $1 }, "\(ages)")
        let waited = try #require(ages.last)
        #expect(waited > 30, "\(ages)")
        let failing = try MetricsScrape.take(port: metricsPort)
        #expect(failing.value("crash_assistant_health_check_passing", ["check": "sms-gateway"]) == 0)
        #expect((failing.value("crash_assistant_job_attempts_total", ["kind": "sms", "outcome": "failed"]) ?? 0) >= 2)
        #expect(failing.value("crash_assistant_sms_messages", ["state": "queued"]) == 1)

        // Readiness says the gateway is failing and why — yet the instance stays ready: it still takes crash events.
        let down = try Self.readiness(server)
        #expect(down.code == 200 && down.status == "warn", "\(down)")
        let check = try #require(down.checks["sms-gateway"])
        #expect(check.status == "fail" && !check.essential)
        #expect(check.output.contains("The SMS gateway is failing: 1 SMS message waits"), "\(check.output)")
        #expect(down.checks["database"]?.status == "pass")
        // Why, in the failure's own words, only on the private listener: the public answer names no address.
        let publicAnswer = try LoopbackConnection.request(port: server.port, "GET", "/health/ready").text
        #expect(!publicAnswer.contains("127.0.0.1") && !publicAnswer.contains("reason"), "\(publicAnswer)")
        let (privateAnswer, _) = try MetricsScrape.execute("/usr/bin/curl", ["-s", "--max-time", "10", "http://127.0.0.1:\(metricsPort)/health/ready"])
        #expect(privateAnswer.contains("\"reason\"") && privateAnswer.contains("could not be reached"), "\(privateAnswer)")

        // The alert's own expression, from the rules file, over the series as scraped, 5 s apart: true at the last.
        let expression = try MetricsScrape.alertExpression("CrashSMSNotSent")
        let series = "crash_assistant_jobs_oldest_waiting_age_seconds{kind=\"sms\",instance=\"live\"}"
        let evaluated = try MetricsScrape.expression(expression, over: [(series, ages)], interval: 5, gives: ("{kind=\"sms\"}", waited))
        #expect(evaluated.holds, "\(evaluated.output)")
        // And false over the same series before it passed 30 s (so the check above can fail).
        let early = Array(ages.prefix { $0 <= 30 })
        let notYet = try MetricsScrape.expression(expression, over: [(series, early)], interval: 5, gives: ("{kind=\"sms\"}", early.last ?? 0))
        #expect(!notYet.holds, "\(notYet.output)")

        // Kannel back: the SMS is handed on within the next pause, delivered, and counted.
        try gateway.startGateway()
        let messages = try gateway.waitForMessages(1, seconds: 30)
        #expect(messages.first?.text.contains(receipt.crashId) == true)
        try ServerSMSGatewayLiveTests.waitForState("delivered", server, crashID: receipt.crashId)
        // A look is kept for a second: past it, the figures are read again.
        Thread.sleep(forTimeInterval: 1.2)
        let after = try MetricsScrape.take(port: metricsPort)
        #expect(after.value("crash_assistant_jobs_waiting", ["kind": "sms"]) == 0)
        #expect(after.value("crash_assistant_jobs_oldest_waiting_age_seconds", ["kind": "sms"]) == 0)
        #expect(after.value("crash_assistant_sms_messages", ["state": "delivered"]) == 1)
        #expect(after.value("crash_assistant_sms_delivered_seconds_count") == 1)
        #expect(after.value("crash_assistant_sms_accepted_seconds_count") == 1)
        // The time from the crash event to delivery includes the outage.
        #expect((after.value("crash_assistant_sms_delivered_seconds_sum") ?? 0) > 30)
        #expect(after.value("crash_assistant_sms_delivered_seconds_bucket", ["le": "30.0"]) == 0)
        #expect(after.value("crash_assistant_crash_events_total", ["outcome": "new"]) == 1)
        #expect(after.value("crash_assistant_health_check_passing", ["check": "sms-gateway"]) == 1)
        let back = try Self.readiness(server)
        #expect(back.code == 200 && back.status == "pass", "\(back)")

        try after.checkWithPromtool()
    }

    @Test("Liveness answers without asking the database; the metrics name every family with help, units and _total as promtool wants")
    func livenessAndExposition() throws {
        let metricsPort = try LoopbackPort.free()
        let server = try ServerProcess(arguments: ["--metrics-port", String(metricsPort)])
        defer { _ = try? server.stop() }
        let live = try LoopbackConnection.request(port: server.port, "GET", "/health/live")
        #expect(live.status == 200)
        #expect(live.text.contains("\"status\":\"pass\""), "\(live.text)")
        // The old path answers as readiness does.
        let health = try LoopbackConnection.request(port: server.port, "GET", "/health")
        #expect(health.status == 200 && health.text.contains("\"checks\""), "\(health.text)")
        _ = try LoopbackConnection.request(port: server.port, "GET", "/v1/reports", token: "wrong")
        // A method HTTP does not define is counted under one name, so made-up ones cannot add series.
        _ = try LoopbackConnection.request(port: server.port, "PROPFIND", "/health/live")
        let scrape = try MetricsScrape.take(port: metricsPort)
        #expect(scrape.value("http_server_requests_total", ["http_request_method": "_OTHER"]) == 1, "\(scrape.text)")
        #expect(!scrape.text.contains("PROPFIND"))
        #expect(scrape.value("http_server_requests_total", ["http_route": "/health/live", "http_response_status_code": "200"]) == 1)
        #expect(scrape.value("crash_assistant_problems_total", ["type": "not-signed-in"]) == 1)
        #expect(scrape.value("crash_assistant_build_info") == 1)
        #expect(scrape.text.contains("# HELP http_server_request_duration_seconds "))
        #expect(!scrape.text.contains("hb_requests"))
        try scrape.checkWithPromtool()
        // The linter does fail on what it should: a counter without _total.
        #expect(throws: (any Error).self) {
            try MetricsScrape(text: "# HELP jobs Jobs.\n# TYPE jobs counter\njobs 1\n").checkWithPromtool()
        }
    }

    @Test("A whole answer, a success or a problem, leaves the server in one TCP segment: its head and body are one write, counted all the same")
    func wholeAnswersLeaveInOneWrite() throws {
        let metricsPort = try LoopbackPort.free()
        let server = try ServerProcess(arguments: ["--metrics-port", String(metricsPort)])
        defer { _ = try? server.stop() }
        for (path, status) in [("/health/live", 200), ("/v1/reports", 401)] {
            let connection = try LoopbackConnection(port: server.port)
            try connection.sendKeepingOpen("GET", path, token: status == 401 ? "wrong" : nil)
            let answer = try connection.readOneAnswer()
            #expect(answer.status == status && !answer.body.isEmpty, "\(path): \(answer.status) \(answer.text)")
            #expect(try connection.dataSegmentsReceived() == 1, "\(path)")
        }
        let scrape = try MetricsScrape.take(port: metricsPort)
        #expect(scrape.value("http_server_requests_total", ["http_route": "/health/live", "http_response_status_code": "200"]) == 1)
        #expect(scrape.value("http_server_request_duration_seconds_count", ["http_route": "/health/live", "http_response_status_code": "200"]) == 1)
    }

    @Test("PostgreSQL refusing the instance: readiness 503 naming the database, liveness still 200, the ready gauge 0; allowed again: ready again")
    func theDatabaseGoingAwayIsSeen() async throws {
        let postgres = try PostgresProcess.shared()
        let location = try await postgres.createDatabase()
        let metricsPort = try LoopbackPort.free()
        let server = try ServerProcess(arguments: ["--database-url", ServerPostgresLiveTests.url(location), "--metrics-port", String(metricsPort)])
        defer { _ = try? server.stop() }
        let ready = try Self.readiness(server)
        #expect(ready.code == 200 && ready.status == "pass", "\(ready)")

        // The database stops taking this instance's connections and drops the ones it has (names made of hex digits).
        let maintenance = postgres.location(database: "postgres")
        try await postgres.execute("ALTER DATABASE \(unescaped: location.database) ALLOW_CONNECTIONS false", in: maintenance)
        try await postgres.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = \(location.database)", in: maintenance
        )
        var down = try Self.readiness(server)
        for _ in 0..<100 where down.code != 503 {
            try await Task.sleep(for: .milliseconds(200))
            down = try Self.readiness(server)
        }
        #expect(down.code == 503 && down.status == "fail", "\(down)")
        #expect(down.checks["database"]?.status == "fail", "\(down)")
        #expect(down.checks["disk"]?.status == "pass" && down.checks["blob-store"]?.status == "pass")
        #expect(try LoopbackConnection.request(port: server.port, "GET", "/health/live").status == 200)
        let scrape = try MetricsScrape.take(port: metricsPort)
        #expect(scrape.value("crash_assistant_ready") == 0)
        #expect(scrape.value("crash_assistant_health_check_passing", ["check": "database"]) == 0)
        #expect((scrape.value("crash_assistant_metrics_store_errors_total") ?? 0) >= 1)
        try scrape.checkWithPromtool()

        try await postgres.execute("ALTER DATABASE \(unescaped: location.database) ALLOW_CONNECTIONS true", in: maintenance)
        var back = try Self.readiness(server)
        for _ in 0..<150 where back.code != 200 {
            try await Task.sleep(for: .milliseconds(200))
            back = try Self.readiness(server)
        }
        #expect(back.code == 200 && back.checks["database"]?.status == "pass", "\(back)")
    }
}
