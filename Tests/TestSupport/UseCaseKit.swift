import Composition
import Data
import Domain
import Foundation

/// Every use case wired to in-memory adapters and spies, at a manual clock, by the app's own ``Wiring``.
public struct UseCaseKit: Sendable {
    public let repository: SpyReportRepository
    public let photoStore: InMemoryPhotoStore
    public let clock: ManualClock
    public let renderer: SpyRenderer
    public let exporter: InMemoryDocumentExporter
    public let archive: InMemoryDocumentArchive
    public let issuer: ScriptedCrashIDIssuer

    /// - Parameter timeZone: the driver's zone (the clock's); UTC unless a test says otherwise.
    public init(
        reports: [CrashReport] = [], issuedIDs: [CrashID] = [.stub("CR-AAAA2222"), .stub("CR-BBBB3333")],
        timeZone: TimeZone = TimeZone(secondsFromGMT: 0) ?? .current
    ) {
        repository = SpyReportRepository(reports)
        photoStore = InMemoryPhotoStore()
        clock = ManualClock(referenceDate, timeZone: timeZone)
        renderer = SpyRenderer()
        exporter = InMemoryDocumentExporter()
        archive = InMemoryDocumentArchive()
        issuer = ScriptedCrashIDIssuer(issuedIDs)
    }

    /// These fakes as the adapters of the app's graph; the spy renderer both prints and makes documents.
    public func adapters(
        photoFiles: any PhotoFileSource, profile: (any DriverProfileStore)? = nil, statementLinks: (any StatementLinkMaker)? = nil
    ) -> Adapters {
        Adapters(
            repository: repository, photoStore: photoStore, archive: archive, textRenderer: renderer,
            documentRenderer: renderer, exporter: exporter, issuer: issuer, clock: clock, photoFiles: photoFiles, profile: profile,
            statementLinks: statementLinks
        )
    }

    /// The whole graph over these fakes with a store that keeps the driver's details (in memory).
    public func wiringKeepingDetails() -> Wiring {
        Wiring(adapters(photoFiles: NoPhotoFiles(), profile: InMemoryReportRepository()))
    }

    /// The whole graph over these fakes, as the app wires it.
    public func wiring(
        photoFiles: any PhotoFileSource = NoPhotoFiles(), dates: DateText = DateText(), statementLinks: (any StatementLinkMaker)? = nil
    ) -> Wiring {
        Wiring(adapters(photoFiles: photoFiles, statementLinks: statementLinks), dates: dates)
    }

    /// The use cases over these fakes, wired as the app wires them.
    public var useCases: UseCases { UseCases(adapters(photoFiles: NoPhotoFiles())) }

    public var start: StartReport { useCases.start }
    public var toggleInjury: ToggleInjury { useCases.toggleInjury }
    public var addImage: AddImage { useCases.addImage }
    public var removeImage: RemoveImage { useCases.removeImage }
    public var setNote: SetNote { useCases.setNote }
    public var setScene: SetCrashScene { useCases.setScene }
    public var saveDraft: SaveDraft { useCases.saveDraft }
    public var discardReport: DiscardReport { useCases.discardReport }
    public var discardSection: DiscardSection { useCases.discardSection }
    public var resume: ResumeDraft { useCases.resume }
    public var list: ListReports { useCases.list }
    public var create: CreateReport { useCases.create }
    public var view: ViewReport { useCases.view }
    public var share: ShareReport { useCases.share }

    /// Starts a new draft and returns it.
    public func startedReport() async throws -> CrashReport {
        try await start.execute()
    }
}
