import Data
import Domain
import Foundation

/// A repository that records what the use cases ask of it and passes the calls to an in-memory one.
public actor SpyReportRepository: ReportRepository {
    public enum Action: Equatable, Sendable {
        /// A save, with the revision it stated (the one the change was made from).
        case save(ReportID, revision: Int)
        case load(ReportID)
        case loadByCrashID(CrashID)
        case summaries(limit: Int?, offset: Int)
        case delete(ReportID)
        case isPhotoReferenced(ContentHash)
    }

    public private(set) var actions: [Action] = []
    /// When set, `save` throws this instead of storing.
    private var failingSaves: (any Error)?
    private let backing: InMemoryReportRepository

    public init(_ reports: [CrashReport] = []) {
        backing = InMemoryReportRepository(reports)
    }

    public func failSaves(with error: (any Error)?) {
        failingSaves = error
    }

    @discardableResult
    public func save(_ report: CrashReport) async throws -> CrashReport {
        actions.append(.save(report.id, revision: report.revision))
        if let failingSaves { throw failingSaves }
        return try await backing.save(report)
    }

    public func report(withID id: ReportID) async throws -> CrashReport? {
        actions.append(.load(id))
        return await backing.report(withID: id)
    }

    public func report(withCrashID crashID: CrashID) async throws -> CrashReport? {
        actions.append(.loadByCrashID(crashID))
        return await backing.report(withCrashID: crashID)
    }

    public func summaries(limit: Int?, offset: Int) async throws -> [ReportSummary] {
        actions.append(.summaries(limit: limit, offset: offset))
        return await backing.summaries(limit: limit, offset: offset)
    }

    public func delete(_ id: ReportID) async throws {
        actions.append(.delete(id))
        try await backing.delete(id)
    }

    public func isPhotoReferenced(_ contentHash: ContentHash) async throws -> Bool {
        actions.append(.isPhotoReferenced(contentHash))
        return await backing.isPhotoReferenced(contentHash)
    }

    /// Only the saves, in order.
    public var saves: [Action] {
        actions.filter { if case .save = $0 { true } else { false } }
    }
}

/// A renderer that records what it rendered and can be told to fail.
public actor SpyRenderer: ReportRenderer {
    public nonisolated let format = RenderedReport.Format.plainText
    public private(set) var rendered: [CrashReport] = []
    private var failure: (any Error)?

    public init() {}

    public func fail(with error: (any Error)?) {
        failure = error
    }

    public func render(_ report: CrashReport) throws -> RenderedReport {
        rendered.append(report)
        if let failure { throw failure }
        return RenderedReport(format: .plainText, bytes: Data("report \(report.crashID) \(report.status.rawValue)".utf8))
    }
}

/// Issues the crash IDs it is given, in order, then fails.
public actor ScriptedCrashIDIssuer: CrashIDIssuer {
    private var pending: [CrashID]
    public private(set) var issuedCount = 0

    public init(_ ids: [CrashID]) {
        pending = ids
    }

    public struct Exhausted: Error {}

    public func issue() throws -> CrashID {
        guard !pending.isEmpty else { throw Exhausted() }
        issuedCount += 1
        return pending.removeFirst()
    }
}

/// An error for fakes to throw.
public struct FakeFailure: Error, Equatable {
    public let message: String
    public init(_ message: String = "failure") { self.message = message }
}

/// An archive that cannot keep anything (a full disk).
public struct FailingArchive: DocumentArchive {
    public init() {}

    public func keep(_ document: RenderedReport, of report: CrashReport) async throws -> String {
        throw FakeFailure("disk full")
    }

    public func location(of report: CrashReport, format: RenderedReport.Format) async throws -> String? { nil }

    public func remove(namedAfter crashID: CrashID, format: RenderedReport.Format) async throws {}
}

/// A link maker that records what it was asked for and answers with a link to it.
public actor RecordingStatementLinks: StatementLinkMaker {
    public private(set) var asked: [(report: ReportID, pair: StatementPair)] = []

    public init() {}

    public func makeLink(for reportID: ReportID, pair: StatementPair) async throws -> StatementShareLink {
        asked.append((reportID, pair))
        return StatementShareLink(url: "https://claims.example.com/s/\(pair)", expiresAt: referenceDate.addingTimeInterval(86_400))
    }
}
