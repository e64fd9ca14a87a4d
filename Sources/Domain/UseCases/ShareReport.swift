/// "Share crash report": writes the completed report's document where the driver chose.
public struct ShareReport: Sendable {
    let repository: any ReportRepository
    let renderer: any ReportRenderer
    let exporter: any DocumentExporter

    public init(repository: any ReportRepository, renderer: any ReportRenderer, exporter: any DocumentExporter) {
        self.repository = repository
        self.renderer = renderer
        self.exporter = exporter
    }

    /// - Parameters:
    ///   - destination: where to write; `nil` means the default name, `crash-report-<crash ID>.<ext>`.
    ///   - replacing: whether an existing document there may be replaced.
    /// - Returns: where the document was written.
    /// - Throws: `ReportError.notCompleted` for a draft, `ShareError` for a bad destination.
    public func execute(reportID: ReportID, destination: String? = nil, replacing: Bool = false) async throws -> String {
        let report = try await repository.existingReport(reportID)
        guard report.isCompleted else { throw ReportError.notCompleted(report.crashID) }
        let document = try await renderer.render(report)
        let target = destination ?? RenderedReport.defaultFileName(for: report.crashID, format: document.format)
        return try await exporter.export(document, to: target, replacing: replacing)
    }
}
