import CSQLite
import Foundation

/// One prepared statement. Owned by its ``SQLiteConnection`` (which caches it), used only under the
/// connection's lock, never shared across threads. Get one from ``SQLiteConnection/statement(_:)``, bind its
/// parameters, then ``step()`` through its rows (reading columns) or ``run()`` it.
public final class SQLiteStatement {
    /// Tells SQLite to copy bound strings and blobs at once (`SQLITE_TRANSIENT`).
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    let handle: OpaquePointer
    /// Not the connection itself: it owns its statements, and a reference back would keep both alive.
    private let database: OpaquePointer
    private let path: String

    init(sql: StaticString, connection: SQLiteConnection) throws(SQLiteError) {
        var prepared: OpaquePointer?
        let code = UnsafeRawPointer(sql.utf8Start).withMemoryRebound(to: CChar.self, capacity: sql.utf8CodeUnitCount) { text in
            sqlite3_prepare_v3(
                connection.handle, text, Int32(sql.utf8CodeUnitCount), UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil
            )
        }
        guard code == SQLITE_OK, let prepared else {
            sqlite3_finalize(prepared)
            throw connection.error(code)
        }
        self.handle = prepared
        self.database = connection.handle
        self.path = connection.path
    }

    deinit {
        sqlite3_finalize(handle)
    }

    // MARK: - Binding (parameters count from 1)

    /// Binds an integer to parameter `index` (`?1` is 1).
    public func bind(_ value: Int, at index: Int32) {
        sqlite3_bind_int64(handle, index, Int64(value))
    }

    /// Binds an integer, or NULL for `nil`.
    public func bind(_ value: Int?, at index: Int32) {
        if let value { sqlite3_bind_int64(handle, index, Int64(value)) } else { sqlite3_bind_null(handle, index) }
    }

    /// Binds a real number.
    public func bind(_ value: Double, at index: Int32) {
        sqlite3_bind_double(handle, index, value)
    }

    /// Binds a real number, or NULL for `nil`.
    public func bind(_ value: Double?, at index: Int32) {
        if let value { sqlite3_bind_double(handle, index, value) } else { sqlite3_bind_null(handle, index) }
    }

    /// Binds text, every byte of it (SQLite copies it).
    public func bind(_ value: String, at index: Int32) {
        // The explicit byte count keeps every byte, even an embedded NUL; "" binds as empty text, not NULL.
        sqlite3_bind_text(handle, index, value, Int32(value.utf8.count), Self.transient)
    }

    /// Binds a UUID as its 16 bytes, whose byte order is the order of its lowercase text.
    public func bind(_ value: UUID, at index: Int32) {
        withUnsafeBytes(of: value.uuid) { bytes in
            _ = sqlite3_bind_blob(handle, index, bytes.baseAddress, Int32(bytes.count), Self.transient)
        }
    }

    /// Binds a UUID, or NULL for `nil`.
    public func bind(_ value: UUID?, at index: Int32) {
        if let value { bind(value, at: index) } else { sqlite3_bind_null(handle, index) }
    }

    /// Binds text, or NULL for `nil`.
    public func bind(_ value: String?, at index: Int32) {
        if let value { bind(value, at: index) } else { sqlite3_bind_null(handle, index) }
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

    /// A UUID stored as 16 bytes by ``bind(_:at:)-(UUID,_)``; `nil` when the column holds anything else.
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
