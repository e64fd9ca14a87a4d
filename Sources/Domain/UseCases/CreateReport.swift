/// "Create crash report": completes a draft that holds information and renders it.
public struct CreateReport: Sendable {
    /// The completed report and its document.
    public struct Created: Sendable, Hashable {
        public let report: CrashReport
        public let document: RenderedReport
    }

    let repository: any ReportRepository
    let renderer: any ReportRenderer
    let clock: any Clock

    public init(repository: any ReportRepository, renderer: any ReportRenderer, clock: any Clock) {
        self.repository = repository
        self.renderer = renderer
        self.clock = clock
    }

    /// Renders before storing, so a report that cannot be rendered stays an editable draft.
    /// - Throws: `ReportError.nothingToReport` for an empty report, `ReportError.readOnly` when already completed.
    public func execute(reportID: ReportID) async throws -> Created {
        var report = try await repository.existingReport(reportID)
        let now = clock.now()
        try report.complete(at: now)
        report.markChanged(at: now)
        let document = try await renderer.render(report)
        try await repository.save(report)
        return Created(report: report, document: document)
    }
}
