/// "View crash report": the report as text for the screen (a draft renders as a preview marked Draft),
/// and where its archived document (the PDF) is once the report is completed.
public struct ViewReport: Sendable {
    /// What the screen shows.
    public struct Viewed: Sendable, Hashable {
        public let report: CrashReport
        /// The whole report as plain text.
        public let text: String
        /// Where the archived document is, or `nil` for a draft or when none is kept.
        public let documentLocation: String?
    }

    let repository: any ReportRepository
    let textRenderer: any ReportRenderer
    let archive: any DocumentArchive
    let documentFormat: RenderedReport.Format

    /// - Parameters:
    ///   - textRenderer: renders the text shown on screen.
    ///   - documentFormat: the format of the archived document to point at (the PDF).
    public init(
        repository: any ReportRepository,
        textRenderer: any ReportRenderer,
        archive: any DocumentArchive,
        documentFormat: RenderedReport.Format = .pdf
    ) {
        self.repository = repository
        self.textRenderer = textRenderer
        self.archive = archive
        self.documentFormat = documentFormat
    }

    public func execute(reportID: ReportID) async throws -> Viewed {
        let report = try await repository.existingReport(reportID)
        let rendered = try await textRenderer.render(report)
        let location = report.isCompleted ? try await archive.location(of: report, format: documentFormat) : nil
        return Viewed(report: report, text: rendered.text ?? "", documentLocation: location)
    }
}
