import Data
import Domain
import Foundation
@testable import Server
import TestSupport

/// Every backend of the server's store ports, for the conformance suite (`@Test(arguments: ServerStoreBackend.allCases)`).
/// A new backend (PostgreSQL, for scaling out) is one more case here, and nowhere else.
enum ServerStoreBackend: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite = "SQLite"

    var description: String { rawValue }

    /// A new, empty store of this kind in a fresh temporary folder, removed when the result is released.
    func make() throws -> ServerStoreUnderTest {
        switch self {
        case .sqlite:
            let directory = TemporaryDirectory("server-store")
            let path = directory.file("server.sqlite3")
            let store = try SQLiteServerStore(path: path)
            return ServerStoreUnderTest(store: store, directory: directory) { id, owner, body in
                // Written as damage would be: beside the store, without its checks.
                let database = try SQLiteDatabase(path: path, migrations: ServerSchema.migrations)
                let changed = try database.write { connection in
                    let update = try connection.statement("UPDATE reports SET body = ?3 WHERE owner = ?1 AND id = ?2")
                    update.bind(owner.rawValue, at: 1)
                    update.bind(id.rawValue, at: 2)
                    update.bind(body, at: 3)
                    try update.run()
                    return connection.changes
                }
                guard changed == 1 else { throw ServerStoreError.reportNotFound(id) }
            }
        }
    }
}
