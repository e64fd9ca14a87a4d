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
            repository: repository, photoStore: photoStore, archive: archive, textRenderer: textRenderer,
            documentRenderer: documentRenderer, exporter: exporter, issuer: issuer, clock: clock,
            photoFiles: PhotoFileReading()
        )
    }
}
