import Domain

/// Keeps reports in memory: the `--store memory` backend and the fake use-case tests use.
public actor InMemoryReportRepository: ReportRepository {
    private var reports: [ReportID: CrashReport]

    public init(_ reports: [CrashReport] = []) {
        self.reports = Dictionary(reports.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
    }

    public func save(_ report: CrashReport) {
        reports[report.id] = report
    }

    public func report(withID id: ReportID) -> CrashReport? {
        reports[id]
    }

    public func report(withCrashID crashID: CrashID) -> CrashReport? {
        reports.values.filter { $0.crashID == crashID }.min { $0.createdAt < $1.createdAt }
    }

    public func summaries(limit: Int?, offset: Int) -> [ReportSummary] {
        let ordered = reports.values.map(\.summary).sorted(by: ReportSummary.newestFirst).dropFirst(max(offset, 0))
        return Array(limit.map { ordered.prefix(max($0, 0)) } ?? ordered)
    }

    public func delete(_ id: ReportID) {
        reports[id] = nil
    }

    public func isPhotoReferenced(_ contentHash: ContentHash) -> Bool {
        reports.values.contains { report in report.allPhotos.contains { $0.contentHash == contentHash } }
    }

    /// How many reports are kept.
    public var count: Int { reports.count }
}
