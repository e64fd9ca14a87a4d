import Domain

/// A repository made for one test, keeping its temporary folder (or its server) alive as long as it is.
public struct RepositoryUnderTest: Sendable {
    public let repository: any ReportRepository
    public let directory: TemporaryDirectory?
    public let server: LiveServer?

    public init(repository: any ReportRepository, directory: TemporaryDirectory?, server: LiveServer? = nil) {
        self.repository = repository
        self.directory = directory
        self.server = server
    }
}
