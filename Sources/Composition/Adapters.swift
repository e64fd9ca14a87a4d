import Data
import Domain
import ReportDocuments
import Storage
import Wording

/// The adapters behind every port the use cases and the screens need: chosen once by a composition root
/// (the app, the tests, the benchmarks) and handed to ``Wiring``.
public struct Adapters: Sendable {
    public let repository: any ReportRepository
    public let photoStore: any PhotoStore
    /// Keeps each created report's document.
    public let archive: any DocumentArchive
    /// Renders what "View crash report" prints.
    public let textRenderer: any ReportRenderer
    /// Renders the document Create crash report keeps and Share writes.
    public let documentRenderer: any ReportRenderer
    public let exporter: any DocumentExporter
    public let issuer: any CrashIDIssuer
    public let clock: any Clock
    /// Reads the photo files the driver names.
    public let photoFiles: any PhotoFileSource
    /// Where sending to the server stands; `nil` without a server.
    public let syncStatus: (any SyncStatusSource)?
    /// Where each draft was left; `nil` when the store keeps none (a draft then opens on Collect Crash Info).
    public let draftPlaces: (any DraftPlaces)?
    /// The driver's own details, which fill vehicle A of every new statement; `nil` when the store keeps none.
    public let profile: (any DriverProfileStore)?
    /// Makes the other driver's links to vehicle B; `nil` without a server.
    public let statementLinks: (any StatementLinkMaker)?
    /// The server account the data folder belongs to, which the driver's signature names; `nil` when the store keeps none.
    public let accounts: (any AccountBinding)?
    /// Whether another program changed the store since the screens last read it; `nil` for a store no other program
    /// reaches (in memory).
    public let storeChanges: (any StoreChanges)?

    /// Adapters a composition root chose one by one (the tests' fakes, for example).
    public init(
        repository: any ReportRepository,
        photoStore: any PhotoStore,
        archive: any DocumentArchive,
        textRenderer: any ReportRenderer,
        documentRenderer: any ReportRenderer,
        exporter: any DocumentExporter,
        issuer: any CrashIDIssuer,
        clock: any Clock,
        photoFiles: any PhotoFileSource,
        syncStatus: (any SyncStatusSource)? = nil,
        draftPlaces: (any DraftPlaces)? = nil,
        profile: (any DriverProfileStore)? = nil,
        statementLinks: (any StatementLinkMaker)? = nil,
        accounts: (any AccountBinding)? = nil,
        storeChanges: (any StoreChanges)? = nil
    ) {
        self.storeChanges = storeChanges
        self.accounts = accounts
        self.profile = profile
        self.statementLinks = statementLinks
        self.syncStatus = syncStatus
        self.draftPlaces = draftPlaces
        self.repository = repository
        self.photoStore = photoStore
        self.archive = archive
        self.textRenderer = textRenderer
        self.documentRenderer = documentRenderer
        self.exporter = exporter
        self.issuer = issuer
        self.clock = clock
        self.photoFiles = photoFiles
    }

    // MARK: - The stores the app offers

    /// Reports, photos and documents in memory (they end with the process); the PDF renderer, files written
    /// where the driver asks, random crash IDs, the system clock and photo files read from disk.
    /// - Parameter words: the language the documents are written in.
    public static func inMemory(words: Words = .english) -> Adapters {
        let repository = InMemoryReportRepository()
        return standard(
            repository: repository, photoStore: InMemoryPhotoStore(), archive: InMemoryDocumentArchive(), places: repository,
            profile: repository, accounts: repository, words: words
        )
    }

    /// The local store: the SQLite repository behind the cache, the file photo store, and the documents folder
    /// beside the database; the rest as ``inMemory()``.
    /// - Throws: `StorageError` when the documents folder cannot be made.
    public static func local(_ storage: LocalStorage, words: Words = .english) throws(StorageError) -> Adapters {
        let cache = CachedReportRepository(local: storage.repository)
        return standard(
            repository: cache,
            photoStore: storage.photoStore,
            archive: FileDocumentArchive(directory: try storage.documentsDirectory()),
            places: storage.repository,
            profile: storage.repository,
            accounts: storage.repository,
            storeChanges: OtherProgramsChanges(database: storage.repository.database, cache: cache),
            words: words
        )
    }

    /// The client of a data folder's server: every call first makes sure the token opens the account the folder belongs
    /// to (the first binds it), so one person's reports never reach another's account.
    public static func serverClient(
        _ storage: LocalStorage, address: ServerAddress, timeouts: ServerClient.Timeouts = .standard,
        retryPauses: [Duration] = [.milliseconds(200), .seconds(1)]
    ) -> ServerClient {
        ServerClient(address: address, timeouts: timeouts, retryPauses: retryPauses, binding: storage.repository)
    }

    /// The local store as the cache of a server: everything as ``local(_:)`` (so the app works offline), crash IDs
    /// from the server when it answers soon (else local ones, replaced at the first sync), and a ``SyncEngine`` that
    /// sends every change recorded in the store's outbox and brings back what others changed.
    /// - Parameter storage: opened with `recordsChanges: true`.
    /// - Returns: the adapters and the sync engine (not started).
    /// - Parameter backoff: the pauses after failed passes.
    public static func server(
        _ storage: LocalStorage, client: ServerClient, backoff: SyncBackoff = .standard, words: Words = .english
    ) throws(StorageError) -> (adapters: Adapters, sync: SyncEngine) {
        precondition(client.isBound, "the client of a data folder checks the folder's account: make it with Adapters.serverClient")
        let changes = ChangeSignal()
        let repository = CachedReportRepository(local: storage.repository, changes: changes)
        let archive = FileDocumentArchive(directory: try storage.documentsDirectory())
        let clock = SystemClock()
        let sync = SyncEngine(
            server: client, outbox: storage.repository, state: storage.repository,
            repository: repository, photoStore: storage.photoStore, archive: archive, clock: clock, backoff: backoff
        )
        changes.connect { sync.changed() }
        let adapters = Adapters(
            repository: UnenteredDraftHolder(repository),
            photoStore: storage.photoStore,
            archive: archive,
            textRenderer: TextReportRenderer(words: words),
            documentRenderer: PDFReportRenderer(photoSource: storage.photoStore, words: words),
            exporter: FileDocumentExporter(),
            issuer: ServerCrashIDIssuer(client: client, fallback: RandomCrashIDIssuer(), answered: changes),
            clock: clock,
            photoFiles: PhotoFileReader(),
            syncStatus: sync,
            draftPlaces: storage.repository,
            profile: storage.repository,
            statementLinks: ServerStatementLinks(client: client, sync: sync),
            accounts: storage.repository,
            storeChanges: OtherProgramsChanges(database: storage.repository.database, cache: repository, sync: sync)
        )
        return (adapters, sync)
    }

    private static func standard(
        repository: any ReportRepository, photoStore: any PhotoStore, archive: any DocumentArchive, places: any DraftPlaces,
        profile: any DriverProfileStore, accounts: (any AccountBinding)? = nil, storeChanges: (any StoreChanges)? = nil, words: Words
    ) -> Adapters {
        Adapters(
            repository: UnenteredDraftHolder(repository),
            photoStore: photoStore,
            archive: archive,
            textRenderer: TextReportRenderer(words: words),
            documentRenderer: PDFReportRenderer(photoSource: photoStore, words: words),
            exporter: FileDocumentExporter(),
            issuer: RandomCrashIDIssuer(),
            clock: SystemClock(),
            photoFiles: PhotoFileReader(),
            draftPlaces: places,
            profile: profile,
            accounts: accounts,
            storeChanges: storeChanges
        )
    }
}
