import Domain
import Foundation
import NIOPosix
import ServerCore
import Storage
import WireAPI

/// The server's embedded store: accounts, crash IDs and crash events, each user's reports and the photos they
/// uploaded, in one SQLite database through Data's SQLite layer (``ServerSchema``).
///
/// SQLite blocks the thread that calls it (on its file locks, the connection's lock, fsync), so every call runs
/// on `NIOThreadPool.singleton`, never on an event loop or on Swift's cooperative pool. Every change that reads
/// before it writes (a revision check, a duplicate crash event, a taken name) does both inside one
/// `BEGIN IMMEDIATE` transaction, so two requests at once cannot both pass the check.
package final class SQLiteServerStore: Sendable {
    /// The connection's owner.
    package let database: SQLiteDatabase

    /// Opens (creating when missing) the database at `path`, normally `DIR/server.sqlite3`, and brings its layout
    /// up to date. The folder must exist. Blocks while it opens and migrates: call it at start-up, before serving.
    /// - Throws: `StorageError` naming the file (not a database, another program's, a newer layout…); a refused
    ///   file is left as it was.
    package init(path: String, busyTimeout: Duration = .seconds(10)) throws(StorageError) {
        // Deleted rows are overwritten in the file: an erased person's data does not linger in free pages.
        database = try SQLiteDatabase(
            path: path, migrations: ServerSchema.migrations, busyTimeout: busyTimeout, secureDelete: true, readers: 4
        )
        do {
            try database.write { connection in try Self.digestReportTokens(in: connection) }
        } catch let error as SQLiteError {
            throw .databaseUnusable(error)
        } catch {
            throw .damagedRecord(path: path, reason: "sms_messages: \(error)")
        }
    }

    /// Moves everything in the database's write-ahead log into its file, so the data folder alone holds it all once
    /// the server ends (call it after the last request). Blocks; best effort, as ``SQLiteDatabase/checkpoint()``.
    package func close() {
        database.checkpoint()
    }

    // MARK: - Off the event loops

    /// Runs `body` in a read transaction on a thread of the NIO thread pool, on one of the read-only connections: it
    /// sees the last commit and never waits behind a write (WAL), so reads go on while the one writer works
    /// (measured: a storm of crash events had its reads queue behind the writes on the writer's connection).
    package func reading<Result: Sendable>(
        _ body: @escaping @Sendable (SQLiteConnection) throws -> Result
    ) async throws -> Result {
        let database = database
        return try await NIOThreadPool.singleton.runIfActive { try database.readAside(body) }
    }

    /// Runs a short read by key (one report, a bounded page of changes) on the calling thread, on a read-only
    /// connection: it is answered from SQLite's page cache in microseconds and never waits behind a write (WAL), where
    /// the hop to the thread pool and back costs more than the read (measured: the read path's requests/s doubled).
    package func readingAside<Result: Sendable>(_ body: (SQLiteConnection) throws -> Result) throws -> Result {
        try database.readAside(body)
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction on a thread of the NIO thread pool: all of it or nothing.
    package func writing<Result: Sendable>(
        _ body: @escaping @Sendable (SQLiteConnection) throws -> Result
    ) async throws -> Result {
        let database = database
        return try await NIOThreadPool.singleton.runIfActive { try database.write(body) }
    }

    // MARK: - Reading rows

    /// The UUID in a row's column.
    /// - Throws: ``ServerStoreError/damagedRecord(table:reason:)`` naming the column when it holds no UUID.
    package static func uuid(_ row: SQLiteStatement, _ column: Int32, table: String, name: String) throws(ServerStoreError) -> UUID {
        guard let uuid = row.uuid(column) else {
            throw .damagedRecord(table: table, reason: "\(name): not a UUID")
        }
        return uuid
    }

    /// The content hash in a row's column (``StoredRecord/contentHash(_:table:name:)``).
    package static func contentHash(
        _ row: SQLiteStatement, _ column: Int32, table: String, name: String = "sha256"
    ) throws(ServerStoreError) -> ContentHash {
        try StoredRecord.contentHash(row.string(column), table: table, name: name)
    }

    /// The crash ID in a row's column (``StoredRecord/crashID(_:table:)``).
    package static func crashID(_ row: SQLiteStatement, _ column: Int32, table: String) throws(ServerStoreError) -> CrashID {
        try StoredRecord.crashID(row.string(column), table: table)
    }

    /// A time stored as seconds since 2001-01-01 UTC.
    package static func date(_ row: SQLiteStatement, _ column: Int32) -> Date {
        Date(timeIntervalSinceReferenceDate: row.double(column))
    }
}

extension SQLiteServerStore {
    /// Refuses a write for an account that no longer exists, inside the write's own transaction: the store takes one
    /// write at a time, so an erasure and a write of the same account cannot interleave (a token remembered for a few
    /// seconds after its account was erased writes nothing).
    static func requireAccount(_ owner: AccountID, in connection: SQLiteConnection) throws {
        let query = try connection.statement("SELECT 1 FROM accounts WHERE id = \(owner.rawValue)")
        defer { query.reset() }
        guard try query.step() else { throw ServerRefusal.accountGone }
    }
}
