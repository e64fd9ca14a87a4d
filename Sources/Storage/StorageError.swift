import Domain
import Foundation

/// Why the local storage (database, photos, documents) cannot be opened or used: the file or folder and the
/// cause. The edges choose the words and the exit status from its ``storageFailure``.
public enum StorageError: Error, Sendable, Hashable, StorageFailureReporting {
    /// Neither an explicit file, `CRASH_ASSISTANT_DATABASE`, `XDG_DATA_HOME` nor `HOME` says where data lives.
    case noDataLocation
    /// A folder the data needs could not be created (a path through a regular file, no permission, read-only disk).
    case directoryNotCreatable(path: String, reason: String)
    /// A folder exists but nothing can be written in it.
    case directoryNotWritable(path: String, reason: String)
    /// The database file is not an SQLite database, is cut short or is damaged.
    case notADatabase(path: String, reason: String)
    /// The file is an SQLite database of some other program.
    case foreignDatabase(path: String)
    /// A newer crash-assistant wrote the database in a layout this one does not know.
    case newerSchema(path: String, found: Int, supported: Int)
    /// A stored record could not be read back (a value out of range or missing).
    case damagedRecord(path: String, reason: String)
    /// SQLite refused to open or set up the database.
    case databaseUnusable(SQLiteError)

    public var storageFailure: StorageFailure {
        switch self {
        case .noDataLocation: StorageFailure(.noLocation, path: "")
        case let .directoryNotCreatable(path, reason): StorageFailure(.folderNotCreatable, path: path, cause: reason)
        case let .directoryNotWritable(path, reason): StorageFailure(.folderNotWritable, path: path, cause: reason)
        case let .notADatabase(path, reason): StorageFailure(.notADatabase, path: path, cause: reason)
        case let .foreignDatabase(path): StorageFailure(.foreignDatabase, path: path)
        case let .newerSchema(path, found, supported):
            StorageFailure(.newerLayout(found: found, supported: supported), path: path)
        case let .damagedRecord(path, reason): StorageFailure(.damagedRecord, path: path, cause: reason)
        case let .databaseUnusable(error): error.storageFailure
        }
    }
}
