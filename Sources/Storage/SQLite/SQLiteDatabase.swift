import CSQLite
import Foundation
import Synchronization

/// The one owner of a database connection: every use goes through its lock, one at a time.
///
/// Opening checks the file before SQLite may write to it (header, size, layout version, read-only first),
/// then sets it up for safe concurrent use (`journal_mode=WAL`, `synchronous=NORMAL`, a busy timeout,
/// `foreign_keys=ON`) and brings the layout up to date by `PRAGMA user_version`, one transaction per step.
public final class SQLiteDatabase: Sendable {
    /// The database file.
    public let path: String
    /// The layout version this program writes (the last migration's).
    public let schemaVersion: Int
    private let connection: LockedConnection
    /// Read-only connections for ``readAside(_:)``, each used by one caller at a time.
    private let readers: [LockedConnection]
    private let nextReader = Atomic<Int>(0)

    /// Opens (creating when missing) the database at `path` and migrates it to the last of `migrations`.
    /// The folder holding it must exist.
    /// - Parameter busyTimeout: how long to wait for another connection's write lock before giving up.
    /// - Throws: `StorageError`, naming the file and what to do; a refused file is left byte-for-byte as it was.
    /// - Parameter secureDelete: whether deleted content is overwritten with zeros (`PRAGMA secure_delete`), for a
    ///   database holding personal data that must be gone once erased.
    /// - Parameter readers: how many read-only connections ``readAside(_:)`` spreads its reads over (none: it reads
    ///   on the connection every other use takes).
    public init(
        path: String, migrations: [SQLiteMigration], busyTimeout: Duration = .seconds(10), secureDelete: Bool = false,
        readers: Int = 0
    ) throws(StorageError) {
        let known = migrations.map(\.version).max() ?? 0
        // Programs opening the same database at once take turns: while a new file is switched to WAL,
        // SQLite answers a second opener "busy" at once instead of waiting.
        let turn = OpeningTurn(folder: (path as NSString).deletingLastPathComponent, waitingAtMost: busyTimeout)
        defer { turn.end() }
        try Self.validateExisting(path: path, knownVersion: known)
        try Self.createFileIfMissing(path: path)
        let opened: SQLiteConnection
        do {
            opened = try SQLiteConnection(path: path, flags: SQLITE_OPEN_READWRITE)
            let milliseconds = busyTimeout.components.seconds * 1_000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000
            sqlite3_busy_timeout(opened.handle, Int32(clamping: milliseconds))
            _ = try opened.texts("PRAGMA journal_mode=WAL")
            try opened.execute("PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;")
            if secureDelete { try opened.execute("PRAGMA secure_delete=ON;") }
        } catch {
            throw Self.storageError(error, path: path)
        }
        try Self.migrate(opened, to: migrations, path: path)
        var readOnly: [LockedConnection] = []
        do {
            for _ in 0..<max(readers, 0) {
                let reader = try SQLiteConnection(path: path, flags: SQLITE_OPEN_READONLY)
                sqlite3_busy_timeout(reader.handle, 1_000)
                readOnly.append(LockedConnection(reader))
            }
        } catch {
            throw Self.storageError(error, path: path)
        }
        self.path = path
        self.schemaVersion = known
        self.connection = LockedConnection(opened)
        self.readers = readOnly
    }

    // MARK: - Use

    /// Runs `body` with the connection inside a read transaction (one consistent snapshot), holding the
    /// connection's lock: it blocks the calling thread while another caller uses the connection, so callers on
    /// an event loop or Swift's cooperative pool hand it to a thread of their own. The connection is `body`'s only
    /// while it runs: do not keep it.
    public func read<Result: Sendable>(_ body: (SQLiteConnection) throws -> Result) throws -> Result {
        try connection.withLock { connection in
            try connection.readTransaction(body)
        }
    }

    /// Runs `body` inside a read transaction on one of the read-only connections (the first free one; when all are
    /// busy, waits for one), never behind a write: in WAL mode a reader sees the last commit and waits for no writer.
    /// For short reads by key a caller makes on its own thread, where a hop to another thread costs more than the read.
    public func readAside<Result: Sendable>(_ body: (SQLiteConnection) throws -> Result) throws -> Result {
        guard !readers.isEmpty else { return try read(body) }
        let first = nextReader.wrappingAdd(1, ordering: .relaxed).oldValue & Int.max
        for offset in 0..<readers.count {
            if let result = try readers[(first + offset) % readers.count].withLockIfAvailable({ connection in
                try connection.readTransaction(body)
            }) {
                return result
            }
        }
        return try readers[first % readers.count].withLock { connection in try connection.readTransaction(body) }
    }

    /// A connection and the lock its users take turns by.
    ///
    /// The lock is an `NSLock` (a mutex whose waiter sleeps at once) rather than `Mutex`, whose waiter on Linux spins
    /// in the kernel while the holder runs (a priority-inheritance futex): on the server, with two writes waiting for
    /// each other, that spinning was 8 % of the profile of a storm of crash events.
    private final class LockedConnection: @unchecked Sendable { // safe: the connection is only reached under `lock`
        private let connection: SQLiteConnection
        private let lock = NSLock()

        init(_ connection: SQLiteConnection) {
            self.connection = connection
        }

        func withLock<Result>(_ body: (SQLiteConnection) throws -> Result) rethrows -> Result {
            lock.lock()
            defer { lock.unlock() }
            return try body(connection)
        }

        /// `body`'s result, or `nil` without waiting when another caller holds the connection.
        func withLockIfAvailable<Result>(_ body: (SQLiteConnection) throws -> Result) rethrows -> Result? {
            guard lock.try() else { return nil }
            defer { lock.unlock() }
            return try body(connection)
        }
    }

    /// Runs `body` with the connection inside a `BEGIN IMMEDIATE` transaction (the write lock is taken before
    /// anything is read, so a compare-and-set in `body` sees no other writer): committed when `body` returns, rolled
    /// back when it throws, so all of it is stored or none. Blocks like ``read(_:)``.
    public func write<Result: Sendable>(_ body: (SQLiteConnection) throws -> Result) throws -> Result {
        try connection.withLock { connection in
            try connection.writeTransaction(body)
        }
    }

    /// Moves everything in the write-ahead log into the database file and empties the log, so the file alone
    /// holds every report (e.g. when the program ends and the file may be copied). Best effort: a checkpoint
    /// blocked by another program's reader is left for later, and nothing is lost either way.
    public func checkpoint() {
        connection.withLock { connection in
            _ = try? connection.texts("PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }

    /// `PRAGMA data_version` of this program's connection: it moves when another connection — another program — commits
    /// a change to the file, never for this program's own writes.
    public func dataVersion() throws -> Int {
        try connection.withLock { connection in
            try connection.integer("PRAGMA data_version")
        }
    }

    /// `PRAGMA integrity_check`: `["ok"]` for a sound database, else what SQLite found wrong.
    public func integrityCheck() throws -> [String] {
        try connection.withLock { connection in
            try connection.texts("PRAGMA integrity_check")
        }
    }

    /// The layout version stored in the file (`PRAGMA user_version`).
    public func storedSchemaVersion() throws -> Int {
        try connection.withLock { connection in
            try connection.integer("PRAGMA user_version")
        }
    }

    // MARK: - Opening safely

    /// Refuses, without writing to it, an existing file that is not a database this program may use.
    private static func validateExisting(path: String, knownVersion: Int) throws(StorageError) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .notADatabase(path: path, reason: "it is not a regular file")
        }
        guard status.st_size > 0 else { return }
        var walStatus = stat()
        let walInUse = stat(path + "-wal", &walStatus) == 0 && walStatus.st_size > 0
        let header = try SQLiteFileHeader.check(path: path, fileSize: Int(status.st_size), walInUse: walInUse)
        // When the file alone holds the database (no log, no journal beside it), its header's layout version is the
        // stored one, and a version other than 0 says the file is a database of this program's (or a newer one): no
        // connection needs to look. Otherwise a read-only connection reads the version and whether anything is stored.
        var journalStatus = stat()
        let fileAlone = !walInUse && stat(path + "-journal", &journalStatus) != 0
        let (version, objects) = fileAlone && header.userVersion > 0
            ? (header.userVersion, nil)
            : try probe(path)
        if version > knownVersion {
            throw .newerSchema(path: path, found: version, supported: knownVersion)
        }
        if version == 0, let objects, objects > 0 {
            throw .foreignDatabase(path: path)
        }
    }

    /// The layout version and the number of schema objects of the database at `path`, read on a read-only connection.
    private static func probe(_ path: String) throws(StorageError) -> (version: Int, objects: Int?) {
        do {
            let probe = try SQLiteConnection(path: path, flags: SQLITE_OPEN_READONLY)
            sqlite3_busy_timeout(probe.handle, 10_000)
            return (try probe.integer("PRAGMA user_version"), try probe.integer("SELECT count(*) FROM sqlite_schema"))
        } catch {
            throw storageError(error, path: path)
        }
    }

    /// Creates an empty database file readable by its owner only (it holds photos of documents and notes).
    private static func createFileIfMissing(path: String) throws(StorageError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
            return
        }
        let code = errno
        guard code != EEXIST else { return }
        let folder = (path as NSString).deletingLastPathComponent
        throw .directoryNotWritable(path: folder.isEmpty ? "." : folder, reason: String(cString: strerror(code)))
    }

    private static func migrate(_ connection: SQLiteConnection, to migrations: [SQLiteMigration], path: String) throws(StorageError) {
        let known = migrations.map(\.version).max() ?? 0
        // Up to date (the usual opening): no step takes the write lock.
        do {
            if try connection.integer("PRAGMA user_version") == known { return }
        } catch {
            throw storageError(error, path: path)
        }
        for migration in migrations.sorted(by: { $0.version < $1.version }) {
            do {
                try connection.writeTransaction { connection in
                    let current = try connection.integer("PRAGMA user_version")
                    if current > known {
                        throw StorageError.newerSchema(path: path, found: current, supported: known)
                    }
                    guard current == migration.version - 1 else { return }
                    try connection.execute(migration.sql)
                    try connection.execute("PRAGMA user_version = \(migration.version)")
                }
            } catch {
                throw storageError(error, path: path)
            }
        }
    }

    private static func storageError(_ error: any Error, path: String) -> StorageError {
        switch error {
        case let error as StorageError:
            return error
        case let error as SQLiteError:
            switch error.primaryCode {
            case SQLITE_NOTADB, SQLITE_CORRUPT:
                return .notADatabase(path: path, reason: error.message)
            default:
                return .databaseUnusable(error)
            }
        default:
            return .databaseUnusable(SQLiteError(code: SQLITE_ERROR, message: "\(error)", path: path))
        }
    }
}
