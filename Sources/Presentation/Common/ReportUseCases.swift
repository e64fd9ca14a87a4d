import Domain

/// Every use case the screens call, wired once by the composition root.
public struct ReportUseCases: Sendable {
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
    /// The format "Share crash report" writes (its default file extension).
    public let documentFormat: RenderedReport.Format
    /// Reads photo files the driver names.
    public let photoFiles: any PhotoFileSource
    /// "Now", for "when" typed as `now` or as a time of today.
    public let clock: any Clock

    public init(
        start: StartReport,
        toggleInjury: ToggleInjury,
        addImage: AddImage,
        removeImage: RemoveImage,
        setNote: SetNote,
        setScene: SetCrashScene,
        saveDraft: SaveDraft,
        discardReport: DiscardReport,
        discardSection: DiscardSection,
        resume: ResumeDraft,
        list: ListReports,
        create: CreateReport,
        view: ViewReport,
        share: ShareReport,
        documentFormat: RenderedReport.Format,
        photoFiles: any PhotoFileSource,
        clock: any Clock
    ) {
        self.start = start
        self.toggleInjury = toggleInjury
        self.addImage = addImage
        self.removeImage = removeImage
        self.setNote = setNote
        self.setScene = setScene
        self.saveDraft = saveDraft
        self.discardReport = discardReport
        self.discardSection = discardSection
        self.resume = resume
        self.list = list
        self.create = create
        self.view = view
        self.share = share
        self.documentFormat = documentFormat
        self.photoFiles = photoFiles
        self.clock = clock
    }

    /// Every use case wired to these ports: what a composition root does once it has chosen its adapters.
    /// - Parameters:
    ///   - textRenderer: renders what "View crash report" prints.
    ///   - documentRenderer: renders the document Create keeps and Share writes (the PDF).
    public init(
        repository: any ReportRepository,
        photoStore: any PhotoStore,
        archive: any DocumentArchive,
        textRenderer: any ReportRenderer,
        documentRenderer: any ReportRenderer,
        exporter: any DocumentExporter,
        issuer: any CrashIDIssuer,
        clock: any Clock,
        photoFiles: any PhotoFileSource
    ) {
        self.init(
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
            photoFiles: photoFiles,
            clock: clock
        )
    }
}
