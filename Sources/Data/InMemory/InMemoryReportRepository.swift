import Domain

/// Keeps reports in memory: the `--store memory` backend and the fake use-case tests use. With `recordsChanges` it
/// also keeps an outbox and what is known of the server's copies (`Outbox`, `SyncState`) by the same rules as the
/// SQLite store, so sync's rules can be tested without SQLite or a server.
public actor InMemoryReportRepository: ReportRepository, Outbox, SyncState, AccountBinding, DraftPlaces, DriverProfileStore, WriteObservable {
    /// A change still to be sent.
    private enum Record: Hashable {
        case report(ReportID, revision: Int)
        case deletion(ReportID)
        case photo(ContentHash)

        var reportID: ReportID? {
            switch self {
            case let .report(id, _), let .deletion(id): id
            case .photo: nil
            }
        }

        var isPhoto: Bool {
            if case .photo = self { true } else { false }
        }
    }

    /// What is known of the server's copy of a report.
    private struct ServerCopy {
        var revision: Int
        var base: CrashReport
        var erased = false
    }

    private var contents: InMemoryReportIndex
    private let recordsChanges: Bool
    private let deviceID = DeviceID()
    private var records: [(sequence: Int, record: Record)] = []
    private var lastSequence = 0
    private var serverCopies: [ReportID: ServerCopy] = [:]
    private var notices: [SyncNotice] = []
    private var cursor: String?
    private var replacedCrashIDs: [ReportID: CrashID] = [:]
    private var account: ServerAccount?
    private var places: [ReportID: InfoCategory] = [:]
    private var profile = StatementVehicle()

    public nonisolated let writes = StoreWrites()

    /// - Parameters:
    ///   - reports: reports to start with, kept at the revisions they carry.
    ///   - recordsChanges: whether every change is recorded in the outbox (a server is configured).
    public init(_ reports: [CrashReport] = [], recordsChanges: Bool = false) {
        var contents = InMemoryReportIndex()
        for report in reports { contents.store(report) }
        self.contents = contents
        self.recordsChanges = recordsChanges
    }

    // MARK: - ReportRepository

    @discardableResult
    public func save(_ report: CrashReport) throws(ReportError) -> CrashReport {
        let current = contents.reports[report.id]
        let stored = try WriteCheck.next(for: report, current: current)
        if current?.crashID != report.crashID {
            try WriteCheck.checkCrashID(of: report, holder: contents.reports.values.first { $0.crashID == report.crashID && $0.id != report.id })
        }
        write(stored, recording: recordsChanges)
        return stored
    }

    public func report(withID id: ReportID) -> CrashReport? {
        contents.reports[id]
    }

    public func report(withCrashID crashID: CrashID) -> CrashReport? {
        let carrying = contents.reports.values.filter { $0.isKnown(by: crashID) }
        // Its crash ID first; else the provisional one it had before the server's.
        return (carrying.filter { $0.crashID == crashID }.isEmpty ? carrying : carrying.filter { $0.crashID == crashID })
            .min { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
    }

    public func summaries(limit: Int?, offset: Int) -> [ReportSummary] {
        contents.rows(limit: limit, offset: offset)
    }

    public func delete(_ id: ReportID) throws(ReportError) {
        try WriteCheck.checkDeletion(of: contents.reports[id])
        guard contents.reports[id] != nil else { return }
        contents.remove(id)
        if recordsChanges {
            forgetUnsentRecords(of: id)
            append(.deletion(id))
        }
        writes.publish([.deleted(id)])
    }

    public func isPhotoReferenced(_ contentHash: ContentHash) -> Bool {
        contents.photoReferences[contentHash, default: 0] > 0 || records.contains { $0.record == .photo(contentHash) }
    }

    /// How many reports are kept.
    public var count: Int { contents.reports.count }

    // MARK: - Outbox

    public func device() -> DeviceID { deviceID }

    public func pending(limit: Int) -> [OutboxRecord] {
        outboxRecords(records, limit: limit)
    }

    public func pendingChanges(limit: Int) -> [OutboxRecord] {
        outboxRecords(records.filter { !$0.record.isPhoto }, limit: limit)
    }

    public func pendingPhotos(limit: Int) -> [OutboxRecord] {
        outboxRecords(records.filter(\.record.isPhoto), limit: limit)
    }

    public func acknowledgePhoto(_ sequence: Int) {
        records.removeAll { $0.sequence == sequence && $0.record.isPhoto }
    }

    private func outboxRecords(_ chosen: [(sequence: Int, record: Record)], limit: Int) -> [OutboxRecord] {
        chosen.prefix(max(limit, 0)).compactMap { entry in
            let item: OutboxRecord.Item
            switch entry.record {
            case let .photo(hash): item = .photo(hash)
            case let .deletion(id): item = .deletion(id)
            case let .report(id, revision):
                guard let report = contents.reports[id], report.revision == revision else { return nil }
                item = .report(report)
            }
            return OutboxRecord(device: deviceID, sequence: entry.sequence, item: item)
        }
    }

    public func pendingCount() -> Int { records.count }

    public func pendingCounts() -> OutboxCounts {
        let photos = records.count { if case .photo = $0.record { true } else { false } }
        return OutboxCounts(photos: photos, reports: records.count - photos)
    }

    public func acknowledge(through sequence: Int) {
        records.removeAll { $0.sequence <= sequence && !$0.record.isPhoto }
    }

    @discardableResult
    public func recordReportsNotSent() -> Int {
        let waiting = Set(records.compactMap(\.record.reportID))
        let unsent = contents.reports.values
            .filter { serverCopies[$0.id] == nil && !waiting.contains($0.id) }
            .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        for report in unsent { recordSave(of: report, earlierPhotos: []) }
        return unsent.count
    }

    // MARK: - SyncState

    public func changesCursor() -> String? { cursor }

    public func keepChangesCursor(_ cursor: String?) { self.cursor = cursor }

    public func serverRevisions() -> [ReportID: Int] {
        serverCopies.filter { !$0.value.erased }.mapValues(\.revision)
    }

    public func serverRevision(of id: ReportID) -> Int? {
        serverCopies[id].flatMap { $0.erased ? nil : $0.revision }
    }

    public func base(of id: ReportID) -> CrashReport? {
        serverCopies[id].flatMap { $0.erased ? nil : $0.base }
    }

    public func holdsPhoto(_ contentHash: ContentHash) -> Bool {
        contents.photoReferences[contentHash, default: 0] > 0
    }

    public func confirm(_ serverVersion: CrashReport, sentFromLocalRevision localRevision: Int, through sequence: Int) {
        serverCopies[serverVersion.id] = ServerCopy(revision: serverVersion.revision, base: serverVersion)
        if let local = contents.reports[serverVersion.id], local.revision == localRevision,
           local != serverVersion.stored(atRevision: localRevision) {
            write(serverVersion.stored(atRevision: localRevision), recording: false)
        }
        acknowledge(through: sequence)
    }

    public func confirmDeletion(of id: ReportID, through sequence: Int) {
        serverCopies[id] = nil
        acknowledge(through: sequence)
    }

    public func receive(_ serverVersion: CrashReport) -> SyncReception {
        guard !hasPendingRecord(serverVersion.id) else { return .pendingChanges }
        let local = contents.reports[serverVersion.id]
        serverCopies[serverVersion.id] = ServerCopy(revision: serverVersion.revision, base: serverVersion)
        if let local, local.sameContent(as: serverVersion) { return .unchanged }
        let stored = serverVersion.stored(atRevision: (local?.revision ?? 0) + 1)
        write(stored, recording: false)
        return .stored(stored)
    }

    public func adoptCrashID(_ crashID: CrashID, forReportAt localRevision: Int, id: ReportID) -> CrashReport? {
        guard var report = contents.reports[id], report.revision == localRevision else { return nil }
        let old = report.crashID
        guard report.adoptServerCrashID(crashID) else { return report }
        let stored = report.stored(atRevision: localRevision + 1)
        write(stored, recording: true)
        if stored.isCompleted, replacedCrashIDs[id] == nil { replacedCrashIDs[id] = old }
        return stored
    }

    public func storeMerge(_ merged: CrashReport, over remote: CrashReport, localRevision: Int) -> CrashReport? {
        guard let local = contents.reports[merged.id], local.revision == localRevision else { return nil }
        serverCopies[remote.id] = ServerCopy(revision: remote.revision, base: remote)
        let stored = merged.stored(atRevision: localRevision + 1)
        write(stored, recording: true)
        return stored
    }

    public func adopt(_ serverVersion: CrashReport, overLocalRevision localRevision: Int, through sequence: Int) -> Bool {
        guard let local = contents.reports[serverVersion.id], local.revision == localRevision else { return false }
        serverCopies[serverVersion.id] = ServerCopy(revision: serverVersion.revision, base: serverVersion)
        write(serverVersion.stored(atRevision: localRevision + 1), recording: false)
        acknowledge(through: sequence)
        return true
    }

    public func join(_ local: CrashReport, as merged: CrashReport, remote: CrashReport) -> CrashReport? {
        guard let current = contents.reports[local.id], current.revision == local.revision else { return nil }
        contents.remove(local.id)
        forgetUnsentRecords(of: local.id)
        if serverCopies[remote.id].map({ $0.erased }) ?? true {
            serverCopies[remote.id] = ServerCopy(revision: remote.revision, base: remote)
        }
        writes.publish([.deleted(local.id)])
        let stored = merged.stored(atRevision: (contents.reports[remote.id]?.revision ?? 0) + 1)
        write(stored, recording: true)
        return stored
    }

    public func forgetServerCopy(of id: ReportID) {
        serverCopies[id] = nil
    }

    public func removeDeletedElsewhere(_ id: ReportID) -> SyncRemoval {
        guard !hasPendingRecord(id) else { return .none }
        guard let local = contents.reports[id] else {
            serverCopies[id] = nil
            return .none
        }
        if local.isCompleted {
            serverCopies[id]?.erased = true
            return .keptCompleted(local)
        }
        serverCopies[id] = nil
        contents.remove(id)
        writes.publish([.deleted(id)])
        return .removed(local)
    }

    public func replacedCrashID(of id: ReportID) -> CrashID? { replacedCrashIDs[id] }

    public func forgetReplacedCrashID(of id: ReportID) { replacedCrashIDs[id] = nil }

    public func keep(_ notice: SyncNotice) { notices.append(notice) }

    public func keptNotices() -> [SyncNotice] { notices }

    public func forget(_ shown: [SyncNotice]) { notices.removeAll { shown.contains($0) } }

    // MARK: - AccountBinding

    public func boundAccount() -> ServerAccount? { account }

    public func bind(to account: ServerAccount) -> ServerAccount {
        if let bound = self.account { return bound }
        self.account = account
        return account
    }

    // MARK: - DriverProfileStore

    public func driverProfile() -> StatementVehicle { profile }

    public func saveDriverProfile(_ profile: StatementVehicle) { self.profile = profile.profilePart }

    // MARK: - DraftPlaces

    public func place(of id: ReportID) -> InfoCategory? { places[id] }

    public func remember(_ place: InfoCategory?, of id: ReportID) {
        guard contents.reports[id] != nil || place == nil else { return }
        places[id] = place
    }

    // MARK: - Writing

    /// Stores a version as it is, recording it for sending when asked, and tells ``writes``.
    private func write(_ report: CrashReport, recording: Bool) {
        let earlier = Set((contents.reports[report.id]?.allPhotos ?? []).map(\.contentHash))
        contents.store(report)
        if recording && recordsChanges { recordSave(of: report, earlierPhotos: earlier) }
        writes.publish([.stored(report)])
    }

    /// First an upload for each photo the report holds that its earlier version did not (unless one waits already),
    /// then the report at its revision, replacing an unsent record of it.
    private func recordSave(of report: CrashReport, earlierPhotos: Set<ContentHash>) {
        var recorded = earlierPhotos
        for photo in report.allPhotos where recorded.insert(photo.contentHash).inserted
            && !records.contains(where: { $0.record == .photo(photo.contentHash) }) {
            append(.photo(photo.contentHash))
        }
        forgetUnsentRecords(of: report.id)
        append(.report(report.id, revision: report.revision))
    }

    private func append(_ record: Record) {
        lastSequence += 1
        records.append((lastSequence, record))
    }

    private func forgetUnsentRecords(of id: ReportID) {
        records.removeAll { $0.record.reportID == id }
    }

    private func hasPendingRecord(_ id: ReportID) -> Bool {
        records.contains { $0.record.reportID == id }
    }
}

/// The reports, their list rows kept in list order, and a count of references per photo,
/// so listing a page and checking whether a photo is still used never walk every report.
struct InMemoryReportIndex: Sendable {
    private(set) var reports: [ReportID: CrashReport] = [:]
    /// Every report's row, newest first (`ReportSummary/newestFirst(_:_:)`).
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
