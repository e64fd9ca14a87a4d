import Domain
import Synchronization

/// What the use cases get: reports served from memory once read, every write durable in the local store
/// before the call returns.
///
/// Writes go through: the local store first (which checks the revision a save was made from and, with a
/// server configured, records the change in its outbox in the same transaction), then the cache. A failed
/// write leaves the cache as it was; a save refused as a conflict drops the cached copy, so the next read
/// gets the version another writer stored. Writes to one report run one after another in the order they were
/// called, even though the actor is re-entered while the local store works; two readers of the same uncached
/// report share one load.
///
/// The list of reports and photo-reference questions are answered by the local store, whose indexes answer
/// them without reading whole reports (the SQLite list's first page of 10,000 reports takes well under a
/// millisecond). Another program writing the same store is safe: a change made from a copy it outdated is
/// refused by the store's revision check, the copy is dropped, and the editing use cases apply the change again
/// to the version the other program stored.
///
/// A store that tells of its writes (``WriteObservable``: the SQLite and in-memory stores) keeps the cache true to it
/// by itself: every write it makes — sync's included — is taken in before the next read, so nothing has to tell the
/// cache by hand.
public actor CachedReportRepository: ReportRepository {
    private let local: any ReportRepository
    private var cached: [ReportID: CrashReport] = [:]
    /// Loads in flight, so a second reader waits for the first load instead of loading again.
    private var loads: [ReportID: Task<CrashReport?, any Error>] = [:]
    /// The last write of each report, which the next write of it waits for.
    private var writes: [ReportID: Task<CrashReport?, any Error>] = [:]
    /// Goes up with every write, so a load that overlapped a write does not put an old copy in the cache.
    private var writeCount = 0

    /// Fired after every write made through the cache (sync sends it).
    private let changes: ChangeSignal?
    /// What the store wrote since the cache last looked, told by the store as it writes.
    private let storeWrites = PendingWrites()
    /// Whether the store tells of its writes; if not, the cache keeps what its own writes return.
    private let observesStore: Bool

    /// - Parameters:
    ///   - local: the durable store (``SQLiteReportRepository``, or the in-memory one).
    ///   - changes: fired after every write made through the cache, e.g. to wake sync.
    public init(local: any ReportRepository, changes: ChangeSignal? = nil) {
        self.local = local
        self.changes = changes
        if let observable = local as? any WriteObservable {
            observable.writes.observe { [storeWrites] written in storeWrites.append(written) }
            observesStore = true
        } else {
            observesStore = false
        }
    }

    /// Takes in what the store wrote: each copy becomes the version stored (or goes with a deletion), and loads that
    /// began before are not cached.
    private func takeInStoreWrites() {
        let written = storeWrites.take()
        guard !written.isEmpty else { return }
        for change in written {
            switch change {
            case let .stored(report): cached[report.id] = report
            case let .deleted(id): cached[id] = nil
            }
            forgetLoad(of: change.reportID)
        }
    }

    // MARK: - Writes

    @discardableResult
    public func save(_ report: CrashReport) async throws -> CrashReport {
        guard let stored = try await write(.saved(report)) else { throw ReportError.notFound(report.id) }
        return stored
    }

    public func delete(_ id: ReportID) async throws {
        try await write(.deleted(id))
    }

    /// A write, in the order the writes of one report are made.
    private enum Change {
        case saved(CrashReport)
        case deleted(ReportID)

        var reportID: ReportID {
            switch self {
            case let .saved(report): report.id
            case let .deleted(id): id
            }
        }
    }

    /// - Returns: the stored version for a save, `nil` for a delete.
    @discardableResult
    private func write(_ change: Change) async throws -> CrashReport? {
        takeInStoreWrites()
        let id = change.reportID
        writeCount += 1
        let previous = writes[id]
        let task = Task { () async throws -> CrashReport? in
            _ = await previous?.result
            return try await self.apply(change)
        }
        writes[id] = task
        defer { if writes[id] == task { writes[id] = nil } }
        return try await task.value
    }

    /// Makes one change durable, then updates the cache. Runs after the report's previous write finished, so
    /// the cache follows the store's order.
    private func apply(_ change: Change) async throws -> CrashReport? {
        let stored: CrashReport?
        do {
            switch change {
            case let .saved(report):
                stored = try await local.save(report)
            case let .deleted(id):
                try await local.delete(id)
                stored = nil
            }
        } catch let error as ReportError where error.isConflict {
            // Another writer changed the store: this copy is outdated.
            cached[change.reportID] = nil
            forgetLoad(of: change.reportID)
            throw error
        }
        // The store told of this write, and of any that came after it, in the order they were made.
        takeInStoreWrites()
        if !observesStore { cached[change.reportID] = stored }
        forgetLoad(of: change.reportID)
        changes?.fire()
        return stored
    }

    /// Forgets every copy held: another program changed the store (`StoreChanges`), so the next reads go to it.
    public func forgetCopies() {
        takeInStoreWrites()
        cached = [:]
        loads = [:]
        writeCount += 1
    }

    /// Readers arriving from now on must not join a load that began before this write.
    private func forgetLoad(of id: ReportID) {
        writeCount += 1
        loads[id] = nil
    }

    // MARK: - Reads

    public func report(withID id: ReportID) async throws -> CrashReport? {
        takeInStoreWrites()
        if let report = cached[id] { return report }
        if let load = loads[id] { return try await load.value }
        let writesBefore = writeCount
        let load = Task { [local] in try await local.report(withID: id) }
        loads[id] = load
        defer { if loads[id] == load { loads[id] = nil } }
        let report = try await load.value
        takeInStoreWrites()
        if let report, writeCount == writesBefore, cached[id] == nil { cached[id] = report }
        return report
    }

    public func report(withCrashID crashID: CrashID) async throws -> CrashReport? {
        // Which report carries a crash ID is the store's to say (the cache need not hold them all).
        takeInStoreWrites()
        let writesBefore = writeCount
        let report = try await local.report(withCrashID: crashID)
        takeInStoreWrites()
        guard let report else { return nil }
        if let current = cached[report.id] { return current }
        if writeCount == writesBefore { cached[report.id] = report }
        return report
    }

    public func summaries(limit: Int?, offset: Int) async throws -> [ReportSummary] {
        try await local.summaries(limit: limit, offset: offset)
    }

    public func isPhotoReferenced(_ contentHash: ContentHash) async throws -> Bool {
        try await local.isPhotoReferenced(contentHash)
    }

    // MARK: - Cache

    /// How many reports are held in memory.
    public var cachedCount: Int {
        takeInStoreWrites()
        return cached.count
    }
}

/// The writes a store told of that the cache has not taken in yet.
private final class PendingWrites: Sendable {
    private let changes = Mutex<[StoreWrites.Change]>([])

    func append(_ written: [StoreWrites.Change]) {
        changes.withLock { $0 += written }
    }

    func take() -> [StoreWrites.Change] {
        changes.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
    }
}
