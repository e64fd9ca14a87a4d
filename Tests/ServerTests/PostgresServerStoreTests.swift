import Data
import Domain
import Foundation
import Logging
import PostgresNIO
@testable import Server
import Testing
import TestSupport

/// What only the PostgreSQL store has: migrations shared by instances starting together, and upload locks held in
/// the database. (What every store does is in ``ServerStoreConformanceTests``.)
@Suite("PostgreSQL store")
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
                        name: "driver-\(index)", kind: .user, tokenDigest: TokenDigest(token: "token-\(index)"), at: referenceDate
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
        // Should the lock never let the others through, the holder lets go anyway and the order below is wrong.
        let safety = Task {
            try await Task.sleep(for: .seconds(30))
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

    /// A worker's way of doing jobs: SMS go to `sms`.
    static func performer(_ store: PostgresServerStore, sms: any SMSSender) -> JobPerformer {
        JobPerformer(sms: sms, logger: logger)
    }

    static func message(_ index: Int) -> SMSMessage {
        SMSMessage(
            recipient: "driver-\(index)", crashID: .stub("JOB-\(index)"), webLink: "https://claims.example.com/c/JOB-\(index)",
            appLink: "crashassistant://crash/JOB-\(index)", isTest: true
        )
    }

    @Test("A job handed on by an instance without workers is done by another's worker, and perform waits for it")
    func aJobIsDoneByAnotherInstancesWorker() async throws {
        let store = try await PostgresServerStore.open(try await PostgresProcess.shared().createDatabase(), logger: Self.logger)
        let running = RunningClient(store.client)
        let sender = RecordingSMSSender()
        let idle = PostgresJobQueue(client: store.client, performer: Self.performer(store, sms: RecordingSMSSender()), logger: Self.logger)
        let worker = PostgresJobQueue(client: store.client, performer: Self.performer(store, sms: sender), logger: Self.logger)
        let working = Task { try await worker.run() }

        try await idle.perform(.sendSMS(Self.message(1)))
        #expect(await sender.sent == [Self.message(1)])
        working.cancel()
        withExtendedLifetime(running) {}
    }

    @Test("Of forty jobs done by two workers at once, each is done exactly once")
    func twoWorkersNeverDoOneJobTwice() async throws {
        let store = try await PostgresServerStore.open(try await PostgresProcess.shared().createDatabase(), logger: Self.logger)
        let running = RunningClient(store.client)
        let senders = [RecordingSMSSender(), RecordingSMSSender()]
        let workers = senders.map {
            PostgresJobQueue(client: store.client, performer: Self.performer(store, sms: $0), logger: Self.logger)
        }
        for index in 0..<40 {
            try await workers[0].enqueue(.sendSMS(Self.message(index)))
        }
        await withTaskGroup(of: Void.self) { group in
            for worker in workers {
                group.addTask { while await worker.doNextJob() {} }
            }
        }
        let sent = await senders[0].sent + senders[1].sent
        #expect(sent.count == 40)
        #expect(Set(sent.map(\.recipient)).count == 40)
        withExtendedLifetime(running) {}
    }

    @Test("A job whose instance died while doing it is taken up by another once its lease ran out")
    func aDeadInstancesJobIsTakenUp() async throws {
        let location = try await PostgresProcess.shared().createDatabase()
        let store = try await PostgresServerStore.open(location, logger: Self.logger)
        let running = RunningClient(store.client)
        let sender = RecordingSMSSender()
        let dying = PostgresJobQueue(
            client: store.client, performer: Self.performer(store, sms: StuckSMSSender()), lease: .seconds(3_600), logger: Self.logger
        )
        let survivor = PostgresJobQueue(client: store.client, performer: Self.performer(store, sms: sender), logger: Self.logger)
        try await dying.enqueue(.sendSMS(Self.message(7)))
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
        #expect(await sender.sent == [Self.message(7)])
        #expect(try await PostgresProcess.shared().execute("SELECT 1 FROM jobs WHERE state = 'done' AND attempts = 2", in: location) == 1)
        stuck.cancel()
        withExtendedLifetime(running) {}
    }
}

/// An SMS gateway that never answers, as an instance that died in the middle of sending.
struct StuckSMSSender: SMSSender {
    func send(_ message: SMSMessage) async throws {
        try await Task.sleep(for: .seconds(600))
    }

    func erase(crashIDs: [CrashID]) async throws -> Int { 0 }
}
