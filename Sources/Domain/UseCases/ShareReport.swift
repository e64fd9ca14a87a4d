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

    /// Where the document went.
    public struct Written: Sendable, Hashable {
        /// The file written.
        public let path: String
        /// The extension put after a name given without one (`pdf`); `nil` when the name was used as given.
        public let addedExtension: String?
    }

    /// - Parameters:
    ///   - destination: where to write; `nil` means the default name, `crash-report-<crash ID>.<ext>`. A name without
    ///     an extension gets the format's (`report one` is written as `report one.pdf`).
    ///   - replacing: whether an existing document there may be replaced.
    /// - Returns: where the document was written, and whether its extension was added.
    /// - Throws: `ReportError.notCompleted` for a draft, `ShareError` for a bad destination (one whose name ends in
    ///   another format's extension too: a PDF written as `report.txt` would not open as one).
    public func execute(reportID: ReportID, destination: String? = nil, replacing: Bool = false) async throws -> Written {
        let report = try await repository.existingReport(reportID)
        guard report.isCompleted else { throw ReportError.notCompleted(report.crashID) }
        let expected = renderer.format.fileExtension
        var target = destination ?? RenderedReport.defaultFileName(for: report.crashID, format: renderer.format)
        var added: String?
        let name = target.split(separator: "/").last.map(String.init) ?? target
        var hasExtension = false
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            let given = name[name.index(after: dot)...]
            // An extension is a short run of letters and digits (`txt`, `docx`); `crash.2026-11-22` has none.
            hasExtension = (1...5).contains(given.count) && given.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            if hasExtension, given.lowercased() != expected.lowercased() { throw ShareError.wrongExtension(target, expected: expected) }
        }
        // A name without one gets the format's, so the file opens as what it is; a folder (`out/`) stays a folder, for
        // the exporter to refuse.
        if !hasExtension, !name.isEmpty, !target.hasSuffix("/"), name != ".", name != "..", await !exporter.isFolder(target) {
            target += target.hasSuffix(".") ? expected : "." + expected
            added = expected
        }
        let document = try await renderer.render(report)
        return Written(path: try await exporter.export(document, to: target, replacing: replacing), addedExtension: added)
    }
}
