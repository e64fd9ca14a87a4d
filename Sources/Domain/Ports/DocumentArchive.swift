/// Keeps the document of each completed report (its PDF), so "View crash report" can say where it is
/// without rendering it again.
public protocol DocumentArchive: Sendable {
    /// Keeps the document, replacing an earlier one of the same report and format.
    /// - Returns: where it is kept, as the driver should read it (a file path for the file archive).
    func keep(_ document: RenderedReport, of report: CrashReport) async throws -> String

    /// Where the kept document of this report and format is, or `nil` when none is kept.
    func location(of report: CrashReport, format: RenderedReport.Format) async throws -> String?

    /// Removes the document kept under a crash ID the report no longer carries (the server replaced a local one);
    /// none kept is not an error.
    func remove(namedAfter crashID: CrashID, format: RenderedReport.Format) async throws
}
