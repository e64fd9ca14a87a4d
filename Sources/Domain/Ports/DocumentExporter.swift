/// Hands a rendered report to the place the driver chose (a file path for the file exporter).
public protocol DocumentExporter: Sendable {
    /// Writes the document to `destination` and returns where it went, as the driver should read it.
    /// - Parameter replacing: whether an existing document there may be replaced.
    /// - Throws: `ShareError` naming what is wrong with the destination.
    func export(_ document: RenderedReport, to destination: String, replacing: Bool) async throws -> String
    /// Whether `destination` names a folder that is there (a name given without an extension is then not a file's).
    func isFolder(_ destination: String) async -> Bool
}

extension DocumentExporter {
    public func isFolder(_ destination: String) async -> Bool { false }
}
