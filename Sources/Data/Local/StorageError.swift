import Foundation

/// Why the local storage (database, photos, documents) cannot be opened or used. Each message names the file
/// or folder and what to do; ``exitCode`` is the sysexits code a command should end with.
public enum StorageError: ExitCodeError, Sendable, Hashable, LocalizedError {
    /// Neither `--database`, `CRASH_ASSISTANT_DATABASE`, `XDG_DATA_HOME` nor `HOME` says where data lives.
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

    public var description: String {
        switch self {
        case .noDataLocation:
            "No folder for the reports is known: HOME is not set. Give --database FILE, or set CRASH_ASSISTANT_DATABASE "
                + "or HOME."
        case let .directoryNotCreatable(path, reason):
            "The folder \(path) cannot be created (\(reason)). Choose another place with --database FILE, "
                + "or fix the path so every part of it is a folder you can write to."
        case let .directoryNotWritable(path, reason):
            "Nothing can be written in the folder \(path) (\(reason)). Make it writable, or choose another place "
                + "with --database FILE."
        case let .notADatabase(path, reason):
            "The file \(path) is not a usable crash-assistant database (\(reason)). It was left untouched. "
                + "Move it aside (keep a copy), or choose another file with --database FILE."
        case let .foreignDatabase(path):
            "The file \(path) is a database of another program, so crash-assistant will not change it. "
                + "Choose another file with --database FILE."
        case let .newerSchema(path, found, supported):
            "The database \(path) was written by a newer crash-assistant (layout \(found); this one knows up to "
                + "\(supported)). It was left untouched. Update crash-assistant, or choose another file with --database FILE."
        case let .damagedRecord(path, reason):
            "A report stored in \(path) cannot be read (\(reason)). Move the database aside (keep a copy) and start again, "
                + "or choose another file with --database FILE."
        case let .databaseUnusable(error):
            error.description
        }
    }

    public var errorDescription: String? { description }

    /// The sysexits code: 65 `EX_DATAERR` for a file that is not (or no longer) a database crash-assistant can
    /// use, 73 `EX_CANTCREAT` for a folder that cannot be created or written, 78 `EX_CONFIG` when no place is
    /// known, and SQLite's own failures as ``SQLiteError/exitCode`` (74 `EX_IOERR`, 75 `EX_TEMPFAIL` when busy).
    public var exitCode: Int32 {
        switch self {
        case .noDataLocation: 78
        case .directoryNotCreatable, .directoryNotWritable: 73
        case .notADatabase, .foreignDatabase, .newerSchema, .damagedRecord: 65
        case let .databaseUnusable(error): error.exitCode
        }
    }
}
