import CSQLite
import Foundation

/// A failure SQLite reported while the database was in use, with a message naming the file and what to do.
public struct SQLiteError: ExitCodeError, Sendable, Hashable, LocalizedError {
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

    public var description: String {
        switch primaryCode {
        case SQLITE_BUSY, SQLITE_LOCKED:
            "The database \(path) is busy: another program is writing to it. Wait a moment and try again."
        case SQLITE_FULL:
            "The disk holding \(path) is full, so the change was not saved. Free some space and try again."
        case SQLITE_CORRUPT, SQLITE_NOTADB:
            "The database \(path) is damaged (\(message)). Move it aside, keeping a copy, and start crash-assistant again "
                + "to begin a new one."
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_CANTOPEN, SQLITE_AUTH:
            "The database \(path) cannot be written (\(message)). Check that the file and its folder are writable."
        case SQLITE_IOERR:
            "Reading or writing the database \(path) failed (\(message)). Check the disk and try again."
        default:
            "The database \(path) reported an error: \(message) (SQLite code \(code)). Try again."
        }
    }

    public var errorDescription: String? { description }

    /// The exit code (sysexits) a command should end with after this error.
    public var exitCode: Int32 {
        switch primaryCode {
        case SQLITE_CORRUPT, SQLITE_NOTADB: 65 // EX_DATAERR
        case SQLITE_BUSY, SQLITE_LOCKED: 75 // EX_TEMPFAIL
        default: 74 // EX_IOERR
        }
    }
}
