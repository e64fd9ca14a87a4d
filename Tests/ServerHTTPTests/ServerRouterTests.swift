import Domain
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import ServerCore
import ServerHTTP
import Synchronization
import Testing
import TestSupport
import WireAPI
import ServerTestSupport

@Suite("Server routes")
struct ServerRouterTests {
    // MARK: - Public routes and tokens

    /// Every operation in `openapi.yaml`: its method, its path with a sample value in each parameter, and whether it
    /// is open (`security: []`).
    static func operations() throws -> [(method: HTTPRequest.Method, path: String, open: Bool)] {
        let yaml = try String(contentsOf: Repository.root.appendingPathComponent("Sources/WireAPI/openapi.yaml"), encoding: .utf8)
        let samples = [
            "crashID": "CA-23456789AB", "name": "not-signed-in", "messageId": UUID().uuidString, "reportID": UUID().uuidString,
            "claimID": UUID().uuidString, "sha256": String(repeating: "ab", count: 32),
        ]
        var found: [(HTTPRequest.Method, String, Bool)] = []
        var path: String?
        var current: (HTTPRequest.Method, String)?
        var open = false
        func close() {
            if let current { found.append((current.0, current.1, open)) }
            current = nil
        }
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("components:") { break }
            if let match = line.wholeMatch(of: #/  (/[^:]*):/#) {
                close()
                path = samples.reduce(String(match.1)) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value) }
            } else if let match = line.wholeMatch(of: #/    (get|put|post|patch|delete):/#), let path {
                close()
                current = (HTTPRequest.Method(rawValue: match.1.uppercased())!, path)
                open = false
            } else if line.trimmingCharacters(in: .whitespaces) == "security: []" {
                open = true
            }
        }
        close()
        return found
    }

    @Test("Every operation openapi.yaml secures answers 401 without a token, whatever group registered it; every open one answers without")
    func everySecuredRouteNeedsAToken() async throws {
        let harness = try ServerHarness()
        let operations = try Self.operations()
        #expect(operations.count > 20 && operations.contains { $0.open } && operations.contains { !$0.open })
        try await harness.withClient { client in
            for operation in operations {
                let sendsBody = [.put, .post, .patch].contains(operation.method)
                let response = try await client.execute(
                    uri: operation.path, method: operation.method, headers: sendsBody ? [.contentType: "application/json"] : [:],
                    body: sendsBody ? ByteBuffer(string: "{}") : nil
                )
                if operation.open {
                    #expect(response.status != .unauthorized, "\(operation.method) \(operation.path) is open, yet answered 401")
                } else {
                    #expect(response.status == .unauthorized, "\(operation.method) \(operation.path) answered \(response.status) without a token")
                }
            }
        }
    }

    @Test("Health and the OpenAPI document need no token")
    func publicRoutes() async throws {
        let harness = try ServerHarness()
        try await harness.withClient { client in
            do {
                let response = try await client.execute(uri: "/health", method: .get)
                #expect(response.status == .ok)
                let health = try Wire.decode(Components.Schemas.Readiness.self, response.body)
                #expect(health.status == .pass)
                #expect(health.checks.map(\.name) == [.database, .blobStore, .disk, .jobWorker, .smsGateway])
            }
            for path in ["/health/ready", "/health/live"] {
                let response = try await client.execute(uri: path, method: .get)
                #expect(response.status == .ok, "\(path)")
            }
            do {
                let response = try await client.execute(uri: "/openapi.yaml", method: .get)
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).hasPrefix("openapi: 3.1.0"))
            }
            // A crash ID this server never issued: a page saying so, in the reader's language.
            let unknown = try await client.execute(uri: "/c/CA-23456789AB", method: .get, headers: [.acceptLanguage: "de"])
            #expect(unknown.status == .notFound && unknown.headers[.contentLanguage] == "de")
            #expect(unknown.headers[.contentType] == "text/html; charset=utf-8")
        }
    }

    @Test("A missing, malformed or unknown token, or one of the wrong kind, is answered 401 with a problem")
    func unauthorized() async throws {
        let harness = try ServerHarness()
        let detector = try await harness.add("detector-1", kind: .detector)
        let user = try await harness.add("ann")
        try await harness.withClient { client in
            let attempts: [(String, HTTPFields)] = [
                ("/v1/reports", [:]),
                ("/v1/reports", [.authorization: "Basic abc"]),
                ("/v1/reports", .bearer("not-a-token")),
                ("/v1/reports", .bearer(detector)),
            ]
            for (uri, headers) in attempts {
                do {
                    let response = try await client.execute(uri: uri, method: .get, headers: headers)
                    #expect(response.status == .unauthorized, "\(headers)")
                    #expect(response.headers[.wwwAuthenticate]?.hasPrefix("Bearer") == true)
                    #expect(try Wire.problem(response.body).status == 401)
                }
            }
            let event = try Wire.body(Self.event(user: "ann", eventID: "e-1"))
            var headers = HTTPFields.json(user)
            headers[.idempotencyKey] = "e-1"
            do {
                let response = try await client.execute(uri: "/v1/crash-events", method: .post, headers: headers, body: event)
                #expect(response.status == .unauthorized)
            }
        }
    }

    @Test("A known path asked with another method is 405 with Allow; an unknown path is 404")
    func methodNotAllowed() async throws {
        let harness = try ServerHarness()
        let user = try await harness.add("ann")
        try await harness.withClient { client in
            let trace = try await client.execute(uri: "/v1/reports", method: .trace, headers: .bearer(user))
            #expect(trace.status == .methodNotAllowed)
            #expect(trace.headers[.allow] == "GET")
            // A route written by hand and the generated ones on the same path answer as one.
            let options = try await client.execute(uri: "/v1/reports/\(UUID())", method: .options, headers: .bearer(user))
            #expect(options.status == .methodNotAllowed)
            #expect(Set(options.headers[.allow]?.components(separatedBy: ", ") ?? []) == ["GET", "PUT", "DELETE"])
            let photo = try await client.execute(uri: "/v1/photos/\(String(repeating: "a", count: 64))", method: .post, headers: .bearer(user))
            #expect(photo.status == .methodNotAllowed)
            #expect(Set(photo.headers[.allow]?.components(separatedBy: ", ") ?? []) == ["PUT", "HEAD", "PATCH", "GET"])
            let unknown = try await client.execute(uri: "/v1/nothing-here", method: .get, headers: .bearer(user))
            #expect(unknown.status == .notFound)
            #expect(try Wire.problem(unknown.body).status == 404)
        }
    }

    // MARK: - Crash IDs and crash events

    @Test("Each new crash ID is the server's own and never repeats")
    func crashIDs() async throws {
        let harness = try ServerHarness()
        let user = try await harness.add("ann")
        try await harness.withClient { client in
            var seen = Set<String>()
            for _ in 0..<20 {
                do {
                    let response = try await client.execute(uri: "/v1/crash-ids", method: .post, headers: .bearer(user))
                    #expect(response.status == .created)
                    let issued = try Wire.decode(Components.Schemas.IssuedCrashID.self, response.body)
                    let crashID = try CrashID(validating: issued.crashId)
                    #expect(!crashID.isLocal)
                    #expect(issued.crashId.hasPrefix("CA-"))
                    seen.insert(issued.crashId)
                }
            }
            #expect(seen.count == 20)
        }
    }

    @Test("A crash event makes one crash ID, one seeded draft and one SMS, however often it is sent")
    func crashEventOnce() async throws {
        let harness = try ServerHarness()
        let detector = try await harness.add("detector-1", kind: .detector)
        let user = try await harness.add("ann", phone: "+36 30 123 4567")
        let event = Self.event(user: "ann", eventID: "evt-42")
        try await harness.withClient { client in
            var headers = HTTPFields.json(detector)
            headers[.idempotencyKey] = "evt-42"
            let first = try await client.execute(uri: "/v1/crash-events", method: .post, headers: headers, body: try Wire.body(event))
            #expect(first.status == .created)
            let receipt = try Wire.decode(Components.Schemas.CrashEventReceipt.self, first.body)
            #expect(receipt.webLink == "https://claims.example.com/c/\(receipt.crashId)")
            #expect(receipt.appLink == "crashassistant://crash/\(receipt.crashId)")
            #expect(try DeepLink.crashID(from: receipt.webLink).rawValue == receipt.crashId)

            #expect(receipt.sms.state == .queued)
            #expect(receipt.sms.to == "+36•••••••67")

            let again = try await client.execute(uri: "/v1/crash-events", method: .post, headers: headers, body: try Wire.body(event))
            #expect(again.status == .ok)
            #expect(try Wire.decode(Components.Schemas.CrashEventReceipt.self, again.body) == receipt)

            await harness.doJobs()
            let sent = await harness.sms.sent
            #expect(sent.count == 1)
            #expect(sent.first?.recipient.e164 == "+36301234567")
            #expect(sent.first?.text.contains(receipt.webLink) == true)
            #expect(sent.first?.text.contains(receipt.appLink) == true)
            // Once the gateway took it, a repeat says so.
            let later = try await client.execute(uri: "/v1/crash-events", method: .post, headers: headers, body: try Wire.body(event))
            #expect(try Wire.decode(Components.Schemas.CrashEventReceipt.self, later.body).sms.state == .accepted)

            let list = try await client.execute(uri: "/v1/reports", method: .get, headers: .bearer(user))
            let reports = try Wire.decode(Components.Schemas.ReportList.self, list.body).reports.map { try CrashReport(wire: $0) }
            let report = try #require(reports.first)
            #expect(reports.count == 1)
            #expect(report.crashID.rawValue == receipt.crashId)
            #expect(report.id.description == receipt.reportId)
            #expect(report.revision == 1)
            #expect(report.scene.occurredAt == event.detectedAt)
            #expect(report.scene.coordinate == (try Coordinate(latitude: 47.4979, longitude: 19.0402)))
            // What the vehicle measured is kept with the report, in the scene's zone when the detector said it.
            #expect(report.detection?.speedKmh == 48)
            #expect(report.detection?.deltaVKmh == 22)
            #expect(report.detection?.airbagsDeployed == true)
            #expect(report.detection?.accuracyMeters == 8)
            #expect(report.scene.utcOffsetMinutes == 60)

            // The same key with another event: 422, nothing done; the first answer stands.
            var changed = event
            changed.speedKmh = 90
            let reused = try await client.execute(uri: "/v1/crash-events", method: .post, headers: headers, body: try Wire.body(changed))
            #expect(reused.status == .unprocessableContent)
            #expect(ProblemType(uri: try Wire.problem(reused.body)._type) == .idempotencyKeyReused)
            await harness.doJobs()
            #expect(await harness.sms.sent.count == 1)

            // A client cannot change what the vehicle measured: the server keeps its record.
            var wire = Components.Schemas.Report(report)
            wire.detection?.speedKmh = 5
            wire.otherDriverNote = "white van"
            let put = try await client.execute(
                uri: "/v1/reports/\(report.id)", method: .put, headers: .json(user), body: try Wire.body(wire)
            )
            #expect(put.status == .ok)
            let stored = try CrashReport(wire: try Wire.decode(Components.Schemas.Report.self, put.body))
            #expect(stored.detection?.speedKmh == 48)
            #expect(stored.otherDriverNote == "white van")
        }
    }

    @Test("A crash event whose detector cannot know the airbags or a rollover leaves them out or sends null: kept as not known, never as false")
    func crashEventWithUnknownMeasurements() async throws {
        let harness = try ServerHarness()
        let detector = try await harness.add("detector-1", kind: .detector)
        let user = try await harness.add("ann", phone: "+36 30 123 4567")
        try await harness.withClient { client in
            var object = try #require(try JSONSerialization.jsonObject(with: Data(buffer: try Wire.body(Self.event(user: "ann", eventID: "evt-7")))) as? [String: Any])
            object.removeValue(forKey: "airbagsDeployed")
            object["rollover"] = NSNull()
            var headers = HTTPFields.json(detector)
            headers[.idempotencyKey] = "evt-7"
            let posted = try await client.execute(
                uri: "/v1/crash-events", method: .post, headers: headers, body: ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: object))
            )
            #expect(posted.status == .created, "\(String(buffer: posted.body)) \(object)")
            let list = try await client.execute(uri: "/v1/reports", method: .get, headers: .bearer(user))
            #expect(!String(buffer: list.body).contains("airbagsDeployed") && !String(buffer: list.body).contains("rollover"))
            let report = try #require(try Wire.decode(Components.Schemas.ReportList.self, list.body).reports.map { try CrashReport(wire: $0) }.first)
            #expect(report.detection?.airbagsDeployed == nil && report.detection?.rollover == nil && report.detection?.speedKmh == 48)
            // Anything but true, false or null is the request's shape, refused.
            object["rollover"] = "maybe"
            headers[.idempotencyKey] = "evt-8"
            object["eventId"] = "evt-8"
            let refused = try await client.execute(
                uri: "/v1/crash-events", method: .post, headers: headers, body: ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: object))
            )
            #expect(refused.status == .badRequest)
        }
    }

    @Test("A crash event may name its driver by the insurer's customer reference, or by a policy one user alone has; a shared policy is refused as ambiguous")
    func crashEventByReference() async throws {
        let harness = try ServerHarness()
        let detector = try await harness.add("detector-1", kind: .detector)
        let ann = try await harness.add("ann", phone: "+36 30 123 4567")
        _ = try await harness.add("bob")
        _ = try await harness.store.setReferences(InsurerReferences(customer: "CUS-000123", policy: "POL/2026/881"), forUserNamed: "ann")
        _ = try await harness.store.setReferences(InsurerReferences(customer: nil, policy: "POL/2026/881"), forUserNamed: "bob")
        _ = try await harness.add("cy")
        _ = try await harness.store.setReferences(InsurerReferences(customer: nil, policy: "POL/2026/900"), forUserNamed: "cy")
        await #expect(throws: ServerStoreError.customerReferenceTaken("CUS-000123")) {
            try await harness.store.setReferences(InsurerReferences(customer: "CUS-000123"), forUserNamed: "bob")
        }
        try await harness.withClient { client in
            func post(_ id: String, _ change: (inout [String: Any]) -> Void) async throws -> TestResponse {
                var object = try #require(try JSONSerialization.jsonObject(with: Data(buffer: try Wire.body(Self.event(user: "ann", eventID: id)))) as? [String: Any])
                object.removeValue(forKey: "user")
                change(&object)
                var headers = HTTPFields.json(detector)
                headers[.idempotencyKey] = id
                return try await client.execute(
                    uri: "/v1/crash-events", method: .post, headers: headers, body: ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: object))
                )
            }
            let byCustomer = try await post("evt-c") { $0["customerReference"] = "CUS-000123" }
            #expect(byCustomer.status == .created, "\(String(buffer: byCustomer.body))")
            let byPolicy = try await post("evt-p") { $0["policyReference"] = "POL/2026/900" }
            #expect(byPolicy.status == .created)
            let list = try await client.execute(uri: "/v1/reports", method: .get, headers: .bearer(ann))
            #expect(try Wire.decode(Components.Schemas.ReportList.self, list.body).reports.count == 1)

            let shared = try await post("evt-s") { $0["policyReference"] = "POL/2026/881" }
            #expect(shared.status == .conflict)
            #expect(try Wire.problem(shared.body)._type.hasSuffix("/problems/ambiguous-reference"))
            #expect(try Wire.problem(shared.body).field == "policyReference")
            let unknown = try await post("evt-u") { $0["customerReference"] = "CUS-999" }
            #expect(unknown.status == .notFound)
            #expect(try Wire.problem(unknown.body).field == "customerReference")
            let twice = try await post("evt-t") { $0["user"] = "ann"; $0["customerReference"] = "CUS-000123" }
            #expect(twice.status == .badRequest)
            #expect(try Wire.problem(twice.body).field == "user")
            let none = try await post("evt-n") { _ in }
            #expect(none.status == .badRequest)
            let hostile = try await post("evt-h") { $0["customerReference"] = "CUS<script>" }
            #expect(hostile.status == .badRequest)
            #expect(try Wire.problem(hostile.body).field == "customerReference")
            await harness.doJobs()
            #expect(await harness.sms.sent.count == 1, "only ann has a phone: one SMS, for the event that named her")
        }
    }

    @Test("A crash event for an unknown user, with a key that is not its id, or from the future is refused naming why")
    func crashEventRefused() async throws {
        let harness = try ServerHarness()
        let detector = try await harness.add("detector-1", kind: .detector)
        try await harness.withClient { client in
            var headers = HTTPFields.json(detector)
            headers[.idempotencyKey] = "e-1"
            let unknown = try await client.execute(
                uri: "/v1/crash-events", method: .post, headers: headers, body: try Wire.body(Self.event(user: "nobody", eventID: "e-1"))
            )
            #expect(unknown.status == .notFound)
            #expect(try Wire.problem(unknown.body).field == "user")

            _ = try await harness.add("ann")
            let mismatch = try await client.execute(
                uri: "/v1/crash-events", method: .post, headers: headers, body: try Wire.body(Self.event(user: "ann", eventID: "e-2"))
            )
            #expect(mismatch.status == .badRequest)
            #expect(try Wire.problem(mismatch.body).field == "Idempotency-Key")

            var future = Self.event(user: "ann", eventID: "e-1")
            future.detectedAt = Date().addingTimeInterval(3_600)
            let tooLate = try await client.execute(uri: "/v1/crash-events", method: .post, headers: headers, body: try Wire.body(future))
            #expect(tooLate.status == .badRequest)
            #expect(try Wire.problem(tooLate.body).field == "detectedAt")
            await harness.doJobs()
            #expect(await harness.sms.sent.isEmpty)
        }
    }

    /// Posts the crash event `eventID` for `user` as `detector`.
    static func postEvent(_ client: any TestClientProtocol, detector: String, user: String, eventID: String) async throws -> TestResponse {
        var headers = HTTPFields.json(detector)
        headers[.idempotencyKey] = eventID
        return try await client.execute(
            uri: "/v1/crash-events", method: .post, headers: headers, body: try Wire.body(event(user: user, eventID: eventID))
        )
    }

    @Test("A user without a phone number gets the crash but no SMS, and the detector is told why")
    func crashEventWithoutPhone() async throws {
        let harness = try ServerHarness()
        let detector = try await harness.add("detector-1", kind: .detector)
        _ = try await harness.add("bob")
        try await harness.withClient { client in
            let response = try await Self.postEvent(client, detector: detector, user: "bob", eventID: "e-7")
            #expect(response.status == .created)
            let receipt = try Wire.decode(Components.Schemas.CrashEventReceipt.self, response.body)
            #expect(receipt.sms.state == .notSent)
            #expect(receipt.sms.detail?.contains("set-phone bob") == true)
            await harness.doJobs()
            #expect(await harness.sms.sent.isEmpty)
            #expect(try await harness.store.jobCounts() == (0, 0))
        }
    }

    @Test("A gateway that is down: the SMS waits, is tried again after a pause, and goes once")
    func smsWaitsForTheGateway() async throws {
        let sender = RecordingSMSSender(failing: 2)
        let clock = ManualClock()
        let harness = try ServerHarness(sms: sender, clock: clock)
        let detector = try await harness.add("detector-1", kind: .detector)
        _ = try await harness.add("ann", phone: "+447400123456")
        try await harness.withClient { client in
            _ = try await Self.postEvent(client, detector: detector, user: "ann", eventID: "e-8")
        }
        await harness.doJobs()
        #expect(await sender.tries == 1)
        // Not due again before its pause (a second) ended.
        #expect(await harness.services.worker.doNextJob() == false)
        #expect(try await harness.store.jobCounts() == (1, 0))
        clock.advance(by: 1.5)
        await harness.doJobs()
        #expect(await sender.tries == 2)
        // The pause doubles: two seconds now.
        clock.advance(by: 1.5)
        #expect(await harness.services.worker.doNextJob() == false)
        clock.advance(by: 1)
        await harness.doJobs()
        #expect(await sender.tries == 3)
        #expect(await sender.sent.count == 1)
        let message = try #require(try await harness.store.recentSMSMessages(limit: 1).first)
        #expect(message.state == .accepted)
        #expect(try await harness.store.jobCounts() == (0, 0))

        // Each try was handed a token of its own; a report carrying any of them counts (a gateway that took a try
        // whose answer was lost reports on it), and none of them is in the database's files in clear.
        let tokens = try #require(await sender.reportTokens[message.id])
        #expect(tokens.count == 3 && Set(tokens).count == 3)
        harness.store.close()
        let files = try FileManager.default.contentsOfDirectory(atPath: harness.scratch.path).filter { $0.hasPrefix("server.sqlite3") }
        #expect(files.contains("server.sqlite3"))
        for file in files {
            let bytes = try Data(contentsOf: harness.scratch.appendingPathComponent(file))
            for token in tokens {
                #expect(bytes.range(of: Data(token.utf8)) == nil, "\(file) holds a delivery-report token in clear")
                #expect(bytes.range(of: Data(TokenDigest(token: token).hex.utf8)) != nil || file != "server.sqlite3")
            }
        }
        try await harness.withClient { client in
            for token in [tokens[0], tokens[2]] {
                let answer = try await client.execute(uri: "/v1/sms/\(message.id)/delivery?token=\(token)&type=8", method: .get)
                #expect(answer.status == .noContent)
            }
            let forged = try await client.execute(uri: "/v1/sms/\(message.id)/delivery?token=\(AccessToken.generate())&type=1", method: .get)
            #expect(forged.status == .notFound)
        }
        #expect(try await harness.store.smsMessage(message.id)?.state == .accepted)
    }

    @Test("Delivery reports move an SMS forward, never back; a wrong token or id is 404, with no bearer token needed")
    func deliveryReports() async throws {
        let harness = try ServerHarness()
        let detector = try await harness.add("detector-1", kind: .detector)
        _ = try await harness.add("ann", phone: "+36301234567")
        try await harness.withClient { client in
            _ = try await Self.postEvent(client, detector: detector, user: "ann", eventID: "e-9")
            await harness.doJobs()
            let message = try #require(try await harness.store.recentSMSMessages(limit: 1).first)
            #expect(message.state == .accepted)
            // The gateway was handed the token; the store keeps only its digest.
            let reportToken = try #require(await harness.sms.reportTokens[message.id]?.last)
            #expect(message.reportDigests == [TokenDigest(token: reportToken)])
            func report(_ type: Int, token: String = reportToken, id: String = message.id.description) async throws -> HTTPResponse.Status {
                try await client.execute(uri: "/v1/sms/\(id)/delivery?token=\(token)&type=\(type)&detail=id%3A1%20stat%3ADELIVRD", method: .get).status
            }
            #expect(try await report(1) == .noContent)
            #expect(try await harness.store.smsMessage(message.id)?.state == .delivered)
            #expect(try await harness.store.smsMessage(message.id)?.detail == "SMS centre: id:1 stat:DELIVRD")
            // A late report of an earlier step changes nothing.
            #expect(try await report(8) == .noContent)
            #expect(try await harness.store.smsMessage(message.id)?.state == .delivered)
            #expect(try await report(1, token: "ca_wrong") == .notFound)
            #expect(try await report(1, id: UUID().uuidString) == .notFound)
            #expect(try await report(1, id: "not-a-uuid") == .notFound)
            #expect(try await report(3) == .badRequest)
            // The SMS centre's words are kept as plain text: no control character survives.
            let hostile = try await client.execute(
                uri: "/v1/sms/\(message.id)/delivery?token=\(reportToken)&type=1&detail=%1B%5B31mred%0Anext", method: .get
            )
            #expect(hostile.status == .noContent)
            #expect(try await harness.store.smsMessage(message.id)?.detail == "SMS centre: [31mrednext")
            // Nor a format character: a right-to-left override, a zero-width space, a line separator.
            let reordered = try await client.execute(
                uri: "/v1/sms/\(message.id)/delivery?token=\(reportToken)&type=1&detail=ok%E2%80%AEdeliver%E2%80%8Bed%E2%80%A8x", method: .get
            )
            #expect(reordered.status == .noContent)
            #expect(try await harness.store.smsMessage(message.id)?.detail == "SMS centre: okdeliveredx")
            // The query as a form encodes it: `+` is a space.
            let plus = try await client.execute(
                uri: "/v1/sms/\(message.id)/delivery?token=\(reportToken)&type=1&detail=stat%3A+DELIVRD", method: .get
            )
            #expect(plus.status == .noContent)
            #expect(try await harness.store.smsMessage(message.id)?.detail == "SMS centre: stat: DELIVRD")
            // A missing or broken field, or a query that is no form, is a bad request naming it, before the message
            // is looked for.
            for (query, field) in [("type=1", "token"), ("token=&type=1", "token"), ("token=\(reportToken)", "type"),
                                   ("token=\(reportToken)&type=x", "type"), ("token=\(reportToken)&type=3", "type"),
                                   ("token=\(reportToken)&type=1&detail=%ZZ", "query"),
                                   ("token=\(reportToken)&type=1&token=ca_wrong", "query")] {
                let answer = try await client.execute(uri: "/v1/sms/\(message.id)/delivery?\(query)", method: .get)
                #expect(answer.status == .badRequest, "\(query)")
                #expect(String(buffer: answer.body).contains(field), "\(query): \(String(buffer: answer.body))")
            }
            #expect(try await harness.store.smsMessage(message.id)?.detail == "SMS centre: stat: DELIVRD")
        }
    }

    // MARK: - Reports

    @Test("Reports are stored by revision: created at 1, then 2; a stale save is refused with the current version")
    func revisions() async throws {
        let harness = try ServerHarness()
        let user = try await harness.add("ann")
        let draft = try makeDraft()
        let uri = "/v1/reports/\(draft.id)"
        try await harness.withClient { client in
            let created = try await client.execute(uri: uri, method: .put, headers: .json(user), body: try Wire.body(Components.Schemas.Report(draft)))
            #expect(created.status == .created)
            let first = try Wire.report(created.body)
            #expect(first.revision == 1)

            var changed = first
            try changed.setNote("Blue hatchback")
            let updated = try await client.execute(uri: uri, method: .put, headers: .json(user), body: try Wire.body(Components.Schemas.Report(changed)))
            #expect(updated.status == .ok)
            #expect(try Wire.report(updated.body).revision == 2)

            var stale = first
            try stale.toggleInjury(.otherDriver)
            let refused = try await client.execute(uri: uri, method: .put, headers: .json(user), body: try Wire.body(Components.Schemas.Report(stale)))
            #expect(refused.status == .conflict)
            let problem = try Wire.problem(refused.body)
            let current = try CrashReport(wire: try #require(problem.current))
            #expect(current.revision == 2)
            #expect(current.otherDriverNote == "Blue hatchback")

            let read = try await client.execute(uri: uri, method: .get, headers: .bearer(user))
            #expect(try Wire.report(read.body) == current)
        }
    }

    @Test("A report is read as stored with a strong ETag; If-None-Match naming it is 304 with no body, until it changes")
    func entityTags() async throws {
        let harness = try ServerHarness()
        let user = try await harness.add("ann")
        let draft = try makeDraft()
        let uri = "/v1/reports/\(draft.id)"
        try await harness.withClient { client in
            let created = try await client.execute(uri: uri, method: .put, headers: .json(user), body: try Wire.body(Components.Schemas.Report(draft)))
            let read = try await client.execute(uri: uri, method: .get, headers: .bearer(user))
            #expect(read.status == .ok)
            #expect(read.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(String(buffer: read.body) == String(buffer: created.body))
            let tag = try #require(read.headers[.eTag])
            #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""))

            var asked = HTTPFields.bearer(user)
            asked[.ifNoneMatch] = "\"c0\", \(tag)"
            let same = try await client.execute(uri: uri, method: .get, headers: asked)
            #expect(same.status == .notModified)
            #expect(same.body.readableBytes == 0)
            #expect(same.headers[.eTag] == tag)

            var changed = try Wire.report(created.body)
            try changed.setNote("Blue hatchback")
            _ = try await client.execute(uri: uri, method: .put, headers: .json(user), body: try Wire.body(Components.Schemas.Report(changed)))
            let after = try await client.execute(uri: uri, method: .get, headers: asked)
            #expect(after.status == .ok)
            #expect(after.headers[.eTag] != tag)
            #expect(try Wire.report(after.body).otherDriverNote == "Blue hatchback")

            var xml = HTTPFields.bearer(user)
            xml[.accept] = "application/xml"
            let refused = try await client.execute(uri: uri, method: .get, headers: xml)
            #expect(refused.status == .notAcceptable)
            #expect(ProblemType(uri: try Wire.problem(refused.body)._type) == .notAcceptable)
        }
    }

    @Test("Changes since a cursor: every report from the first, then only what changed, deletions by id, pages with more")
    func changesSince() async throws {
        let harness = try ServerHarness()
        let user = try await harness.add("ann")
        let other = try await harness.add("bob")
        let drafts = try ["CR-23456782", "CR-23456783", "CR-23456784"].map { try makeDraft(crashID: $0) }
        try await harness.withClient { client in
            for draft in drafts {
                _ = try await client.execute(
                    uri: "/v1/reports/\(draft.id)", method: .put, headers: .json(user), body: try Wire.body(Components.Schemas.Report(draft))
                )
            }
            func changes(_ query: String, _ token: String = user) async throws -> Components.Schemas.ReportChanges {
                let response = try await client.execute(uri: "/v1/changes" + query, method: .get, headers: .bearer(token))
                #expect(response.status == .ok, "\(String(buffer: response.body))")
                return try Wire.decode(Components.Schemas.ReportChanges.self, response.body)
            }
            let all = try await changes("")
            #expect(all.reports.map(\.id) == drafts.map(\.id.description))
            #expect(all.deleted.isEmpty && !all.more)
            #expect(try await changes("", other).reports.isEmpty)

            let quiet = try await changes("?since=\(all.cursor)")
            #expect(quiet.reports.isEmpty && quiet.deleted.isEmpty && !quiet.more)
            #expect(quiet.cursor == all.cursor)

            _ = try await client.execute(uri: "/v1/reports/\(drafts[1].id)", method: .delete, headers: .bearer(user))
            var changed = try CrashReport(wire: all.reports[0])
            try changed.setNote("changed")
            _ = try await client.execute(
                uri: "/v1/reports/\(drafts[0].id)", method: .put, headers: .json(user), body: try Wire.body(Components.Schemas.Report(changed))
            )
            let first = try await changes("?since=\(all.cursor)&limit=1")
            #expect(first.deleted == [drafts[1].id.description])
            #expect(first.reports.isEmpty && first.more)
            let second = try await changes("?since=\(first.cursor)&limit=1")
            #expect(second.reports.map(\.otherDriverNote) == ["changed"])
            #expect(!second.more)

            // A cursor past the changes there are (a database restored from a copy) is not answered as if nothing changed.
            let ahead = try await client.execute(uri: "/v1/changes?since=c999999", method: .get, headers: .bearer(user))
            #expect(ahead.status == .gone)
            for bad in ["?since=abc", "?since=c-1", "?limit=0", "?limit=201"] {
                let response = try await client.execute(uri: "/v1/changes" + bad, method: .get, headers: .bearer(user))
                #expect(response.status == .badRequest, "\(bad)")
                #expect(ProblemType(uri: try Wire.problem(response.body)._type) == .invalidParameter)
            }
            // Deletions forgotten: a cursor from before them is 410, from the start is still answered.
            try await harness.services.reports.forgetDeletions(before: .distantFuture, keeping: 0)
            let expired = try await client.execute(uri: "/v1/changes?since=\(all.cursor)", method: .get, headers: .bearer(user))
            #expect(expired.status == .gone)
            #expect(ProblemType(uri: try Wire.problem(expired.body)._type) == .changesExpired)
            #expect(try await changes("").reports.count == 2)
        }
    }

    @Test("A report breaking a rule, malformed JSON, or a body for another id is refused with 400 naming the field")
    func invalidReports() async throws {
        let harness = try ServerHarness()
        let user = try await harness.add("ann")
        let draft = try makeDraft()
        let uri = "/v1/reports/\(draft.id)"
        try await harness.withClient { client in
            var longNote = Components.Schemas.Report(draft)
            longNote.otherDriverNote = String(repeating: "x", count: 2_001)
            var duplicate = Components.Schemas.Report(try makeDraft(photos: [try makePhoto(try Fixtures.jpeg())]))
            duplicate.id = draft.id.description
            duplicate.photos.append(duplicate.photos[0])
            duplicate.photos[1].id = UUID().uuidString
            var badHash = Components.Schemas.Report(draft)
            badHash.crashId = "no spaces allowed"
            let cases: [(Components.Schemas.Report, String)] = [
                (longNote, "otherDriverNote"), (duplicate, "photos[1].contentHash"), (badHash, "crashId"),
            ]
            for (body, field) in cases {
                let response = try await client.execute(uri: uri, method: .put, headers: .json(user), body: try Wire.body(body))
                #expect(response.status == .badRequest, "\(field)")
                #expect(try Wire.problem(response.body).field == field)
            }
            let malformed = try await client.execute(uri: uri, method: .put, headers: .json(user), body: ByteBuffer(string: "{\"id\": 12"))
            #expect(malformed.status == .badRequest)
            let missingField = try await client.execute(uri: uri, method: .put, headers: .json(user), body: ByteBuffer(string: "{}"))
            #expect(missingField.status == .badRequest)
            var withNull = try JSONSerialization.jsonObject(with: WireCoding.encoder().encode(Components.Schemas.Report(draft))) as? [String: Any] ?? [:]
            withNull["completedAt"] = NSNull()
            let null = try await client.execute(
                uri: uri, method: .put, headers: .json(user), body: ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: withNull))
            )
            #expect(null.status == .badRequest)
            #expect(try Wire.problem(null.body).field == "completedAt")
            // A statement field breaking its rule is named, and the rule said.
            var withStatement = draft
            var statement = AccidentStatement()
            try statement.vehicleB.set(.plate, to: "B-XY 12")
            try withStatement.setStatement(statement)
            var badPlate = Components.Schemas.Report(withStatement)
            badPlate.statement?.vehicleB?.vehicle?.plate = "A"
            let plate = try await client.execute(uri: uri, method: .put, headers: .json(user), body: try Wire.body(badPlate))
            #expect(plate.status == .badRequest)
            let problem = try Wire.problem(plate.body)
            #expect(problem.field == "statement.vehicleB.plate")
            #expect(problem.detail == "statement.vehicleB.plate is refused: a plate has at least 2 letters or digits.")
            let otherID = try await client.execute(
                uri: "/v1/reports/\(UUID().uuidString)", method: .put, headers: .json(user), body: try Wire.body(Components.Schemas.Report(draft))
            )
            #expect(otherID.status == .badRequest)
            #expect(try Wire.problem(otherID.body).field == "id")
            let notUUID = try await client.execute(uri: "/v1/reports/not-a-uuid", method: .get, headers: .bearer(user))
            #expect(notUUID.status == .badRequest)
            #expect(try Wire.problem(notUUID.body).field == "reportID")
            let list = try await client.execute(uri: "/v1/reports", method: .get, headers: .bearer(user))
            #expect(try Wire.decode(Components.Schemas.ReportList.self, list.body).reports.isEmpty)
        }
    }

    @Test("Another user's report is 404 on every route, and the same id is theirs to use apart")
    func isolation() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let bob = try await harness.add("bob")
        let draft = try makeDraft()
        let uri = "/v1/reports/\(draft.id)"
        try await harness.withClient { client in
            _ = try await client.execute(uri: uri, method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(draft)))
            for method in [HTTPRequest.Method.get, .delete] {
                let response = try await client.execute(uri: uri, method: method, headers: .bearer(bob))
                #expect(response.status == .notFound, "\(method)")
            }
            let submit = try await client.execute(uri: uri + "/submit", method: .post, headers: .bearer(bob))
            #expect(submit.status == .notFound)
            let pdf = try await client.execute(uri: uri + "/report.pdf", method: .get, headers: .bearer(bob))
            #expect(pdf.status == .notFound)
            let bobsList = try await client.execute(uri: "/v1/reports", method: .get, headers: .bearer(bob))
            #expect(try Wire.decode(Components.Schemas.ReportList.self, bobsList.body).reports.isEmpty)

            let bobsOwn = try await client.execute(uri: uri, method: .put, headers: .json(bob), body: try Wire.body(Components.Schemas.Report(draft)))
            #expect(bobsOwn.status == .created)
            let deleted = try await client.execute(uri: uri, method: .delete, headers: .bearer(bob))
            #expect(deleted.status == .noContent)
            let annStill = try await client.execute(uri: uri, method: .get, headers: .bearer(ann))
            #expect(annStill.status == .ok)
        }
    }

    // MARK: - Body limit

    @Test("A body over 20 MiB is refused with 413 and Upload-Limit on any route, before it is read")
    func bodyLimit() async throws {
        let harness = try ServerHarness()
        let user = try await harness.add("ann")
        let big = ByteBuffer(repeating: 0x41, count: 20 * 1024 * 1024 + 1)
        try await harness.withClient { client in
            for (uri, method) in [("/v1/reports/\(UUID())", HTTPRequest.Method.put), ("/v1/crash-ids", .post),
                                  ("/v1/photos/\(String(repeating: "a", count: 64))", .put), ("/health", .get)] {
                let response = try await client.execute(uri: uri, method: method, headers: .json(user), body: big)
                #expect(response.status == .contentTooLarge, "\(uri)")
                #expect(response.headers[.uploadLimit] == "max-size=20971520")
            }
        }
    }

    // MARK: - Photos

    @Test("A photo is stored under its hash once; a wrong hash is 400, a non-photo 415, and only its uploader reads it")
    func photoUpload() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let bob = try await harness.add("bob")
        let jpeg = try Fixtures.jpeg()
        let hash = Wire.sha256(jpeg)
        let uri = "/v1/photos/\(hash)"
        let headers: HTTPFields = [.authorization: "Bearer \(ann)", .contentType: "image/jpeg"]
        try await harness.withClient { client in
            let first = try await client.execute(uri: uri, method: .put, headers: headers, body: ByteBuffer(bytes: jpeg))
            #expect(first.status == .created)
            #expect(first.headers[.uploadOffset] == String(jpeg.count))
            let again = try await client.execute(uri: uri, method: .put, headers: headers, body: ByteBuffer(bytes: jpeg))
            #expect(again.status == .ok)

            let head = try await client.execute(uri: uri, method: .head, headers: .bearer(ann))
            #expect(head.status == .ok)
            #expect(head.headers[.uploadOffset] == String(jpeg.count))
            #expect(head.headers[.uploadComplete] == "?1")
            let download = try await client.execute(uri: uri, method: .get, headers: .bearer(ann))
            #expect(download.status == .ok)
            #expect(Data(download.body.readableBytesView) == jpeg)
            #expect(download.headers[.contentType] == "image/jpeg")

            #expect(try await client.execute(uri: uri, method: .get, headers: .bearer(bob)).status == .notFound)
            #expect(try await client.execute(uri: uri, method: .head, headers: .bearer(bob)).status == .notFound)

            let otherBytes = try Fixtures.distinctJPEG(1)
            let mismatch = try await client.execute(uri: uri.replacingOccurrences(of: hash, with: Wire.sha256(try Fixtures.png())), method: .put, headers: headers, body: ByteBuffer(bytes: otherBytes))
            #expect(mismatch.status == .badRequest)
            #expect(try Wire.problem(mismatch.body).field == "sha256")

            let gif = try Fixtures.bytes("animation.gif")
            var gifHeaders = HTTPFields.bearer(ann)
            gifHeaders[.contentType] = "image/png"
            let notPhoto = try await client.execute(uri: "/v1/photos/\(Wire.sha256(gif))", method: .put, headers: gifHeaders, body: ByteBuffer(bytes: gif))
            #expect(notPhoto.status == .unsupportedMediaType)
            var textHeaders = HTTPFields.bearer(ann)
            textHeaders[.contentType] = "text/plain"
            let text = try await client.execute(uri: uri, method: .put, headers: textHeaders, body: ByteBuffer(string: "hello"))
            #expect(text.status == .unsupportedMediaType)
            let badHash = try await client.execute(uri: "/v1/photos/xyz", method: .put, headers: headers, body: ByteBuffer(bytes: jpeg))
            #expect(badHash.status == .badRequest)
            #expect(try Wire.problem(badHash.body).field == "sha256")
            #expect(await harness.blobs.length(of: try ContentHash(hex: Wire.sha256(gif)), kind: .photo) == nil)
        }
    }

    @Test("An upload that goes over the photo quota only when it is recorded is refused 507, and its bytes do not stay behind")
    func anUploadOverTheQuotaAtItsRecordLeavesNoBytes() async throws {
        let first = try Fixtures.distinctJPEG(11)
        let second = try Fixtures.distinctJPEG(12)
        var quotas = Quotas.standard
        quotas = Quotas(
            reportsPerUser: quotas.reportsPerUser, photoBytesPerUser: first.count + second.count - 1, uploadsPerUser: quotas.uploadsPerUser,
            crashIDsPerWindow: quotas.crashIDsPerWindow, crashEventsPerWindow: quotas.crashEventsPerWindow, window: quotas.window
        )
        let harness = try ServerHarness(quotas: quotas)
        let ann = try await harness.add("ann")
        let owner = try #require(try await harness.store.account(for: TokenDigest(token: ann)))
        let hash = try ContentHash(hex: Wire.sha256(second))
        // The second photo's upload began (and passed the early check) while the first was not recorded yet.
        let upload = PartialUpload(id: UploadID(), owner: owner.id, contentHash: hash, expectedLength: second.count, offset: 0, startedAt: Date())
        _ = try await harness.store.beginUpload(upload)
        let writer = try await harness.blobs.openPartial(upload.id, at: 0)
        try await writer.append(ByteBuffer(bytes: second.prefix(100)))
        try await harness.store.setOffset(try await writer.finish(), of: upload.id)

        try await harness.withClient { client in
            var put = HTTPFields.bearer(ann)
            put[.contentType] = "image/jpeg"
            let stored = try await client.execute(uri: "/v1/photos/\(Wire.sha256(first))", method: .put, headers: put, body: ByteBuffer(bytes: first))
            #expect(stored.status == .created)

            var patch = HTTPFields.bearer(ann)
            patch[.uploadOffset] = "100"
            patch[.contentType] = "application/partial-upload"
            let refused = try await client.execute(uri: "/v1/photos/\(hash.hex)", method: .patch, headers: patch, body: ByteBuffer(bytes: second.dropFirst(100)))
            #expect(refused.status.code == 507)
            #expect(ProblemType(uri: try Wire.problem(refused.body)._type) == .quotaExceeded)
        }
        await #expect(throws: (any Error).self) { _ = try await harness.blobs.bytes(of: hash, kind: .photo) }
        #expect(try await harness.store.partialUpload(hash, owner: owner.id) == nil)
        #expect(try await harness.store.usage(of: owner.id).photoBytes == first.count)
    }

    @Test("A partial upload is reported by HEAD and finished by PATCH from its offset; another offset is 409")
    func resumedUpload() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let owner = try #require(try await harness.store.account(for: TokenDigest(token: ann)))
        let jpeg = try Fixtures.distinctJPEG(7)
        let hash = try ContentHash(hex: Wire.sha256(jpeg))
        let cut = jpeg.count * 9 / 10
        // What a PUT cut off at 90 % leaves behind.
        let upload = PartialUpload(id: UploadID(), owner: owner.id, contentHash: hash, expectedLength: jpeg.count, offset: 0, startedAt: Date())
        _ = try await harness.store.beginUpload(upload)
        let writer = try await harness.blobs.openPartial(upload.id, at: 0)
        try await writer.append(ByteBuffer(bytes: jpeg.prefix(cut)))
        try await harness.store.setOffset(try await writer.finish(), of: upload.id)

        let uri = "/v1/photos/\(hash.hex)"
        try await harness.withClient { client in
            let head = try await client.execute(uri: uri, method: .head, headers: .bearer(ann))
            #expect(head.headers[.uploadOffset] == String(cut))
            #expect(head.headers[.uploadComplete] == "?0")

            var wrong = HTTPFields.bearer(ann)
            wrong[.uploadOffset] = "0"
            wrong[.contentType] = "application/partial-upload"
            let refused = try await client.execute(uri: uri, method: .patch, headers: wrong, body: ByteBuffer(bytes: jpeg))
            #expect(refused.status == .conflict)
            #expect(refused.headers[.uploadOffset] == String(cut))
            #expect(try Wire.problem(refused.body).uploadOffset == Int64(cut))

            var right = wrong
            right[.uploadOffset] = String(cut)
            let finished = try await client.execute(uri: uri, method: .patch, headers: right, body: ByteBuffer(bytes: jpeg.dropFirst(cut)))
            #expect(finished.status == .created)
            let download = try await client.execute(uri: uri, method: .get, headers: .bearer(ann))
            #expect(Data(download.body.readableBytesView) == jpeg)
            #expect(try await harness.store.partialUpload(hash, owner: owner.id) == nil)
            let late = try await client.execute(uri: uri, method: .patch, headers: right, body: ByteBuffer(bytes: jpeg.dropFirst(cut)))
            #expect(late.status == .conflict)
        }
    }

    // MARK: - Submit and the PDF

    @Test("Submit completes a report whose photos are still arriving; its PDF is drawn when the last one lands; the report is then read-only")
    func submit() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let jpeg = try Fixtures.jpeg()
        let draft = try makeDraft(photos: [try makePhoto(jpeg)])
        let uri = "/v1/reports/\(draft.id)"
        try await harness.withClient { client in
            let noPDF = try await client.execute(uri: uri + "/report.pdf", method: .get, headers: .bearer(ann))
            #expect(noPDF.status == .notFound)
            _ = try await client.execute(uri: uri, method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(draft)))
            let submitted = try await client.execute(uri: uri + "/submit", method: .post, headers: .bearer(ann))
            #expect(submitted.status == .ok)
            let completed = try Wire.report(submitted.body)
            #expect(completed.isCompleted)
            #expect(completed.revision == 2)
            // No PDF while its photo is on its way, and the answer says so.
            let waiting = try await client.execute(uri: uri + "/report.pdf", method: .get, headers: .bearer(ann))
            #expect(waiting.status == .notFound)
            #expect(try Wire.problem(waiting.body).detail.contains("1 of 1 are still on their way"))

            var photoHeaders = HTTPFields.bearer(ann)
            photoHeaders[.contentType] = "image/jpeg"
            let uploaded = try await client.execute(
                uri: "/v1/photos/\(Wire.sha256(jpeg))", method: .put, headers: photoHeaders, body: ByteBuffer(bytes: jpeg)
            )
            #expect(uploaded.status == .created)
            // Drawn when the photo landed, before its upload was answered.
            let owner = try #require(try await harness.store.account(for: TokenDigest(token: ann)))
            #expect(try await harness.store.document(for: draft.id, owner: owner.id) != nil)

            let pdf = try await client.execute(uri: uri + "/report.pdf", method: .get, headers: .bearer(ann))
            #expect(pdf.status == .ok)
            #expect(pdf.headers[.contentType] == "application/pdf")
            #expect(String(buffer: pdf.body).hasPrefix("%PDF-"))

            let again = try await client.execute(uri: uri + "/submit", method: .post, headers: .bearer(ann))
            #expect(again.status == .ok)
            #expect(try Wire.report(again.body) == completed)

            var edited = completed
            edited = try CrashReport(
                id: completed.id, crashID: completed.crashID, status: .completed, createdAt: completed.createdAt,
                updatedAt: completed.updatedAt, completedAt: completed.completedAt, scene: completed.scene,
                injuries: InjurySelection([.noOne]), photos: completed.allPhotos, otherDriverNote: "", revision: completed.revision
            )
            let readOnly = try await client.execute(uri: uri, method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(edited)))
            #expect(readOnly.status == .conflict)
        }
    }

    @Test("An empty report cannot be submitted")
    func nothingToSubmit() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let empty = CrashReport(crashID: try CrashID(validating: "CR-23456789"), createdAt: Date())
        try await harness.withClient { client in
            _ = try await client.execute(uri: "/v1/reports/\(empty.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(empty)))
            let response = try await client.execute(uri: "/v1/reports/\(empty.id)/submit", method: .post, headers: .bearer(ann))
            #expect(response.status == .conflict)
            #expect(ProblemType(uri: try Wire.problem(response.body)._type) == .nothingToReport)
        }
    }

    @Test("A completed report cannot be deleted (409 report-completed, kept); a draft can")
    func aCompletedReportIsKept() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let draft = try makeDraft(crashID: "CR-2345678A")
        let other = try makeDraft(crashID: "CR-2345678B")
        try await harness.withClient { client in
            for report in [draft, other] {
                let put = try await client.execute(uri: "/v1/reports/\(report.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(report)))
                #expect(put.status == .created)
            }
            #expect(try await client.execute(uri: "/v1/reports/\(draft.id)/submit", method: .post, headers: .bearer(ann)).status == .ok)

            let refused = try await client.execute(uri: "/v1/reports/\(draft.id)", method: .delete, headers: .bearer(ann))
            #expect(refused.status == .conflict)
            #expect(refused.headers[.contentType] == "application/problem+json")
            #expect(ProblemType(uri: try Wire.problem(refused.body)._type) == .reportCompleted)
            let kept = try await client.execute(uri: "/v1/reports/\(draft.id)", method: .get, headers: .bearer(ann))
            #expect(try Wire.report(kept.body).isCompleted)

            #expect(try await client.execute(uri: "/v1/reports/\(other.id)", method: .delete, headers: .bearer(ann)).status == .noContent)
        }
    }

    @Test("A crash ID names one report: another report carrying it is refused with crash-id-taken and the holder")
    func aCrashIDNamesOneReport() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let bob = try await harness.add("bob")
        try await harness.withClient { client in
            // A crash ID the server issued to Ann.
            let issued = try await client.execute(uri: "/v1/crash-ids", method: .post, headers: .bearer(ann))
            let crashID = try Wire.decode(Components.Schemas.IssuedCrashID.self, issued.body).crashId
            let first = try makeDraft(crashID: crashID)
            var opened = try makeDraft(crashID: crashID)
            try opened.setNote("opened offline from the link")
            let second = opened
            let created = try await client.execute(uri: "/v1/reports/\(first.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(first)))
            #expect(created.status == .created)

            let refused = try await client.execute(uri: "/v1/reports/\(second.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(second)))
            #expect(refused.status == .conflict)
            let problem = try Wire.problem(refused.body)
            #expect(ProblemType(uri: problem._type) == .crashIdTaken)
            #expect(try CrashReport(wire: try #require(problem.current)).id == first.id)
            let absent = try await client.execute(uri: "/v1/reports/\(second.id)", method: .get, headers: .bearer(ann))
            #expect(absent.status == .notFound)

            // A crash ID issued to Ann is not Bob's to use.
            let bobs = try await client.execute(uri: "/v1/reports/\(second.id)", method: .put, headers: .json(bob), body: try Wire.body(Components.Schemas.Report(second)))
            #expect(bobs.status == .badRequest)
            #expect(try Wire.problem(bobs.body).field == "crashId")
            // Nor is one the server never issued.
            let madeUp = try makeDraft(crashID: "CA-MADEUP2345")
            let refusedMadeUp = try await client.execute(uri: "/v1/reports/\(madeUp.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(madeUp)))
            #expect(refusedMadeUp.status == .badRequest)
        }
    }

    @Test("Every problem names its type, whose description GET /problems/{name} gives without a token")
    func problemTypesAreDescribed() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        try await harness.withClient { client in
            let missing = try await client.execute(uri: "/v1/reports/\(UUID())", method: .get, headers: .bearer(ann))
            let problem = try Wire.problem(missing.body)
            #expect(problem._type == "/problems/report-not-found")
            #expect(problem.status == 404)

            let described = try await client.execute(uri: problem._type, method: .get)
            #expect(described.status == .ok)
            #expect(String(buffer: described.body).contains("no report with this id"))
            for type in ProblemType.allCases {
                let answer = try await client.execute(uri: type.uri, method: .get)
                #expect(answer.status == .ok, "\(type)")
            }
            let unknown = try await client.execute(uri: "/problems/no-such-type", method: .get)
            #expect(unknown.status == .notFound)
            #expect(ProblemType(uri: try Wire.problem(unknown.body)._type) == .notFound)
        }
    }

    @Test("Submit draws each photo as the server stored it: a report claiming PNG for a JPEG still renders")
    func submitTrustsTheStoredPhotoNotTheClaim() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let jpeg = try Fixtures.jpeg()
        let honest = try makePhoto(jpeg)
        let claimed = Photo(
            section: honest.section, contentHash: honest.contentHash, mediaType: .png, byteCount: 9, pixelSize: PixelSize(width: 9_000, height: 9),
            originalFileName: "liar.png", addedAt: honest.addedAt
        )
        let draft = try makeDraft(crashID: "CR-2345678C", photos: [claimed])
        try await harness.withClient { client in
            var photoHeaders = HTTPFields.bearer(ann)
            photoHeaders[.contentType] = "image/jpeg"
            _ = try await client.execute(uri: "/v1/photos/\(Wire.sha256(jpeg))", method: .put, headers: photoHeaders, body: ByteBuffer(bytes: jpeg))
            _ = try await client.execute(uri: "/v1/reports/\(draft.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(draft)))
            let submitted = try await client.execute(uri: "/v1/reports/\(draft.id)/submit", method: .post, headers: .bearer(ann))
            #expect(submitted.status == .ok)
            let pdf = try await client.execute(uri: "/v1/reports/\(draft.id)/report.pdf", method: .get, headers: .bearer(ann))
            #expect(String(buffer: pdf.body).hasPrefix("%PDF-"))
        }
    }

    @Test("A render that fails leaves the report a draft, as it was")
    func aFailedRenderLeavesTheDraft() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let jpeg = try Fixtures.jpeg()
        let draft = try makeDraft(crashID: "CR-2345678D", photos: [try makePhoto(jpeg)])
        try await harness.withClient { client in
            var photoHeaders = HTTPFields.bearer(ann)
            photoHeaders[.contentType] = "image/jpeg"
            _ = try await client.execute(uri: "/v1/photos/\(Wire.sha256(jpeg))", method: .put, headers: photoHeaders, body: ByteBuffer(bytes: jpeg))
            _ = try await client.execute(uri: "/v1/reports/\(draft.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(draft)))
            // The photo's bytes are lost from storage: the PDF cannot be drawn.
            await harness.blobs.remove(try ContentHash(hex: Wire.sha256(jpeg)), kind: .photo)

            let submitted = try await client.execute(uri: "/v1/reports/\(draft.id)/submit", method: .post, headers: .bearer(ann))
            #expect(submitted.status.kind == .serverError || submitted.status == .notFound)
            let read = try await client.execute(uri: "/v1/reports/\(draft.id)", method: .get, headers: .bearer(ann))
            let kept = try Wire.report(read.body)
            #expect(!kept.isCompleted)
            #expect(kept.revision == 1)
        }
    }

    @Test("A completed report sent at a stale revision is refused before any PDF is drawn; at the current one it is drawn once")
    func staleCompletionsDrawNothing() async throws {
        let harness = try ServerHarness()
        let ann = try await harness.add("ann")
        let jpeg = try Fixtures.jpeg()
        let draft = try makeDraft(crashID: "CR-2345678E", photos: [try makePhoto(jpeg)])
        try await harness.withClient { client in
            var photoHeaders = HTTPFields.bearer(ann)
            photoHeaders[.contentType] = "image/jpeg"
            _ = try await client.execute(uri: "/v1/photos/\(Wire.sha256(jpeg))", method: .put, headers: photoHeaders, body: ByteBuffer(bytes: jpeg))
            let first = try Wire.report(try await client.execute(
                uri: "/v1/reports/\(draft.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(draft))
            ).body)
            // Changed on another device meanwhile: the server holds revision 2.
            var changed = first
            try changed.setNote("changed elsewhere")
            let second = try Wire.report(try await client.execute(
                uri: "/v1/reports/\(draft.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(changed))
            ).body)
            #expect(second.revision == 2)
            var stale = first
            try stale.complete(at: Date(timeIntervalSince1970: 1_795_000_200))
            for _ in 0..<10 {
                let refused = try await client.execute(
                    uri: "/v1/reports/\(draft.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(stale))
                )
                #expect(refused.status == .conflict)
            }
            #expect(await harness.services.submission.rendering.pool.started == 0)
            var current = second
            try current.complete(at: Date(timeIntervalSince1970: 1_795_000_200))
            let completed = try await client.execute(
                uri: "/v1/reports/\(draft.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(current))
            )
            #expect(completed.status == .ok)
            #expect(await harness.services.submission.rendering.pool.started == 1)
        }
    }

    @Test("One account has at most its share of renders at once, refused beyond it with 429 and Retry-After; others still render")
    func rendersPerOwnerAreBounded() async throws {
        let pool = RenderPool(capacity: 4, perOwner: 2)
        let ann = AccountID(), bob = AccountID()
        final class Gate: Sendable { let open = Mutex(false) }
        let gate = Gate()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<2 {
                group.addTask { try await pool.run(for: ann) { while !gate.open.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(5)) } } }
            }
            while await pool.started < 2 { await Task.yield() }
            await #expect(throws: ServerRefusal.busy(what: "PDFs being drawn", limit: 2, retryAfter: 5)) {
                try await pool.run(for: ann) {}
            }
            // Another driver is not held back by ann's, nor is a render held to no account.
            try await pool.run(for: bob) {}
            try await pool.run(for: nil) {}
            gate.open.withLock { $0 = true }
            try await group.waitForAll()
        }
        // Once they are done, ann may render again.
        try await pool.run(for: ann) {}
        let problem = ProblemMiddleware<ServerRequestContext>.problem(for: ServerRefusal.busy(what: "PDFs being drawn", limit: 2, retryAfter: 5))
        #expect(problem.status == .tooManyRequests)
        #expect(problem.headers[.retryAfter] == "5")
    }

    @Test("One account never holds every render slot, and a freed slot goes to the account running the fewest")
    func rendersAreShared() async throws {
        #expect(RenderPool(capacity: 2).perOwner == 1)
        #expect(RenderPool(capacity: 1).perOwner == 1)
        let pool = RenderPool(capacity: 3)
        #expect(pool.perOwner == 2)
        let ann = AccountID(), bob = AccountID(), carl = AccountID()
        final class Gates: Sendable {
            let open = Mutex([String: Bool]())
            let order = Mutex([String]())
            func wait(_ name: String) async throws {
                order.withLock { $0.append(name) }
                while !open.withLock({ $0[name] ?? false }) { try await Task.sleep(for: .milliseconds(2)) }
            }
        }
        let gates = Gates()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (name, owner) in [("ann-1", ann), ("bob-1", bob)] as [(String, AccountID?)] + [("unheld-1", nil)] {
                let started = gates.order.withLock { $0.count }
                group.addTask { try await pool.run(for: owner) { try await gates.wait(name) } }
                while gates.order.withLock({ $0.count }) == started { try await Task.sleep(for: .milliseconds(1)) }
            }
            // Every slot taken: ann's second waits first, then carl's first.
            group.addTask { try await pool.run(for: ann) { try await gates.wait("ann-2") } }
            while await pool.load.waiting < 1 { await Task.yield() }
            group.addTask { try await pool.run(for: carl) { try await gates.wait("carl-1") } }
            while await pool.load.waiting < 2 { await Task.yield() }
            // The unheld one ends: its slot goes to carl, whose account runs none, before ann's second.
            gates.open.withLock { $0["unheld-1"] = true }
            while gates.order.withLock({ $0.count }) < 4 { try await Task.sleep(for: .milliseconds(1)) }
            #expect(gates.order.withLock { $0 } == ["ann-1", "bob-1", "unheld-1", "carl-1"])
            gates.open.withLock { $0 = ["ann-1": true, "bob-1": true, "unheld-1": true, "ann-2": true, "carl-1": true] }
            try await group.waitForAll()
        }
        #expect(gates.order.withLock { $0 }.last == "ann-2")
    }

    @Test("The render pool lets at most its capacity run at once, the rest in turn")
    func theRenderPoolIsBounded() async throws {
        final class Running: Sendable {
            let counts = Mutex((now: 0, most: 0))
        }
        let pool = RenderPool(capacity: 2)
        let running = Running()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try await pool.run {
                        running.counts.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
                        try await Task.sleep(for: .milliseconds(20))
                        running.counts.withLock { $0.now -= 1 }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(running.counts.withLock { $0.most } == 2)
    }

    // MARK: - Quotas

    @Test("Crash IDs past the rate are refused with 429 and Retry-After; crash events past the detector's rate too, repeats not")
    func ratesAreKept() async throws {
        var quotas = Quotas.standard
        quotas.crashIDsPerWindow = 2
        quotas.crashEventsPerWindow = 1
        let harness = try ServerHarness(quotas: quotas)
        let ann = try await harness.add("ann")
        let detector = try await harness.add("acme", kind: .detector)
        try await harness.withClient { client in
            for _ in 0..<2 {
                #expect(try await client.execute(uri: "/v1/crash-ids", method: .post, headers: .bearer(ann)).status == .created)
            }
            let refused = try await client.execute(uri: "/v1/crash-ids", method: .post, headers: .bearer(ann))
            #expect(refused.status == .tooManyRequests)
            let wait = try #require(refused.headers[.retryAfter].flatMap { Int($0) })
            #expect((1...3_600).contains(wait))
            #expect(ProblemType(uri: try Wire.problem(refused.body)._type) == .rateLimited)

            var headers = HTTPFields.json(detector)
            headers[.idempotencyKey] = "e-1"
            #expect(try await client.execute(uri: "/v1/crash-events", method: .post, headers: headers, body: try Wire.body(Self.event(user: "ann", eventID: "e-1"))).status == .created)
            #expect(try await client.execute(uri: "/v1/crash-events", method: .post, headers: headers, body: try Wire.body(Self.event(user: "ann", eventID: "e-1"))).status == .ok)
            headers[.idempotencyKey] = "e-2"
            let second = try await client.execute(uri: "/v1/crash-events", method: .post, headers: headers, body: try Wire.body(Self.event(user: "ann", eventID: "e-2")))
            #expect(second.status == .tooManyRequests)
            #expect(second.headers[.retryAfter] != nil)
        }
    }

    @Test("Storage quotas: reports past the most are refused with 507, changes to a kept one are not; photo bytes and uploads under way too")
    func storageQuotasAreKept() async throws {
        var quotas = Quotas.standard
        quotas.reportsPerUser = 1
        quotas.photoBytesPerUser = 2_000
        quotas.uploadsPerUser = 1
        let harness = try ServerHarness(quotas: quotas)
        let ann = try await harness.add("ann")
        let first = try makeDraft(crashID: "CR-2345678E")
        let second = try makeDraft(crashID: "CR-2345678F")
        try await harness.withClient { client in
            let created = try await client.execute(uri: "/v1/reports/\(first.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(first)))
            #expect(created.status == .created)
            let refused = try await client.execute(uri: "/v1/reports/\(second.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(second)))
            #expect(refused.status.code == 507)
            #expect(ProblemType(uri: try Wire.problem(refused.body)._type) == .quotaExceeded)
            var changed = try Wire.report(created.body)
            try changed.setNote("still mine to change")
            #expect(try await client.execute(uri: "/v1/reports/\(first.id)", method: .put, headers: .json(ann), body: try Wire.body(Components.Schemas.Report(changed))).status == .ok)

            var photoHeaders = HTTPFields.bearer(ann)
            photoHeaders[.contentType] = "image/jpeg"
            let small = try Fixtures.jpeg()
            #expect(try await client.execute(uri: "/v1/photos/\(Wire.sha256(small))", method: .put, headers: photoHeaders, body: ByteBuffer(bytes: small)).status == .created)
            let other = try Fixtures.distinctJPEG(30)
            var sized = photoHeaders
            sized[.contentLength] = String(other.count)
            let tooMuch = try await client.execute(uri: "/v1/photos/\(Wire.sha256(other))", method: .put, headers: sized, body: ByteBuffer(bytes: other))
            #expect(tooMuch.status.code == 507)
        }
    }

    // MARK: - Helpers

    static func event(user: String, eventID: String) -> Components.Schemas.CrashEvent {
        Components.Schemas.CrashEvent(
            user: user, eventId: eventID, detectedAt: Date(timeIntervalSince1970: 1_795_000_000.25),
            position: .init(latitude: 47.4979, longitude: 19.0402, accuracyMeters: 8, trusted: true),
            headingDegrees: 90, speedKmh: 48, deltaVKmh: 22, airbagsDeployed: true, rollover: false, test: false,
            utcOffsetMinutes: 60
        )
    }
}
