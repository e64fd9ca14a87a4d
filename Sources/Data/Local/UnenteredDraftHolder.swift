import Domain

/// A draft exists only once something was entered in it: a new draft holding nothing but its crash ID and the moment
/// it was started (`CrashReport/holdsEnteredInformation`) is held here, in memory, instead of being stored — so
/// opening the Crash Assistant and leaving leaves no empty draft behind — and goes to the store with the first change
/// that enters something. Everything else passes through to the store.
public actor UnenteredDraftHolder: ReportRepository {
    private let store: any ReportRepository
    private var held: [ReportID: CrashReport] = [:]

    public init(_ store: any ReportRepository) {
        self.store = store
    }

    @discardableResult
    public func save(_ report: CrashReport) async throws -> CrashReport {
        if report.revision == 0, !report.holdsEnteredInformation {
            if held[report.id] != nil {
                held[report.id] = report
                return report
            }
            if try await store.report(withID: report.id) == nil {
                // Checked as the store would for a new report, so a refusal comes now rather than at the first change.
                if let holder = try await self.report(withCrashID: report.crashID), holder.id != report.id {
                    throw ReportError.crashIDTaken(report.crashID, holder: holder)
                }
                held[report.id] = report
                return report
            }
        }
        let stored = try await store.save(report)
        held[report.id] = nil
        return stored
    }

    public func report(withID id: ReportID) async throws -> CrashReport? {
        if let draft = held[id] { return draft }
        return try await store.report(withID: id)
    }

    public func report(withCrashID crashID: CrashID) async throws -> CrashReport? {
        if let stored = try await store.report(withCrashID: crashID) { return stored }
        return held.values.first { $0.isKnown(by: crashID) }
    }

    public func summaries(limit: Int?, offset: Int) async throws -> [ReportSummary] {
        try await store.summaries(limit: limit, offset: offset)
    }

    public func delete(_ id: ReportID) async throws {
        if held.removeValue(forKey: id) != nil { return }
        try await store.delete(id)
    }

    public func isPhotoReferenced(_ contentHash: ContentHash) async throws -> Bool {
        try await store.isPhotoReferenced(contentHash)
    }
}
