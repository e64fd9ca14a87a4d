import CSQLite
import Foundation

/// One open SQLite connection and its cache of prepared statements.
///
/// Not thread-safe on its own: ``SQLiteDatabase`` keeps it behind a lock, so only one thread uses it at a time.
/// Other modules meet it only inside ``SQLiteDatabase/read(_:)`` and ``SQLiteDatabase/write(_:)``.
public final class SQLiteConnection: @unchecked Sendable { // safe: only used by SQLiteDatabase, under its lock
    let handle: OpaquePointer
    /// The database file, for errors that name it.
    public let path: String
    /// Prepared statements by the addresses of their SQL's static pieces, so finding one hashes no text.
    private var statements: [SQLiteQuery.Key: SQLiteStatement] = [:]

    /// Opens the file with the given `SQLITE_OPEN_…` flags.
    init(path: String, flags: Int32) throws(SQLiteError) {
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(path, &opened, flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(opened)
            throw SQLiteError(code: code, message: message, path: path)
        }
        self.handle = opened
        self.path = path
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// The error SQLite just reported on this connection.
    func error(_ code: Int32) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), path: path)
    }

    // MARK: - Statements

    /// Runs SQL text that may hold several statements and returns no rows (schema changes, pragmas).
    /// - Throws: `SQLiteError` with SQLite's words when a statement fails (those before it stay done).
    public func execute(_ sql: String) throws(SQLiteError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code) }
    }

    /// The prepared statement for this query, from the cache, with the query's values bound and ready to step.
    /// - Throws: `SQLiteError` when SQLite cannot prepare it (a mistake in the SQL, a table the layout lacks, a
    ///   parameter written by hand).
    public func statement(_ query: SQLiteQuery) throws(SQLiteError) -> SQLiteStatement {
        let key = query.key
        let statement: SQLiteStatement
        if let cached = statements[key] {
            cached.reset()
            statement = cached
        } else {
            statement = try SQLiteStatement(query: query, connection: self)
            statements[key] = statement
        }
        statement.bind(query.values)
        return statement
    }

    /// The first column of the first row of a query returning one integer (`PRAGMA user_version`, `count(*)`).
    package func integer(_ sql: SQLiteQuery) throws(SQLiteError) -> Int {
        let query = try statement(sql)
        defer { query.reset() }
        return try query.step() ? query.int(0) : 0
    }

    /// Every row's first column as text (`PRAGMA integrity_check`, `PRAGMA journal_mode`).
    func texts(_ sql: SQLiteQuery) throws(SQLiteError) -> [String] {
        let query = try statement(sql)
        defer { query.reset() }
        var rows: [String] = []
        while try query.step() { rows.append(query.string(0)) }
        return rows
    }

    /// How many statements the cache holds (one per place in the code that ran a query).
    var preparedCount: Int { statements.count }

    /// How many rows the last `INSERT`, `UPDATE` or `DELETE` changed.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    // MARK: - Transactions

    /// Runs `body` in a write transaction (`BEGIN IMMEDIATE`, so the write lock is taken before reading):
    /// committed when it returns, rolled back when it throws.
    func writeTransaction<Result>(_ body: (SQLiteConnection) throws -> Result) throws -> Result {
        try statement("BEGIN IMMEDIATE").run()
        return try finishing(body)
    }

    /// Runs `body` in a read transaction, so every query in it sees the same snapshot.
    func readTransaction<Result>(_ body: (SQLiteConnection) throws -> Result) throws -> Result {
        try statement("BEGIN DEFERRED").run()
        return try finishing(body)
    }

    private func finishing<Result>(_ body: (SQLiteConnection) throws -> Result) throws -> Result {
        let result: Result
        do {
            result = try body(self)
            try statement("COMMIT").run()
        } catch {
            if sqlite3_get_autocommit(handle) == 0 { _ = try? statement("ROLLBACK").run() }
            throw error
        }
        return result
    }
}
