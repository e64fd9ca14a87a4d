import Data
import Domain
import Foundation
import Presentation

/// The app's composition root for the SQLite store, as `Sources/App/Environment.swift` wires it (the App target is
/// an executable and cannot be imported): the SQLite repository behind the cache, the file photo store, the file
/// archive beside the database, the text and PDF renderers, the file exporter, random crash IDs and the system clock.
struct AppWiring: Sendable {
    let storage: LocalStorage
    let useCases: ReportUseCases

    /// Opens the data folder holding `reports.sqlite` as the app does with `--database FILE`.
    init(databaseFile: String) throws {
        storage = try LocalStorage.open(at: DatabaseLocation(databaseFile: databaseFile))
        let repository = CachedReportRepository(local: storage.repository)
        let photoStore = storage.photoStore
        let archive = FileDocumentArchive(directory: try storage.documentsDirectory())
        let textRenderer = TextReportRenderer()
        let documentRenderer = PDFReportRenderer(photoStore: photoStore)
        let exporter = FileDocumentExporter()
        let issuer = RandomCrashIDIssuer()
        let clock = SystemClock()
        useCases = ReportUseCases(
            start: StartReport(repository: repository, issuer: issuer, clock: clock),
            toggleInjury: ToggleInjury(repository: repository, clock: clock),
            addImage: AddImage(repository: repository, photoStore: photoStore, clock: clock),
            removeImage: RemoveImage(repository: repository, photoStore: photoStore, clock: clock),
            setNote: SetNote(repository: repository, clock: clock),
            setScene: SetCrashScene(repository: repository, clock: clock),
            saveDraft: SaveDraft(repository: repository, clock: clock),
            discardReport: DiscardReport(repository: repository, photoStore: photoStore),
            discardSection: DiscardSection(repository: repository, photoStore: photoStore, clock: clock),
            resume: ResumeDraft(repository: repository),
            list: ListReports(repository: repository),
            create: CreateReport(repository: repository, renderer: documentRenderer, archive: archive, clock: clock),
            view: ViewReport(
                repository: repository, textRenderer: textRenderer, archive: archive, documentFormat: documentRenderer.format
            ),
            share: ShareReport(repository: repository, renderer: documentRenderer, exporter: exporter),
            documentFormat: documentRenderer.format,
            photoFiles: PhotoFileReading(),
            clock: clock
        )
    }
}
