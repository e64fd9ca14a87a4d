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
    /// - Throws: `ReportError.notCompleted` for a draft, `ShareError` for a bad destination (one whose name ends in
    ///   another format's extension too: a PDF written as `report.txt` would not open as one).
    public func execute(reportID: ReportID, destination: String? = nil, replacing: Bool = false) async throws -> String {
        let report = try await repository.existingReport(reportID)
        guard report.isCompleted else { throw ReportError.notCompleted(report.crashID) }
        let expected = renderer.format.fileExtension
        let target = destination ?? RenderedReport.defaultFileName(for: report.crashID, format: renderer.format)
        let name = target.split(separator: "/").last.map(String.init) ?? target
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            let given = name[name.index(after: dot)...]
            // An extension is a short run of letters and digits (`txt`, `docx`); `crash.2026-11-22` has none.
            let isExtension = (1...5).contains(given.count) && given.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            if isExtension, given.lowercased() != expected.lowercased() { throw ShareError.wrongExtension(target, expected: expected) }
        }
        let document = try await renderer.render(report)
        return try await exporter.export(document, to: target, replacing: replacing)
    }
}
