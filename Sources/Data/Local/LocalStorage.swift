import Domain
import Foundation
import Storage

/// The whole local storage, opened for the composition root: the SQLite repository and the photo store.
///
/// ```swift
/// let storage = try LocalStorage.open(databaseOption: databaseOption, environment: ProcessInfo.processInfo.environment)
/// let repository = CachedReportRepository(local: storage.repository)   // what the use cases get (AppData)
/// let photoStore = storage.photoStore
/// ```
/// A `StorageError` says what is wrong (which file or folder, why); the app words it and picks the exit code.
public struct LocalStorage: Sendable {
    public let location: DatabaseLocation
    public let repository: SQLiteReportRepository
    public let photoStore: FilePhotoStore
    /// The changes still to be sent to a server (the repository's `Outbox`); recorded only when the storage was
    /// opened with `recordsChanges` (a server is configured), otherwise always empty.
    public var outbox: SQLiteReportRepository { repository }

    public init(location: DatabaseLocation, repository: SQLiteReportRepository, photoStore: FilePhotoStore) {
        self.location = location
        self.repository = repository
        self.photoStore = photoStore
    }

    /// Resolves where the data lives (``DatabaseLocation/resolve(option:environment:currentDirectory:)``)
    /// and opens it (``LocalStorage/open(at:recordsChanges:)``).
    public static func open(
        databaseOption: String?, environment: [String: String], recordsChanges: Bool = false
    ) throws(StorageError) -> LocalStorage {
        try open(at: DatabaseLocation.resolve(option: databaseOption, environment: environment), recordsChanges: recordsChanges)
    }

    /// Creates the data folder (0700) when missing, opens or creates the database, and opens the photo folder.
    /// - Parameter recordsChanges: whether every change is recorded in the ``outbox`` (a server is configured).
    /// - Throws: `StorageError` naming the file or folder and what to do; a database that is refused
    ///   (damaged, of another program, of a newer version) is left byte-for-byte as it was.
    public static func open(at location: DatabaseLocation, recordsChanges: Bool = false) throws(StorageError) -> LocalStorage {
        if LocalDirectory.isDirectory(location.databaseFile) {
            throw .notADatabase(path: location.databaseFile, reason: "it is a folder")
        }
        try LocalDirectory.create(location.dataDirectory, permissions: 0o700)
        let repository = try SQLiteReportRepository(path: location.databaseFile, recordsChanges: recordsChanges)
        let photoStore = try FilePhotoStore(directory: location.photosDirectory)
        return LocalStorage(location: location, repository: repository, photoStore: photoStore)
    }

    /// Creates the folder for archived documents (0700) when missing and returns it.
    public func documentsDirectory() throws(StorageError) -> String {
        try LocalDirectory.create(location.documentsDirectory, permissions: 0o700)
        return location.documentsDirectory
    }
}
