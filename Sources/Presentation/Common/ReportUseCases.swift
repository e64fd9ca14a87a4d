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
}
