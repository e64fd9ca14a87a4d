import Domain

/// A repository made for one test, keeping its temporary folder alive as long as it is.
public struct RepositoryUnderTest: Sendable {
    public let repository: any ReportRepository
    public let directory: TemporaryDirectory?
}
