import Data
import Domain
import Foundation
import Presentation

/// The composition root: the one place that knows which adapters exist and wires them to the use cases.
struct Environment: Sendable {
    /// Where reports are kept. The store is chosen here and nowhere else.
    enum StoreKind: String, CaseIterable, Sendable {
        case memory
        case sqlite

        /// The store used when neither `--store` nor `CRASH_ASSISTANT_STORE` names one.
        static let defaultKind: StoreKind = .sqlite
    }

    /// Why the environment could not be built, with the sysexits status to end with.
    struct Failure: Error, Sendable, CustomStringConvertible {
        let description: String
        let exitCode: Int32
    }

    let repository: any ReportRepository
    let photoStore: any PhotoStore
    /// Keeps each created report's document.
    let archive: any DocumentArchive
    /// Renders what "View crash report" prints.
    let textRenderer: any ReportRenderer
    /// Renders the document Create crash report archives and Share writes.
    let documentRenderer: any ReportRenderer
    let exporter: any DocumentExporter
    let issuer: any CrashIDIssuer
    let clock: any Clock
    /// Where drafts are kept, as a person reads it (e.g. "in memory only, …", "in /path/to/database").
    let storeDescription: String
    /// Called once when the app ends: leaves the store self-contained on disk.
    let finish: @Sendable () -> Void

    // MARK: - Building

    /// - Parameters:
    ///   - databaseOption: `--database FILE`, if given.
    ///   - environment: the process environment (for `CRASH_ASSISTANT_DATABASE`, `XDG_DATA_HOME`, `HOME`).
    static func make(store: StoreKind, databaseOption: String?, environment: [String: String]) throws(Failure) -> Environment {
        let storage = try makeStorage(store, databaseOption: databaseOption, environment: environment)
        return Environment(
            repository: storage.repository,
            photoStore: storage.photoStore,
            archive: storage.archive,
            textRenderer: TextReportRenderer(),
            documentRenderer: PDFReportRenderer(photoStore: storage.photoStore),
            exporter: FileDocumentExporter(),
            issuer: RandomCrashIDIssuer(),
            clock: SystemClock(),
            storeDescription: storage.description,
            finish: storage.finish
        )
    }

    private struct Storage {
        let repository: any ReportRepository
        let photoStore: any PhotoStore
        /// Where created reports' documents are kept.
        let archive: any DocumentArchive
        let description: String
        var finish: @Sendable () -> Void = {}
    }

    /// The store: in memory, or the SQLite database (behind the cache) with photo and document folders beside it.
    private static func makeStorage(
        _ kind: StoreKind, databaseOption: String?, environment: [String: String]
    ) throws(Failure) -> Storage {
        switch kind {
        case .memory:
            return Storage(
                repository: InMemoryReportRepository(),
                photoStore: InMemoryPhotoStore(),
                archive: InMemoryDocumentArchive(),
                description: "in memory only, which ends with the app (--store sqlite keeps drafts across runs)"
            )
        case .sqlite:
            do {
                let storage = try LocalStorage.open(databaseOption: databaseOption, environment: environment)
                return Storage(
                    repository: CachedReportRepository(local: storage.repository),
                    photoStore: storage.photoStore,
                    archive: FileDocumentArchive(directory: try storage.documentsDirectory()),
                    description: "in \(storage.location.databaseFile)",
                    finish: { [database = storage.repository.database] in database.checkpoint() }
                )
            } catch {
                throw Failure(description: error.description, exitCode: error.exitCode)
            }
        }
    }

    // MARK: - Use cases

    /// Every use case the screens call, wired to these adapters.
    var useCases: ReportUseCases {
        ReportUseCases(
            repository: repository, photoStore: photoStore, archive: archive, textRenderer: textRenderer,
            documentRenderer: documentRenderer, exporter: exporter, issuer: issuer, clock: clock,
            photoFiles: PhotoFileReader()
        )
    }
}
