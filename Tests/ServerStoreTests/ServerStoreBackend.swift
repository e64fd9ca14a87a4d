import Data
import Domain
import Foundation
import Logging
import PostgresNIO
import ServerCore
import ServerPostgres
import ServerSQLite
import Storage
import TestSupport
import ServerTestSupport

/// Every backend of the server's store ports, for the conformance suite (`@Test(arguments: ServerStoreBackend.allCases)`).
/// A new backend (PostgreSQL, for scaling out) is one more case here, and nowhere else.
enum ServerStoreBackend: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite = "SQLite"
    /// A database of its own on the test run's PostgreSQL (``PostgresProcess``).
    case postgres = "PostgreSQL"

    var description: String { rawValue }

    /// A new, empty store of this kind in a fresh temporary folder (or database), removed when the result is released.
    func make() async throws -> ServerStoreUnderTest {
        switch self {
        case .sqlite:
            let directory = TemporaryDirectory("server-store")
            let path = directory.file("server.sqlite3")
            let store = try SQLiteServerStore(path: path)
            return ServerStoreUnderTest(store: store, directory: directory) { id, owner, body in
                // Written as damage would be: beside the store, without its checks.
                let database = try SQLiteDatabase(path: path, migrations: ServerSchema.migrations)
                let changed = try database.write { connection in
                    try connection.statement("UPDATE reports SET body = \(body) WHERE owner = \(owner.rawValue) AND id = \(id.rawValue)").run()
                    return connection.changes
                }
                guard changed == 1 else { throw ServerStoreError.reportNotFound(id) }
            } execute: { sql in
                let database = try SQLiteDatabase(path: path, migrations: ServerSchema.migrations)
                try database.write { connection in try connection.execute(sql) }
            }
        case .postgres:
            let server = try PostgresProcess.shared()
            let location = try await server.createDatabase()
            let store = try await PostgresServerStore.open(location, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
            return ServerStoreUnderTest(
                store: store, directory: TemporaryDirectory("server-store"), lifetime: RunningClient(store.client)
            ) { id, owner, body in
                // Written as damage would be: beside the store, without its checks.
                let changed = try await server.execute(
                    "UPDATE reports SET body = \(body) WHERE owner = \(owner.rawValue) AND id = \(id.rawValue) RETURNING id",
                    in: location
                )
                guard changed == 1 else { throw ServerStoreError.reportNotFound(id) }
            } execute: { sql in
                _ = try await server.execute(PostgresQuery(unsafeSQL: sql), in: location)
            }
        }
    }
}
