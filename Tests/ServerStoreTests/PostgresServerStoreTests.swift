import Data
import Domain
import Foundation
import Logging
import PostgresNIO
import ServerCore
import ServerPostgres
import Testing
import TestSupport
import ServerTestSupport

/// What only the PostgreSQL store has: migrations shared by instances starting together, and upload locks held in
/// the database. (What every store does is in ``ServerStoreConformanceTests``.)
@Suite("PostgreSQL store", .ownThreads)
struct PostgresServerStoreTests {
    static let logger = Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }

    // MARK: - Migrations

    @Test("Six instances migrating a fresh database at once apply each version exactly once")
    func concurrentMigrationsRunOnce() async throws {
        let server = try PostgresProcess.shared()
        let location = try await server.createDatabase()

        let applied = try await withThrowingTaskGroup(of: [Int].self) { group in
            for _ in 0..<6 {
                group.addTask {
                    let connection = try await PostgresConnection.connect(
                        configuration: try location.connectionConfiguration(), id: 1, logger: Self.logger
                    )
                    let applied = try await PostgresSchema.migrate(on: connection, logger: Self.logger)
                    try await connection.close()
                    return applied
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let versions = PostgresSchema.migrations.map(\.version)
        #expect(applied.flatMap { $0 }.sorted() == versions)
        #expect(applied.filter { !$0.isEmpty }.count == 1)
        #expect(try await server.execute("SELECT version FROM schema_migrations", in: location) == versions.count)
    }

    @Test("Stores opened at once on a fresh database all work, and each finds what another stored")
    func storesOpenedAtOnceAllWork() async throws {
        let server = try PostgresProcess.shared()
        let location = try await server.createDatabase()

        let stores = try await withThrowingTaskGroup(of: PostgresServerStore.self) { group in
            for _ in 0..<4 {
                group.addTask { try await PostgresServerStore.open(location, logger: Self.logger) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let running = stores.map { RunningClient($0.client) }
        let accounts = try await withThrowingTaskGroup(of: Account.self) { group in
            for (index, store) in stores.enumerated() {
                group.addTask {
                    try await store.addAccount(
                        name: "driver-\(index)", kind: .user, tokenDigest: TokenDigest(token: "token-\(index)"), phone: nil, at: referenceDate
                    )
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for store in stores {
            for account in accounts {
                #expect(try await store.user(named: account.name) == account)
            }
        }
        #expect(try await server.execute("SELECT version FROM schema_migrations", in: location) == PostgresSchema.migrations.count)
        withExtendedLifetime(running) {}
    }

    @Test("A database whose layout is newer than the program is refused, and left as it was")
    func aNewerLayoutIsRefused() async throws {
        let server = try PostgresProcess.shared()
        let location = try await server.createDatabase()
        _ = try await PostgresServerStore.open(location, logger: Self.logger)
        try await server.execute("INSERT INTO schema_migrations (version) VALUES (99)", in: location)

        let known = PostgresSchema.migrations.last?.version ?? 0
        await #expect(throws: PostgresOpenError.newerLayout(found: 99, known: known)) {
            try await PostgresServerStore.open(location, logger: Self.logger)
        }
        #expect(try await server.execute("SELECT version FROM schema_migrations", in: location) == PostgresSchema.migrations.count + 1)
    }

    @Test("Nothing listening at the database's address is said to be unreachable")
    func anUnreachableDatabaseIsSaidToBe() async throws {
        let server = try PostgresProcess.shared()
        var nowhere = server.location(database: "postgres")
        nowhere = PostgresLocation(host: nowhere.host, port: 1, username: nowhere.username, password: nil, database: "postgres", sslMode: .disable)
        let error = try await #require(throws: PostgresOpenError.self) {
            try await PostgresServerStore.open(nowhere, logger: Self.logger)
        }
        guard case .unreachable = error else {
            Issue.record("expected unreachable, got \(error)")
            return
        }
    }

    @Test("A database that does not exist is refused with PostgreSQL's words")
    func aMissingDatabaseIsRefused() async throws {
        let server = try PostgresProcess.shared()
        let error = try await #require(throws: PostgresOpenError.self) {
            try await PostgresServerStore.open(server.location(database: "no_such_database"), logger: Self.logger)
        }
        guard case let .refused(reason) = error else {
            Issue.record("expected refused, got \(error)")
            return
        }
        #expect(reason.contains("no_such_database"), "\(reason)")
    }

    // MARK: - Upload locks

    @Test("Two instances' requests for one upload take turns; other uploads do not wait")
    func uploadLocksAreSharedByInstances() async throws {
        let server = try PostgresProcess.shared()
        let location = try await server.createDatabase()
        let first = PostgresUploadLocks(location, logger: Self.logger)
        let second = PostgresUploadLocks(location, logger: Self.logger)
        let running = [RunningClient(first.client), RunningClient(second.client)]
        let owner = AccountID()
        let events = Shared<[String]>([])
        let (entered, enteredSignal) = AsyncStream.makeStream(of: Void.self)
        let (release, releaseSignal) = AsyncStream.makeStream(of: Void.self)
        // Should the lock never let the others through, the holder lets go anyway and the order below is wrong. Long
        // enough for a machine busy with every other test (the other instance's first connections can take tens of
        // seconds there).
        let safety = Task {
            try await Task.sleep(for: .seconds(150))
            releaseSignal.yield()
        }

        async let holder: Void = first.withLock(owner: owner, contentHash: .stub("a")) {
            events.value.withLock { $0.append("first in") }
            enteredSignal.yield()
            for await _ in release { break }
            events.value.withLock { $0.append("first out") }
        }
        for await _ in entered { break }
        // Another upload (another user's, or other bytes) is not held up.
        try await second.withLock(owner: AccountID(), contentHash: .stub("a")) { events.value.withLock { $0.append("other user") } }
        try await second.withLock(owner: owner, contentHash: .stub("b")) { events.value.withLock { $0.append("other bytes") } }
        // The same upload waits on the other instance until the first lets go.
        let waiting = Task {
            try await second.withLock(owner: owner, contentHash: .stub("a")) { events.value.withLock { $0.append("second in") } }
        }
        try await Task.sleep(for: .milliseconds(200))
        releaseSignal.yield()
        try await holder
        try await waiting.value
        safety.cancel()

        #expect(events.value.withLock { $0 } == ["first in", "other user", "other bytes", "first out", "second in"])
        withExtendedLifetime(running) {}
    }

    @Test("A lock whose instance died (its connection gone) is taken up by another")
    func aDeadInstancesLockIsReleased() async throws {
        let server = try PostgresProcess.shared()
        let location = try await server.createDatabase()
        let first = PostgresUploadLocks(location, logger: Self.logger)
        let second = PostgresUploadLocks(location, logger: Self.logger)
        let running = [RunningClient(first.client), RunningClient(second.client)]
        let owner = AccountID()
        let (entered, enteredSignal) = AsyncStream.makeStream(of: Void.self)

        let stuck = Task {
            try await first.withLock(owner: owner, contentHash: .stub("c")) {
                enteredSignal.yield()
                try await Task.sleep(for: .seconds(60))
            }
        }
        for await _ in entered { break }
        // The instance dies: PostgreSQL ends its sessions holding advisory locks.
        let ended = try await server.execute("""
            SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND database = (
                SELECT oid FROM pg_database WHERE datname = \(location.database))
            """, in: location)
        #expect(ended == 1)
        let taken = try await second.withLock(owner: owner, contentHash: .stub("c")) { true }
        #expect(taken)
        stuck.cancel()
        withExtendedLifetime(running) {}
    }

    // MARK: - Jobs

    /// A worker over `store` whose SMS go to `sms`.
    static func worker(_ store: PostgresServerStore, sms: any SMSSender, lease: Duration = .seconds(120)) -> JobWorker {
        JobWorker(
            store: store, performer: JobPerformer(
                sms: sms, messages: store, replies: store, reports: store, claims: store, accounts: store, photos: store, links: CrashLinks(publicURL: "https://claims.example.com"),
                webhook: nil, clock: SystemClock(), logger: logger
            ),
            clock: SystemClock(), lease: lease, logger: logger
        )
    }

    /// Records `count` crash events for one user with a phone number, each with its SMS and the job that sends it.
    static func crashesWithSMS(_ store: PostgresServerStore, count: Int) async throws -> [SMSMessage] {
        let user = try await store.addAccount(
            name: "driver", kind: .user, tokenDigest: TokenDigest(token: "driver"), phone: try PhoneNumber(parsing: "+36301234567"), at: Date()
        )
        let detector = try await store.addAccount(name: "car", kind: .detector, tokenDigest: TokenDigest(token: "car"), phone: nil, at: Date())
        var messages: [SMSMessage] = []
        for index in 0..<count {
            let report = CrashReport.stub(crashID: .stub("JOB-\(index)"), createdAt: referenceDate)
            let sms = SMSMessage.queued(crashID: report.crashID, owner: user.id, recipient: try PhoneNumber(parsing: "+36301234567"), text: "crash \(index)", at: Date())
            let crash = DetectedCrash(
                eventID: "event-\(index)",
                detection: try CrashDetection(
                    detectedAt: referenceDate, position: try Coordinate(latitude: 47.5, longitude: 19.04), accuracyMeters: nil,
                    positionTrusted: true, headingDegrees: nil, speedKmh: nil, deltaVKmh: nil, airbagsDeployed: false, rollover: false, isTest: true
                ),
                utcOffsetMinutes: nil, digest: "digest-\(index)"
            )
            _ = try await store.recordCrash(crash, detector: detector.id, owner: user.id, report: report, sms: sms, at: Date())
            messages.append(sms)
        }
        return messages
    }

    @Test("An SMS written with its crash event on one instance is sent by another's worker, and marked accepted")
    func aJobIsDoneByAnotherInstancesWorker() async throws {
        let location = try await PostgresProcess.shared().createDatabase()
        let writer = try await PostgresServerStore.open(location, logger: Self.logger)
        let other = try await PostgresServerStore.open(location, logger: Self.logger)
        let running = [RunningClient(writer.client), RunningClient(other.client)]
        let sender = RecordingSMSSender()
        let message = try #require(try await Self.crashesWithSMS(writer, count: 1).first)
        let working = Task { try await Self.worker(other, sms: sender).run() }
        for _ in 0..<200 where await sender.sent.isEmpty {
            try await Task.sleep(for: .milliseconds(25))
        }
        #expect(await sender.sent.map(\.id) == [message.id])
        for _ in 0..<200 where try await writer.smsMessage(message.id)?.state != .accepted {
            try await Task.sleep(for: .milliseconds(25))
        }
        #expect(try await writer.smsMessage(message.id)?.state == .accepted)
        working.cancel()
        withExtendedLifetime(running) {}
    }

    @Test("Of forty SMS sent by two workers at once, each is sent exactly once")
    func twoWorkersNeverDoOneJobTwice() async throws {
        let location = try await PostgresProcess.shared().createDatabase()
        let stores = [try await PostgresServerStore.open(location, logger: Self.logger), try await PostgresServerStore.open(location, logger: Self.logger)]
        let running = stores.map { RunningClient($0.client) }
        let senders = [RecordingSMSSender(), RecordingSMSSender()]
        let messages = try await Self.crashesWithSMS(stores[0], count: 40)
        let workers = zip(stores, senders).map { Self.worker($0, sms: $1) }
        await withTaskGroup(of: Void.self) { group in
            for worker in workers {
                group.addTask { while await worker.doNextJob() {} }
            }
        }
        let sent = await senders[0].sent + senders[1].sent
        #expect(sent.count == 40)
        #expect(Set(sent.map(\.id)) == Set(messages.map(\.id)))
        #expect(try await stores[0].jobCounts() == (0, 0))
        withExtendedLifetime(running) {}
    }

    @Test("An SMS whose instance died while sending it is sent by another once its lease ran out")
    func aDeadInstancesJobIsTakenUp() async throws {
        let location = try await PostgresProcess.shared().createDatabase()
        let store = try await PostgresServerStore.open(location, logger: Self.logger)
        let running = RunningClient(store.client)
        let sender = RecordingSMSSender()
        let dying = Self.worker(store, sms: StuckSMSSender(), lease: .seconds(3_600))
        let survivor = Self.worker(store, sms: sender)
        let message = try #require(try await Self.crashesWithSMS(store, count: 1).first)
        let stuck = Task { await dying.doNextJob() }
        // Taken and leased by the dying instance: nobody else takes it yet.
        for _ in 0..<100 {
            if try await PostgresProcess.shared().execute("SELECT 1 FROM jobs WHERE attempts = 1", in: location) == 1 { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(await survivor.doNextJob() == false)

        // The lease runs out (as an hour would).
        try await PostgresProcess.shared().execute("UPDATE jobs SET lease_until = now() - interval '1 second'", in: location)
        #expect(await survivor.doNextJob())
        #expect(await sender.sent.map(\.id) == [message.id])
        #expect(try await PostgresProcess.shared().execute("SELECT 1 FROM jobs WHERE state = 'done' AND attempts = 2", in: location) == 1)
        stuck.cancel()
        withExtendedLifetime(running) {}
    }
}

/// An SMS gateway that never answers, as an instance that died in the middle of sending.
struct StuckSMSSender: SMSSender {
    var summary: String { "stuck" }

    func send(_ message: SMSMessage, reportToken: String) async throws -> SMSHandOff {
        try await Task.sleep(for: .seconds(600))
        return SMSHandOff(detail: "too late")
    }

    func erase(crashIDs: [CrashID]) async throws -> Int { 0 }
}
