import CSQLite
import Domain
import Foundation

/// A failure SQLite reported while the database was in use: its result code, its own words and the file.
public struct SQLiteError: Error, Sendable, Hashable, StorageFailureReporting {
    /// SQLite's (extended) result code.
    public let code: Int32
    /// SQLite's own words for it.
    public let message: String
    /// The database file.
    public let path: String

    public init(code: Int32, message: String, path: String) {
        self.code = code
        self.message = message
        self.path = path
    }

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_FULL`…), without the extended bits.
    public var primaryCode: Int32 { code & 0xFF }

    public var storageFailure: StorageFailure {
        let kind: StorageFailure.Kind = switch primaryCode {
        case SQLITE_BUSY, SQLITE_LOCKED: .busy
        case SQLITE_FULL: .diskFull
        case SQLITE_CORRUPT, SQLITE_NOTADB: .damaged
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_CANTOPEN, SQLITE_AUTH: .notWritable
        case SQLITE_IOERR: .readWrite
        default: .other(code: Int(code))
        }
        return StorageFailure(kind, path: path, cause: message)
    }
}
