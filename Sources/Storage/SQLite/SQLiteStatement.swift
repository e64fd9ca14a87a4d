import CSQLite
import Foundation

/// One prepared statement. Owned by its ``SQLiteConnection`` (which caches it), used only under the
/// connection's lock, never shared across threads. Get one from ``SQLiteConnection/statement(_:)`` with its values
/// bound (``SQLiteQuery``), then ``step()`` through its rows (reading columns) or ``run()`` it.
public final class SQLiteStatement {
    /// Tells SQLite to copy bound strings and blobs at once (`SQLITE_TRANSIENT`).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    let handle: OpaquePointer
    /// Not the connection itself: it owns its statements, and a reference back would keep both alive.
    private let database: OpaquePointer
    private let path: String

    /// Prepares the query's text.
    /// - Throws: `SQLiteError` when SQLite cannot prepare it, or when the text names parameters of its own (`?1`,
    ///   `:name`) beside the values written in place.
    init(query: SQLiteQuery, connection: SQLiteConnection) throws(SQLiteError) {
        var prepared: OpaquePointer?
        let sql = query.text
        let code = sqlite3_prepare_v3(connection.handle, sql, Int32(sql.utf8.count), UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard code == SQLITE_OK, let prepared else {
            sqlite3_finalize(prepared)
            throw connection.error(code)
        }
        guard Int(sqlite3_bind_parameter_count(prepared)) == query.values.count else {
            sqlite3_finalize(prepared)
            throw SQLiteError(
                code: SQLITE_RANGE, message: "the statement names parameters of its own; write each value in its place: \(sql.prefix(80))",
                path: connection.path
            )
        }
        self.handle = prepared
        self.database = connection.handle
        self.path = connection.path
    }

    deinit {
        sqlite3_finalize(handle)
    }

    // MARK: - Binding

    /// Binds the query's values to its parameters, in order (``SQLiteQuery`` numbers them `?1`, `?2`…).
    func bind(_ values: [SQLiteValue]) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case .null: sqlite3_bind_null(handle, index)
            case let .integer(value): sqlite3_bind_int64(handle, index, value)
            case let .real(value): sqlite3_bind_double(handle, index, value)
            case let .text(value):
                // The explicit byte count keeps every byte, even an embedded NUL; "" binds as empty text, not NULL.
                sqlite3_bind_text(handle, index, value, Int32(value.utf8.count), Self.transient)
            case let .uuid(value):
                withUnsafeBytes(of: value.uuid) { bytes in
                    _ = sqlite3_bind_blob(handle, index, bytes.baseAddress, Int32(bytes.count), Self.transient)
                }
            }
        }
    }

    // MARK: - Running

    /// Steps once: `true` when a row is ready to read, `false` when the statement is done.
    /// - Throws: `SQLiteError` (a constraint the row breaks, a busy database, a full disk…).
    public func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError(code: code, message: String(cString: sqlite3_errmsg(database)), path: path)
        }
    }

    /// Runs a statement that returns no rows.
    public func run() throws(SQLiteError) {
        while try step() {}
    }

    /// Makes the statement ready to be bound and run again.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    // MARK: - Reading columns (count from 0)

    /// Whether the current row's column (the first is 0) holds NULL.
    public func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    /// The column as an integer (0 for NULL).
    public func int(_ column: Int32) -> Int {
        Int(sqlite3_column_int64(handle, column))
    }

    /// The column as a real number (0 for NULL).
    public func double(_ column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    /// The column as an integer, `nil` for NULL.
    public func optionalInt(_ column: Int32) -> Int? {
        isNull(column) ? nil : int(column)
    }

    /// The column as a real number, `nil` for NULL.
    public func optionalDouble(_ column: Int32) -> Double? {
        isNull(column) ? nil : double(column)
    }

    /// The column as text ("" for NULL).
    public func string(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// A UUID stored as its 16 bytes (a UUID written into a ``SQLiteQuery``); `nil` when the column holds anything else.
    public func uuid(_ column: Int32) -> UUID? {
        guard sqlite3_column_type(handle, column) == SQLITE_BLOB, sqlite3_column_bytes(handle, column) == 16,
              let blob = sqlite3_column_blob(handle, column) else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &value) { $0.copyMemory(from: UnsafeRawBufferPointer(start: blob, count: 16)) }
        return UUID(uuid: value)
    }

    /// The case of a string-backed enum whose raw value the column holds, found without making a `String`;
    /// `nil` when it holds none of them.
    public func value<Value: RawRepresentable & CaseIterable>(_ column: Int32, of type: Value.Type) -> Value?
    where Value.RawValue == String {
        guard let text = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        for candidate in Value.allCases {
            var raw = candidate.rawValue
            let matches = raw.withUTF8 { bytes in
                bytes.count == count && bytes.baseAddress.map { memcmp($0, text, count) == 0 } ?? (count == 0)
            }
            if matches { return candidate }
        }
        return nil
    }

    /// The column as text, `nil` for NULL.
    public func optionalString(_ column: Int32) -> String? {
        isNull(column) ? nil : string(column)
    }
}
