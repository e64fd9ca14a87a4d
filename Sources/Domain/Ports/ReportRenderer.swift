/// Turns a report into a document (plain text for the terminal, PDF for the insurer).
/// Rendering the same report twice gives the same document.
public protocol ReportRenderer: Sendable {
    var format: RenderedReport.Format { get }

    func render(_ report: CrashReport) async throws -> RenderedReport
}
