import Domain
import Foundation
import Logging
import PostgresNIO
@testable import Server
import Synchronization
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
        let events = Mutex<[String]>([])
        let (entered, enteredSignal) = AsyncStream.makeStream(of: Void.self)

        async let holder: Void = first.withLock(owner: owner, contentHash: .stub("a")) {
            events.withLock { $0.append("first in") }
            enteredSignal.yield()
            try await Task.sleep(for: .milliseconds(400))
            events.withLock { $0.append("first out") }
        }
        for await _ in entered { break }
        // Another upload (another user's, or other bytes) is not held up.
        try await second.withLock(owner: AccountID(), contentHash: .stub("a")) { events.withLock { $0.append("other user") } }
        try await second.withLock(owner: owner, contentHash: .stub("b")) { events.withLock { $0.append("other bytes") } }
        try await second.withLock(owner: owner, contentHash: .stub("a")) { events.withLock { $0.append("second in") } }
        try await holder

        #expect(events.withLock { $0 } == ["first in", "other user", "other bytes", "first out", "second in"])
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
}
