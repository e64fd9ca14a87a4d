import Domain
import Foundation
import Logging
import ServerBlobs
import ServerCore
import ServerGateways
import ServerHTTP
import ServerPostgres
import ServerSQLite
import ServiceLifecycle

/// The composition root of the server: the embedded adapters in one data folder (SQLite `server.sqlite3`, photo and
/// PDF files, the SMS outbox), or PostgreSQL in place of the SQLite database and an S3-compatible bucket in place of
/// the photo and PDF files, for several instances; wired to the services the routes use.
package struct ServerEnvironment {
    package let dataFolder: String
    package let store: any ServerStore
    package let blobs: any BlobStore
    package let locks: any UploadLocking
    /// What must run for as long as the environment is used (PostgreSQL's connection pools), as services beside the
    /// HTTP server; none for the embedded default.
    package let lifecycleServices: [any Service]
    /// The embedded database, to leave self-contained when the server ends.
    private let embedded: SQLiteServerStore?

    /// Opens (creating when missing) the data folder and its SQLite database.
    /// - Parameter bucket: keeps photos and PDFs in this bucket rather than in the data folder.
    package init(dataFolder: String, bucket: S3Client? = nil) throws {
        try Self.createFolder(dataFolder)
        let store = try SQLiteServerStore(path: dataFolder + "/server.sqlite3")
        self.init(
            dataFolder: dataFolder, store: store, blobs: try Self.blobStore(dataFolder: dataFolder, bucket: bucket),
            locks: UploadLocks(), lifecycleServices: [], embedded: store
        )
    }

    /// Opens the data folder, with everything but bytes in the PostgreSQL database at `database` when one is given
    /// (its layout brought up to date first), else in the folder's SQLite database.
    /// - Throws: ``PostgresOpenError`` when the database cannot be used; another error when the folder cannot.
    /// - Parameter bucket: keeps photos and PDFs in this bucket rather than in the data folder.
    package static func open(
        dataFolder: String, database: PostgresLocation?, bucket: S3Client? = nil, logger: Logger
    ) async throws -> ServerEnvironment {
        guard let database else { return try ServerEnvironment(dataFolder: dataFolder, bucket: bucket) }
        try createFolder(dataFolder)
        let store = try await PostgresServerStore.open(database, logger: logger)
        let locks = PostgresUploadLocks(database, logger: logger)
        return ServerEnvironment(
            dataFolder: dataFolder, store: store, blobs: try blobStore(dataFolder: dataFolder, bucket: bucket), locks: locks,
            lifecycleServices: [store.client, locks.client], embedded: nil
        )
    }

    /// Opens the database alone, for a command that only reads it (`sms list`), and creates nothing: not the data
    /// folder, not its database, not the folders of photos and uploads. Its ``blobs`` are an empty store in memory.
    /// - Throws: ``NoServerData`` when no `database` is given and the data folder holds no database;
    ///   ``PostgresOpenError`` when the database cannot be used; another error when the folder's database cannot.
    package static func openForReading(
        dataFolder: String, database: PostgresLocation?, logger: Logger
    ) async throws -> ServerEnvironment {
        guard let database else {
            let path = dataFolder + "/server.sqlite3"
            guard FileManager.default.fileExists(atPath: path) else { throw NoServerData(dataFolder: dataFolder) }
            let store = try SQLiteServerStore(path: path)
            return ServerEnvironment(
                dataFolder: dataFolder, store: store, blobs: InMemoryBlobStore(), locks: UploadLocks(), lifecycleServices: [],
                embedded: store
            )
        }
        let store = try await PostgresServerStore.open(database, logger: logger)
        let locks = PostgresUploadLocks(database, logger: logger)
        return ServerEnvironment(
            dataFolder: dataFolder, store: store, blobs: InMemoryBlobStore(), locks: locks,
            lifecycleServices: [store.client, locks.client], embedded: nil
        )
    }

    /// No server has kept anything in the data folder: it, or its database, is not there.
    package struct NoServerData: Error {
        package let dataFolder: String
    }

    private init(
        dataFolder: String, store: any ServerStore, blobs: any BlobStore, locks: any UploadLocking,
        lifecycleServices: [any Service], embedded: SQLiteServerStore?
    ) {
        self.dataFolder = dataFolder
        self.store = store
        self.locks = locks
        self.lifecycleServices = lifecycleServices
        self.embedded = embedded
        self.blobs = blobs
    }

    /// The services the routes use. SMS are sent by jobs in the store's `jobs` table, done by the worker in
    /// ``ServerServices/workers`` (run it beside the HTTP server).
    /// - Parameters:
    ///   - renderConcurrency: how many PDFs may be drawn at once.
    ///   - sms: what sends SMS; by default the data folder's outbox (no gateway).
    ///   - jobConcurrency: how many SMS and notices the worker sends at once.
    ///   - giveUpAfter: how long a job is tried before it is given up.
    package func services(
        publicURL: String, links: CrashLinks? = nil, logger: Logger, renderConcurrency: Int = 2, quotas: Quotas = .standard,
        sms: (any SMSSender)? = nil, retryPause: Duration = .seconds(60), giveUpAfter: Duration = ServerLimits.jobGiveUp,
        jobConcurrency: JobConcurrency = .standard, webhook: WebhookSender? = nil, smsReplyKey: String? = nil, seal: DocumentSeal? = nil
    ) throws -> ServerServices {
        let scratch = dataFolder + "/tmp"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return ServerServices(
            accounts: CachedAccountStore(store), records: store, reports: store, claims: store, sessions: store, statementLinks: store, photos: store, blobs: blobs,
            messages: store, replies: store, jobStore: store, figures: store, sms: try sms ?? outboxSender(logger: logger),
            clock: SystemClock(), publicURL: publicURL, links: links, scratchFolder: scratch, locks: locks, renderConcurrency: renderConcurrency, quotas: quotas,
            retryPause: retryPause, giveUpAfter: giveUpAfter, jobConcurrency: jobConcurrency, webhook: webhook, smsReplyKey: smsReplyKey, seal: seal, describeFailure: { ProblemText.sentence(for: $0) }, logger: logger
        )
    }

    /// The data folder's SMS outbox, the default with no gateway (and where `user erase` removes messages from).
    package func outboxSender(logger: Logger) throws -> FileSMSSender {
        try FileSMSSender(folder: dataFolder + "/outbox-sms", logger: logger)
    }

    /// Runs `body` while the ``lifecycleServices`` run (for a command that is not the server, such as `user add`).
    package func whileRunning<Result>(_ body: () async throws -> Result) async throws -> Result {
        guard !lifecycleServices.isEmpty else { return try await body() }
        return try await withThrowingTaskGroup(of: Void.self) { group in
            for service in lifecycleServices {
                group.addTask { try await service.run() }
            }
            defer { group.cancelAll() }
            return try await body()
        }
    }

    /// Writes everything in the database's log into its file, so the folder alone holds it all once the server ends.
    package func close() {
        embedded?.close()
    }

    /// `$XDG_DATA_HOME/crash-assistant-server`, else `~/.local/share/crash-assistant-server`.
    package static func defaultDataFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return xdg + "/crash-assistant-server"
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return home + "/.local/share/crash-assistant-server"
    }

    /// The bucket's store when one is given, else the data folder's files.
    private static func blobStore(dataFolder: String, bucket: S3Client?) throws -> any BlobStore {
        if let bucket { return S3BlobStore(client: bucket) }
        return try FileBlobStore(folder: dataFolder)
    }

    private static func createFolder(_ path: String) throws {
        try FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
        )
    }
}
