import Domain

/// Keeps exported documents in memory by destination, refusing to replace one unless asked.
public actor InMemoryDocumentExporter: DocumentExporter {
    public private(set) var documents: [String: RenderedReport] = [:]

    public init() {}

    public func export(_ document: RenderedReport, to destination: String, replacing: Bool) throws -> String {
        guard replacing || documents[destination] == nil else { throw ShareError.destinationExists(destination) }
        documents[destination] = document
        return destination
    }
}
