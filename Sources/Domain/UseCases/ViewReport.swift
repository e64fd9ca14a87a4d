/// "View crash report": the report rendered as a document (a draft renders as a preview marked Draft).
public struct ViewReport: Sendable {
    let repository: any ReportRepository
    let renderer: any ReportRenderer

    public init(repository: any ReportRepository, renderer: any ReportRenderer) {
        self.repository = repository
        self.renderer = renderer
    }

    public func execute(reportID: ReportID) async throws -> RenderedReport {
        try await renderer.render(repository.existingReport(reportID))
    }
}
