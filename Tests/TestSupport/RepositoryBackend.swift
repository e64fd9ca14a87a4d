import Data
import Domain
import Foundation
import Storage
import WireAPI

/// Every `ReportRepository` backend, for the conformance suite (`@Test(arguments: RepositoryBackend.allCases)`).
/// A new backend is one more case here.
public enum RepositoryBackend: String, CaseIterable, Sendable, CustomStringConvertible {
    case inMemory = "in memory"
    case sqlite = "SQLite"
    case cachedSQLite = "cached over SQLite"
    /// The crash-report server, started on 127.0.0.1 for the test, over HTTP.
    case network = "the server over HTTP"

    public var description: String { rawValue }

    /// A new, empty repository of this kind; its files (and its server) go when the result is released.
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
        case .network:
            let live = try LiveServer()
            return RepositoryUnderTest(
                repository: NetworkReportRepository(client: live.client, photoSource: FixturePhotos()), directory: nil, server: live
            )
        }
    }

    /// A statement with every part filled, as a device may save it here: with the other driver's credit for column B
    /// where a device's own store keeps what its server sent, without it on the server, which takes the credit from
    /// the other driver's link alone (``ServerWitnessedFacts``).
    public func fullStatement() throws -> AccidentStatement {
        switch self {
        case .inMemory, .sqlite, .cachedSQLite: try AccidentStatement.full()
        case .network: try AccidentStatement.full(enteredByOtherDriverAt: nil)
        }
    }

    /// A report as this backend hands it back once stored: the wire carries times to the microsecond and no
    /// server file names, the other backends everything.
    public func expected(_ report: CrashReport) throws -> CrashReport {
        switch self {
        case .inMemory, .sqlite, .cachedSQLite: report
        case .network:
            try CrashReport(wire: WireCoding.decoder().decode(
                Components.Schemas.Report.self, from: WireCoding.encoder().encode(Components.Schemas.Report(report))
            ))
        }
    }
}

/// The real server on a free port with one user, and a client with that user's token; stopped when released.
public final class LiveServer: Sendable {
    public let server: ServerProcess
    public let client: ServerClient

    public init() throws {
        server = try ServerProcess()
        let token = try server.addUser("conformance")
        client = ServerClient(address: try ServerAddress("http://127.0.0.1:\(server.port)", token: token), retryPauses: [])
    }

    deinit {
        try? client.syncShutdown()
        _ = try? server.stop()
    }
}

/// The committed fixture photos, found by their SHA-256: what a completed report's photos are uploaded from.
public struct FixturePhotos: PhotoSource {
    public init() {}

    public func bytes(for contentHash: ContentHash) throws -> Data {
        for name in ["photo-64x48.jpg", "photo-40x30.png", "photo-exif-120x90.jpg"] {
            let bytes = try Fixtures.bytes(name)
            if ContentHash.sha256(of: bytes) == contentHash { return bytes }
        }
        throw PhotoError.bytesMissing(contentHash)
    }
}
