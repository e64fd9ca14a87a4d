import Data
import Domain
import Foundation
import Logging

/// The composition root of the server: the embedded adapters in one data folder (SQLite `server.sqlite3`, photo and
/// PDF files, the SMS outbox), wired to the services the routes use. Photos and PDFs go to an S3-compatible bucket
/// instead when one is given.
struct ServerEnvironment {
    let dataFolder: String
    let store: SQLiteServerStore
    let blobs: any BlobStore

    /// Opens (creating when missing) the data folder and its database.
    /// - Parameter bucket: keeps photos and PDFs in this bucket rather than in the data folder.
    init(dataFolder: String, bucket: S3Client? = nil) throws {
        try FileManager.default.createDirectory(
            atPath: dataFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
        )
        self.dataFolder = dataFolder
        store = try SQLiteServerStore(path: dataFolder + "/server.sqlite3")
        if let bucket {
            blobs = S3BlobStore(client: bucket)
        } else {
            blobs = try FileBlobStore(folder: dataFolder)
        }
    }

    func services(publicURL: String, logger: Logger) throws -> ServerServices {
        let scratch = dataFolder + "/tmp"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return ServerServices(
            accounts: CachedAccountStore(store), records: store, reports: store, photos: store, blobs: blobs,
            sms: try FileSMSSender(folder: dataFolder + "/outbox-sms", logger: logger),
            clock: SystemClock(), publicURL: publicURL, scratchFolder: scratch, logger: logger
        )
    }

    /// Writes everything in the database's log into its file, so the folder alone holds it all once the server ends.
    func close() {
        store.close()
    }

    /// `$XDG_DATA_HOME/crash-assistant-server`, else `~/.local/share/crash-assistant-server`.
    static func defaultDataFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return xdg + "/crash-assistant-server"
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/share/crash-assistant-server"
    }
}
