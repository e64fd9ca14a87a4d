import Domain

/// Reports kept on the crash-report server itself, each call one request: the third backend beside memory and
/// SQLite, for tools that work on what the server holds. The app keeps its SQLite store in front of the server
/// (``SyncEngine``) so it works offline; this one needs the server for every call.
///
/// Saves are checked by the server's revision (the wire carries it), so a stale save is refused with
/// `ReportError/conflict(_:current:)` like every other backend. A completed report is stored by the server only
/// when every photo it names was uploaded; ``photoSource`` supplies their bytes, which are sent first.
/// Failures to reach the server throw ``ServerFailure``.
public struct NetworkReportRepository: ReportRepository {
    let client: ServerClient
    let photoSource: (any PhotoSource)?

    public init(client: ServerClient, photoSource: (any PhotoSource)? = nil) {
        self.client = client
        self.photoSource = photoSource
    }

    @discardableResult
    public func save(_ report: CrashReport) async throws -> CrashReport {
        if report.isCompleted, let photoSource { try await upload(report.allPhotos, from: photoSource) }
        do {
            switch try await client.save(report) {
            case let .stored(stored):
                return stored
            case let .conflict(current):
                throw ReportError.conflict(report.id, current: current)
            case let .crashIDTaken(holder):
                throw ReportError.crashIDTaken(report.crashID, holder: holder)
            }
        } catch let failure as ServerFailure where failure.problemType == .reportCompleted {
            throw ReportError.readOnly(report.crashID)
        }
    }

    public func report(withID id: ReportID) async throws -> CrashReport? {
        try await client.report(id)
    }

    public func report(withCrashID crashID: CrashID) async throws -> CrashReport? {
        let carrying = try await client.reports().filter { $0.isKnown(by: crashID) }
        return (carrying.filter { $0.crashID == crashID }.isEmpty ? carrying : carrying.filter { $0.crashID == crashID })
            .min { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    public func summaries(limit: Int?, offset: Int) async throws -> [ReportSummary] {
        let rows = try await client.reports().map(\.summary).sorted(by: ReportSummary.newestFirst)
        let start = min(max(offset, 0), rows.count)
        let end = limit.map { min(start + max($0, 0), rows.count) } ?? rows.count
        return Array(rows[start..<end])
    }

    public func delete(_ id: ReportID) async throws {
        do {
            try await client.delete(id)
        } catch where error.problemType == .reportCompleted {
            guard let held = try await client.report(id) else { return }
            throw ReportError.readOnly(held.crashID)
        }
    }

    public func isPhotoReferenced(_ contentHash: ContentHash) async throws -> Bool {
        try await client.reports().contains { report in report.allPhotos.contains { $0.contentHash == contentHash } }
    }

    private func upload(_ photos: [Photo], from source: any PhotoSource) async throws {
        var seen = Set<ContentHash>()
        for photo in photos where seen.insert(photo.contentHash).inserted {
            let offset: Int
            switch try await client.progress(of: photo.contentHash) {
            case .whole: continue
            case let .partial(held): offset = held
            case .none: offset = 0
            }
            try await client.upload(try await source.bytes(for: photo.contentHash), of: photo.contentHash, mediaType: photo.mediaType, from: offset)
        }
    }
}
