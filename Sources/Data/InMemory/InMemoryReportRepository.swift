import Domain

/// Keeps reports in memory: the `--store memory` backend and the fake use-case tests use.
public actor InMemoryReportRepository: ReportRepository {
    private var contents: InMemoryReportIndex

    /// - Parameter reports: reports to start with, kept at the revisions they carry.
    public init(_ reports: [CrashReport] = []) {
        var contents = InMemoryReportIndex()
        for report in reports { contents.store(report) }
        self.contents = contents
    }

    @discardableResult
    public func save(_ report: CrashReport) throws(ReportError) -> CrashReport {
        let stored = try RevisionCheck.next(for: report, current: contents.reports[report.id])
        contents.store(stored)
        return stored
    }

    public func report(withID id: ReportID) -> CrashReport? {
        contents.reports[id]
    }

    public func report(withCrashID crashID: CrashID) -> CrashReport? {
        contents.reports.values.filter { $0.crashID == crashID }.min { $0.createdAt < $1.createdAt }
    }

    public func summaries(limit: Int?, offset: Int) -> [ReportSummary] {
        contents.rows(limit: limit, offset: offset)
    }

    public func delete(_ id: ReportID) {
        contents.remove(id)
    }

    public func isPhotoReferenced(_ contentHash: ContentHash) -> Bool {
        contents.photoReferences[contentHash, default: 0] > 0
    }

    /// How many reports are kept.
    public var count: Int { contents.reports.count }
}

/// The reports, their list rows kept in list order, and a count of references per photo,
/// so listing a page and checking whether a photo is still used never walk every report.
struct InMemoryReportIndex: Sendable {
    private(set) var reports: [ReportID: CrashReport] = [:]
    /// Every report's row, newest first (``ReportSummary/newestFirst(_:_:)``).
    private(set) var rows: [ReportSummary] = []
    private(set) var photoReferences: [ContentHash: Int] = [:]

    mutating func store(_ report: CrashReport) {
        remove(report.id)
        reports[report.id] = report
        let row = report.summary
        rows.insert(row, at: position(of: row))
        for photo in report.allPhotos { photoReferences[photo.contentHash, default: 0] += 1 }
    }

    mutating func remove(_ id: ReportID) {
        guard let old = reports.removeValue(forKey: id) else { return }
        let row = old.summary
        let index = position(of: row)
        if index < rows.count, rows[index].id == row.id { rows.remove(at: index) }
        for photo in old.allPhotos {
            let remaining = photoReferences[photo.contentHash, default: 0] - 1
            photoReferences[photo.contentHash] = remaining > 0 ? remaining : nil
        }
    }

    func rows(limit: Int?, offset: Int) -> [ReportSummary] {
        let start = min(max(offset, 0), rows.count)
        let end = limit.map { min(start + max($0, 0), rows.count) } ?? rows.count
        return Array(rows[start..<end])
    }

    /// The first index whose row does not come before `row` in list order (binary search).
    private func position(of row: ReportSummary) -> Int {
        var low = 0
        var high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if ReportSummary.newestFirst(rows[middle], row) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
