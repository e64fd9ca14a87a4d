import Domain

/// Keeps archived documents in memory, named as the file archive names them (after the report's crash ID).
public actor InMemoryDocumentArchive: DocumentArchive {
    private var documents: [String: RenderedReport] = [:]

    public init() {}

    public func keep(_ document: RenderedReport, of report: CrashReport) -> String {
        let name = RenderedReport.defaultFileName(for: report.crashID, format: document.format)
        documents[name] = document
        return "memory:" + name
    }

    public func location(of report: CrashReport, format: RenderedReport.Format) -> String? {
        let name = RenderedReport.defaultFileName(for: report.crashID, format: format)
        return documents[name] == nil ? nil : "memory:" + name
    }

    public func remove(namedAfter crashID: CrashID, format: RenderedReport.Format) {
        documents[RenderedReport.defaultFileName(for: crashID, format: format)] = nil
    }

    /// The kept document of the report, for tests.
    public func document(of report: CrashReport, format: RenderedReport.Format) -> RenderedReport? {
        documents[RenderedReport.defaultFileName(for: report.crashID, format: format)]
    }

    /// The names of the documents kept, for tests.
    public var names: [String] { documents.keys.sorted() }
}
