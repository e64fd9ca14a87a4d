import Data
import Domain
import Foundation

/// Every use case wired to in-memory adapters and spies, at a manual clock.
public struct UseCaseKit: Sendable {
    public let repository: SpyReportRepository
    public let photoStore: InMemoryPhotoStore
    public let clock: ManualClock
    public let renderer: SpyRenderer
    public let exporter: InMemoryDocumentExporter
    public let archive: InMemoryDocumentArchive
    public let issuer: ScriptedCrashIDIssuer

    public init(reports: [CrashReport] = [], issuedIDs: [CrashID] = [.stub("CR-AAAA2222"), .stub("CR-BBBB3333")]) {
        repository = SpyReportRepository(reports)
        photoStore = InMemoryPhotoStore()
        clock = ManualClock(referenceDate)
        renderer = SpyRenderer()
        exporter = InMemoryDocumentExporter()
        archive = InMemoryDocumentArchive()
        issuer = ScriptedCrashIDIssuer(issuedIDs)
    }

    public var start: StartReport { StartReport(repository: repository, issuer: issuer, clock: clock) }
    public var toggleInjury: ToggleInjury { ToggleInjury(repository: repository, clock: clock) }
    public var addImage: AddImage { AddImage(repository: repository, photoStore: photoStore, clock: clock) }
    public var removeImage: RemoveImage { RemoveImage(repository: repository, photoStore: photoStore, clock: clock) }
    public var setNote: SetNote { SetNote(repository: repository, clock: clock) }
    public var setScene: SetCrashScene { SetCrashScene(repository: repository, clock: clock) }
    public var saveDraft: SaveDraft { SaveDraft(repository: repository, clock: clock) }
    public var discardReport: DiscardReport { DiscardReport(repository: repository, photoStore: photoStore) }
    public var discardSection: DiscardSection { DiscardSection(repository: repository, photoStore: photoStore, clock: clock) }
    public var resume: ResumeDraft { ResumeDraft(repository: repository) }
    public var list: ListReports { ListReports(repository: repository) }
    public var create: CreateReport { CreateReport(repository: repository, renderer: renderer, archive: archive, clock: clock) }
    public var view: ViewReport { ViewReport(repository: repository, textRenderer: renderer, archive: archive, documentFormat: .plainText) }
    public var share: ShareReport { ShareReport(repository: repository, renderer: renderer, exporter: exporter) }

    /// Starts a new draft and returns it.
    public func startedReport() async throws -> CrashReport {
        try await start.execute()
    }
}
