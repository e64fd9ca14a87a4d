/// "Create crash report": completes a draft that holds information, renders its document (the PDF)
/// and keeps it in the archive.
public struct CreateReport: Sendable {
    /// The completed report, its document and where the document is kept.
    public struct Created: Sendable, Hashable {
        public let report: CrashReport
        public let document: RenderedReport
        /// Where the archive keeps the document, as the driver should read it.
        public let location: String
    }

    let repository: any ReportRepository
    let renderer: any ReportRenderer
    let archive: any DocumentArchive
    let clock: any Clock

    public init(repository: any ReportRepository, renderer: any ReportRenderer, archive: any DocumentArchive, clock: any Clock) {
        self.repository = repository
        self.renderer = renderer
        self.archive = archive
        self.clock = clock
    }

    /// Renders and archives before storing, so a report that cannot be rendered or kept stays an editable draft.
    /// - Throws: `ReportError.nothingToReport` for an empty report, `ReportError.readOnly` when already completed.
    public func execute(reportID: ReportID) async throws -> Created {
        var report = try await repository.existingReport(reportID)
        let now = clock.now()
        try report.complete(at: now)
        report.markChanged(at: now)
        let document = try await renderer.render(report)
        let location = try await archive.keep(document, of: report)
        let stored = try await repository.save(report)
        return Created(report: stored, document: document, location: location)
    }
}
