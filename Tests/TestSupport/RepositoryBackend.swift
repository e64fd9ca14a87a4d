import Data
import Domain
import Foundation

/// Every `ReportRepository` backend, for the conformance suite (`@Test(arguments: RepositoryBackend.allCases)`).
/// A new backend (the server) is one more case here.
public enum RepositoryBackend: String, CaseIterable, Sendable, CustomStringConvertible {
    case inMemory = "in memory"
    case sqlite = "SQLite"
    case cachedSQLite = "cached over SQLite"

    public var description: String { rawValue }

    /// A new, empty repository of this kind; its files (if any) are removed when the result is released.
    public func make() throws -> RepositoryUnderTest {
        switch self {
        case .inMemory:
            return RepositoryUnderTest(repository: InMemoryReportRepository(), directory: nil)
        case .sqlite:
            let directory = TemporaryDirectory("repository")
            let repository = try SQLiteReportRepository(path: directory.file("reports.sqlite"))
            return RepositoryUnderTest(repository: repository, directory: directory)
        case .cachedSQLite:
            let directory = TemporaryDirectory("repository")
            let local = try SQLiteReportRepository(path: directory.file("reports.sqlite"))
            return RepositoryUnderTest(repository: CachedReportRepository(local: local), directory: directory)
        }
    }
}
