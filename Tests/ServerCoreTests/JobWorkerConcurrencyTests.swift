import Data
import Domain
import Foundation
import Logging
import PhoneNumbers
import ServerCore
import ServerGateways
import ServerSQLite
import Testing
import TestSupport

/// The worker sends side by side up to its bound, each driver's SMS in their order, and one driver's failing SMS
/// holds nobody else's.
@Suite("The job worker's concurrency")
struct JobWorkerConcurrencyTests {
    static let logger: Logger = {
        var logger = Logger(label: "test")
        logger.logLevel = .error
        return logger
    }()

    /// A gateway that takes a while for each message, and remembers how many it had at once and in which order.
    actor SlowGateway: SMSSender {
        private(set) var sent: [SMSMessage] = []
        private(set) var mostAtOnce = 0
        private var atOnce = 0
        /// A message refused (as a gateway refusing one recipient for a while) until every one of `until` was sent.
        private let refused: (message: SMSMessageID, until: Set<SMSMessageID>)?
        private(set) var refusals = 0
        let pause: Duration

        /// The first sends are held until this many are in at once (or 10 s passed), so a loaded machine's slow
        /// worker still shows how many it runs side by side.
        private var gate: Int?

        init(pause: Duration, holdingUntil gate: Int? = nil, refusing refused: (message: SMSMessageID, until: Set<SMSMessageID>)? = nil) {
            self.pause = pause
            self.gate = gate
            self.refused = refused
        }

        nonisolated var summary: String { "slow" }

        func send(_ message: SMSMessage, reportToken: String) async throws -> SMSHandOff {
            atOnce += 1
            mostAtOnce = max(mostAtOnce, atOnce)
            defer { atOnce -= 1 }
            let deadline = ContinuousClock.now + .seconds(10)
            while let gate, atOnce < gate, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(5))
            }
            gate = nil
            try await Task.sleep(for: pause)
            if let refused, refused.message == message.id, !refused.until.isSubset(of: Set(sent.map(\.id))) {
                refusals += 1
                throw SMSGatewayError.unreachable("127.0.0.1:9", "connection refused")
            }
            sent.append(message)
            return SMSHandOff(detail: "taken")
        }

        func erase(crashIDs: [CrashID]) -> Int { 0 }
    }

    /// A store in a folder of its own with `perDriver` crash SMS for each of `drivers` drivers, queued in turn
    /// (driver 0's first, driver 1's first, …, driver 0's second, …).
    static func storeWithSMS(drivers: Int, perDriver: Int) async throws -> (SQLiteServerStore, [SMSMessage]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("job-worker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = try SQLiteServerStore(path: folder.appendingPathComponent("server.sqlite3").path)
        let detector = try await store.addAccount(name: "car", kind: .detector, tokenDigest: TokenDigest(token: "car"), phone: nil, at: Date())
        var owners: [AccountID] = []
        for index in 0..<drivers {
            owners.append(try await store.addAccount(
                name: "driver-\(index)", kind: .user, tokenDigest: TokenDigest(token: "driver-\(index)"), phone: nil, at: Date()
            ).id)
        }
        var messages: [SMSMessage] = []
        for round in 0..<perDriver {
            for (index, owner) in owners.enumerated() {
                let number = round * drivers + index
                let report = CrashReport.stub(crashID: .stub("JOB-\(number)"), createdAt: referenceDate)
                let sms = SMSMessage.queued(
                    crashID: report.crashID, owner: owner, recipient: try PhoneNumber(parsing: "+3630123\(String(format: "%04d", index))"),
                    text: "crash \(number)", at: Date()
                )
                let crash = DetectedCrash(
                    eventID: "event-\(number)",
                    detection: try CrashDetection(
                        detectedAt: referenceDate, position: try Coordinate(latitude: 47.5, longitude: 19.04), accuracyMeters: nil,
                        positionTrusted: true, headingDegrees: nil, speedKmh: nil, deltaVKmh: nil, airbagsDeployed: false, rollover: false, isTest: true
                    ),
                    utcOffsetMinutes: nil, digest: "digest-\(number)"
                )
                _ = try await store.recordCrash(crash, detector: detector.id, owner: owner, report: report, sms: sms, at: Date())
                messages.append(sms)
            }
        }
        return (store, messages)
    }

    static func worker(_ store: SQLiteServerStore, sms: any SMSSender, concurrency: Int) -> JobWorker {
        JobWorker(
            store: store, performer: JobPerformer(
                sms: sms, messages: store, replies: store, reports: store, claims: store, accounts: store, photos: store, links: CrashLinks(publicURL: "https://claims.example.com"),
                webhook: nil, clock: SystemClock(), logger: logger
            ),
            clock: SystemClock(), pollInterval: .milliseconds(50), concurrency: JobConcurrency(sms: concurrency, webhook: 1), logger: logger
        )
    }

    /// Runs the worker until `gateway` took `count` messages and the store has no job left (or two minutes passed): a
    /// job is recorded done just after the gateway took its message.
    static func run(_ worker: JobWorker, until gateway: SlowGateway, took count: Int) async throws {
        let running = Task { try await worker.run() }
        defer { running.cancel() }
        worker.nudge()
        let deadline = ContinuousClock.now + .seconds(120)
        while ContinuousClock.now < deadline {
            if await gateway.sent.count >= count, try await worker.store.jobCounts().queued == 0 { break }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Each driver's messages as the gateway took them, and as they were queued.
    static func perDriver(_ messages: [SMSMessage]) -> [AccountID: [SMSMessageID]] {
        Dictionary(grouping: messages, by: \.owner).mapValues { $0.map(\.id) }
    }

    @Test("Up to the bound at once, never more; every SMS exactly once; each driver's in the order they were queued")
    func sendsSideBySideUpToTheBound() async throws {
        let (store, messages) = try await Self.storeWithSMS(drivers: 6, perDriver: 4)
        let gateway = SlowGateway(pause: .milliseconds(40), holdingUntil: 3)
        try await Self.run(Self.worker(store, sms: gateway, concurrency: 3), until: gateway, took: messages.count)
        let sent = await gateway.sent
        #expect(sent.count == messages.count)
        #expect(Set(sent.map(\.id)) == Set(messages.map(\.id)))
        #expect(await gateway.mostAtOnce == 3)
        #expect(Self.perDriver(sent) == Self.perDriver(messages))
        for message in messages {
            #expect(try await store.smsMessage(message.id)?.state == .accepted)
        }
        #expect(try await store.jobCounts() == (0, 0))
    }

    @Test("With room for more than there are drivers, one SMS per driver is sent at a time")
    func aDriversSMSWaitForEachOther() async throws {
        let (store, messages) = try await Self.storeWithSMS(drivers: 2, perDriver: 5)
        let gateway = SlowGateway(pause: .milliseconds(30), holdingUntil: 2)
        try await Self.run(Self.worker(store, sms: gateway, concurrency: 8), until: gateway, took: messages.count)
        let sent = await gateway.sent
        #expect(sent.count == messages.count)
        #expect(await gateway.mostAtOnce == 2)
        #expect(Self.perDriver(sent) == Self.perDriver(messages))
    }

    @Test("One driver's SMS refused for a while holds only that driver's next: the others are all sent meanwhile")
    func aRefusedSMSHoldsOnlyItsDriver() async throws {
        let (store, messages) = try await Self.storeWithSMS(drivers: 4, perDriver: 3)
        let refused = messages[0]
        let others = messages.filter { $0.owner != refused.owner }.map(\.id)
        // Refused until the other drivers' nine were sent: sent at all only if they were not held behind it.
        let gateway = SlowGateway(pause: .milliseconds(10), refusing: (refused.id, Set(others)))
        try await Self.run(Self.worker(store, sms: gateway, concurrency: 4), until: gateway, took: messages.count)
        let sent = await gateway.sent
        #expect(sent.count == messages.count)
        #expect(Self.perDriver(sent) == Self.perDriver(messages))
        let firstOfRefused = try #require(sent.firstIndex { $0.id == refused.id })
        #expect(Set(sent[..<firstOfRefused].map(\.id)) == Set(others))
        #expect(await gateway.refusals >= 1)
    }
}
