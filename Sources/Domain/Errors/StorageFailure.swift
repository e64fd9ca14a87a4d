import Foundation

/// A failure of the storage behind a port (database, photo files, data folders), as a fact: what kind of
/// failure, which file or folder, and the system's own words for the cause. Adapters' errors expose one through
/// ``StorageFailureReporting``; the edges turn it into a sentence, an exit status or an HTTP status.
public struct StorageFailure: Error, Sendable, Hashable {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// No place for the data is known (no `HOME`).
        case noLocation
        /// A folder the data needs could not be created.
        case folderNotCreatable
        /// A folder exists but nothing can be written in it.
        case folderNotWritable
        /// The file is not a database the product can use (not SQLite, cut short, a folder).
        case notADatabase
        /// The file is a database of another program.
        case foreignDatabase
        /// A newer version wrote the database in a layout this one does not know.
        case newerLayout(found: Int, supported: Int)
        /// A stored record could not be read back (a value out of range or missing).
        case damagedRecord
        /// Another program is writing; trying again later may work.
        case busy
        /// The disk is full; the change was not saved.
        case diskFull
        /// The database file is damaged.
        case damaged
        /// The database or its folder cannot be written.
        case notWritable
        /// Reading or writing the database failed.
        case readWrite
        /// A photo file could not be handled; `operation` says what was tried ("store", "read", "write"…).
        case photoFile(operation: String)
        /// Any other failure of the database engine, with its result code.
        case other(code: Int)
    }

    public let kind: Kind
    /// The file or folder concerned.
    public let path: String
    /// The system's or the engine's own words for the cause (may be empty).
    public let cause: String

    public init(_ kind: Kind, path: String, cause: String = "") {
        self.kind = kind
        self.path = path
        self.cause = cause
    }
}
