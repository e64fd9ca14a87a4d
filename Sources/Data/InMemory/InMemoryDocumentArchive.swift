import Domain

/// Keeps archived documents in memory, by report and format.
public actor InMemoryDocumentArchive: DocumentArchive {
    private struct Key: Hashable {
        let reportID: ReportID
        let format: RenderedReport.Format
    }

    private var documents: [Key: RenderedReport] = [:]

    public init() {}

    public func keep(_ document: RenderedReport, of report: CrashReport) -> String {
        documents[Key(reportID: report.id, format: document.format)] = document
        return Self.location(of: report, format: document.format)
    }

    public func location(of report: CrashReport, format: RenderedReport.Format) -> String? {
        documents[Key(reportID: report.id, format: format)] == nil ? nil : Self.location(of: report, format: format)
    }

    /// The kept document, for tests.
    public func document(of reportID: ReportID, format: RenderedReport.Format) -> RenderedReport? {
        documents[Key(reportID: reportID, format: format)]
    }

    private static func location(of report: CrashReport, format: RenderedReport.Format) -> String {
        "memory:" + RenderedReport.defaultFileName(for: report.crashID, format: format)
    }
}
