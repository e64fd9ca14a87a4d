import Domain

/// Every use case, wired to one set of ``Adapters``. Only composition roots hold them all; each view model
/// gets the few it calls from ``Wiring``.
public struct UseCases: Sendable {
    public let start: StartReport
    public let toggleInjury: ToggleInjury
    public let addImage: AddImage
    public let removeImage: RemoveImage
    public let setNote: SetNote
    public let setScene: SetCrashScene
    public let saveDraft: SaveDraft
    public let discardReport: DiscardReport
    public let discardSection: DiscardSection
    public let resume: ResumeDraft
    public let list: ListReports
    public let create: CreateReport
    public let view: ViewReport
    public let share: ShareReport
    /// Finds a report by report id or crash ID (`export`, and opening a crash from a link).
    public let find: FindReport
    public let editStatement: EditStatement
    public let editParties: EditParties
    public let signStatement: SignStatement
    /// The driver's own details; `nil` when the store keeps none.
    public let editProfile: EditDriverProfile?
    /// Fills vehicle A of an empty statement from the driver's profile; `nil` when the store keeps none.
    public let startStatement: StartStatement?
    /// The other driver's link to vehicle B; `nil` without a server.
    public let shareStatement: ShareStatement?
    /// The format Create keeps and Share writes (the document renderer's).
    public let documentFormat: RenderedReport.Format

    /// Wires every use case to these adapters.
    /// - Parameter language: the language the app speaks, which a new report records.
    public init(_ adapters: Adapters, language: LanguageTag? = nil) {
        let repository = adapters.repository
        let photoStore = adapters.photoStore
        let clock = adapters.clock
        start = StartReport(repository: repository, issuer: adapters.issuer, clock: clock, language: language)
        toggleInjury = ToggleInjury(repository: repository, clock: clock)
        addImage = AddImage(repository: repository, photoStore: photoStore, clock: clock)
        removeImage = RemoveImage(repository: repository, photoStore: photoStore, clock: clock)
        setNote = SetNote(repository: repository, clock: clock)
        setScene = SetCrashScene(repository: repository, clock: clock)
        saveDraft = SaveDraft(repository: repository, clock: clock)
        discardReport = DiscardReport(repository: repository, photoStore: photoStore)
        discardSection = DiscardSection(repository: repository, photoStore: photoStore, clock: clock)
        resume = ResumeDraft(repository: repository, places: adapters.draftPlaces)
        list = ListReports(repository: repository)
        create = CreateReport(
            repository: repository, renderer: adapters.documentRenderer, archive: adapters.archive, clock: clock
        )
        documentFormat = adapters.documentRenderer.format
        view = ViewReport(
            repository: repository, textRenderer: adapters.textRenderer, archive: adapters.archive,
            documentFormat: documentFormat
        )
        share = ShareReport(repository: repository, renderer: adapters.documentRenderer, exporter: adapters.exporter)
        find = FindReport(repository: repository)
        editStatement = EditStatement(repository: repository, clock: clock)
        editParties = EditParties(repository: repository, clock: clock)
        signStatement = SignStatement(repository: repository, clock: clock, accounts: adapters.accounts)
        editProfile = adapters.profile.map { EditDriverProfile(store: $0) }
        startStatement = adapters.profile.map { StartStatement(repository: repository, profile: $0, clock: clock) }
        shareStatement = adapters.statementLinks.map { ShareStatement(repository: repository, links: $0) }
    }
}
