import Data
import Domain
import Foundation
import Storage
import WireAPI

/// A crash-report server in memory for one driver, keeping the server's rules (``WriteCheck``: revisions, a completed
/// report read-only, one report per crash ID; a completed report only with every photo uploaded), so the sync
/// engine's rules can be tested without a server. Another device's edits are made with ``edit(_:_:)``; the network is
/// taken away with ``isReachable``.
public actor InMemoryRemote: SyncRemote {
    public nonisolated let serverDescription = "in-memory server"

    private var held: [ReportID: CrashReport] = [:]
    private var photos: [ContentHash: Data] = [:]
    private var partials: [ContentHash: Data] = [:]
    private var documents: [ReportID: Data] = [:]
    /// Refuses a report completed before its photos are here, as servers before 2026-11 did.
    public private(set) var refusesCompletionWithoutPhotos = false

    public func refuseCompletionWithoutPhotos() { refusesCompletionWithoutPhotos = true }
    private var issued = 0
    /// The change number of each report's last save, of each deletion, the last one taken and the deletions forgotten.
    private var sequences: [ReportID: Int] = [:]
    private var tombstones: [ReportID: Int] = [:]
    /// The deletions the server made itself, a draft answered as a false alarm by SMS.
    private var falseAlarms: Set<ReportID> = []
    private var lastChange = 0
    private var forgottenThrough = 0
    /// The most changes a page of ``changes(since:)`` holds.
    public var changesPageSize = 100
    /// Whether requests get an answer.
    public var isReachable = true
    /// Every call made, in order, by name.
    public private(set) var calls: [String] = []
    /// What arrived, in order: `completed <report id>` for a report stored completed, `photo <sha256>` for a photo.
    public private(set) var log: [String] = []

    public init() {}

    public func setReachable(_ reachable: Bool) { isReachable = reachable }

    // MARK: - As another writer (tests)


    /// Every report held.
    public var all: [CrashReport] { held.values.sorted { $0.createdAt < $1.createdAt } }

    /// The report as the server holds it, or `nil`.
    public func report(_ id: ReportID) -> CrashReport? { held[id] }

    /// Changes the report as another device would, storing the next revision.
    @discardableResult
    public func edit(_ id: ReportID, _ change: (inout CrashReport) throws -> Void) throws -> CrashReport {
        guard var report = held[id] else { throw ReportError.notFound(id) }
        try change(&report)
        let stored = try WriteCheck.next(for: report, current: held[id])
        keep(stored)
        return stored
    }

    /// Stores a report as the server made it (a detected crash) at revision 1.
    public func seed(_ report: CrashReport) throws {
        keep(try WriteCheck.next(for: report, current: nil))
    }

    /// Removes a report whatever its status, as erasing a person's data would.
    public func erase(_ id: ReportID) { remove(id) }

    /// Forgets every deletion so far, as a server does after a while: a cursor from before is refused.
    public func forgetDeletions() {
        tombstones = [:]
        forgottenThrough = lastChange
    }

    /// Sets the most changes a page holds.
    public func setChangesPageSize(_ size: Int) { changesPageSize = size }

    private func keep(_ report: CrashReport) {
        held[report.id] = report
        lastChange += 1
        sequences[report.id] = lastChange
        tombstones[report.id] = nil
    }

    private func remove(_ id: ReportID) {
        // Only a report held leaves a deletion behind.
        if held.removeValue(forKey: id) != nil {
            falseAlarms.remove(id)
            lastChange += 1
            sequences[id] = nil
            tombstones[id] = lastChange
        }
    }

    /// Whether the server holds the photo's bytes.
    public func holdsPhoto(_ contentHash: ContentHash) -> Bool { photos[contentHash] != nil }

    // MARK: - SyncRemote

    public func issueCrashID() throws(ServerFailure) -> CrashID {
        try answer("issueCrashID")
        issued += 1
        do { return try CrashID(validating: String(format: "CA-MEM%06d", issued)) } catch { throw .invalidAnswer(server: serverDescription, reason: "\(error)") }
    }


    public func changes(since cursor: String?) throws(ServerFailure) -> RemoteChanges {
        try answer("changes")
        let since = cursor.flatMap { Int($0) } ?? 0
        if since > 0, since < forgottenThrough {
            throw .refused(status: 410, type: .changesExpired, detail: "changes expired", field: nil)
        }
        var all: [(sequence: Int, id: ReportID)] = []
        for (id, sequence) in sequences where sequence > since { all.append((sequence, id)) }
        for (id, sequence) in tombstones where sequence > since { all.append((sequence, id)) }
        all.sort { $0.sequence < $1.sequence }
        let page = all.prefix(changesPageSize)
        var reports: [CrashReport] = []
        var deleted: [ReportID] = []
        for change in page {
            if let report = held[change.id] { reports.append(report) } else { deleted.append(change.id) }
        }
        return RemoteChanges(
            reports: reports, deleted: deleted, falseAlarms: falseAlarms.intersection(deleted), cursor: String(page.last?.sequence ?? since), more: all.count > page.count
        )
    }

    public func save(_ report: CrashReport) throws(ServerFailure) -> RemoteSave {
        try answer("save")
        if refusesCompletionWithoutPhotos, report.isCompleted, held[report.id]?.isCompleted != true {
            let missing = report.allPhotos.map(\.contentHash).filter { photos[$0] == nil }
            guard missing.isEmpty else { throw .refused(status: 409, type: .photosMissing, detail: "photos missing", field: nil) }
        }
        do {
            let holder = held.values.first { $0.crashID == report.crashID && $0.id != report.id }
            let stored = try WriteCheck.next(for: report, current: held[report.id])
            try WriteCheck.checkCrashID(of: report, holder: holder)
            keep(stored)
            if stored.isCompleted { log.append("completed \(stored.id)") }
            drawIfWhole(stored)
            return .stored(stored)
        } catch let .conflict(_, current) {
            return .conflict(current: current)
        } catch let .crashIDTaken(_, holder) {
            return .crashIDTaken(holder: holder)
        } catch {
            throw .refused(status: 409, type: .reportCompleted, detail: "Report \(report.crashID) is completed.", field: nil)
        }
    }

    public nonisolated func asSent(_ report: CrashReport) -> CrashReport { report }

    public func delete(_ id: ReportID) throws(ServerFailure) {
        try answer("delete")
        do {
            try WriteCheck.checkDeletion(of: held[id])
        } catch {
            throw .refused(status: 409, type: .reportCompleted, detail: "The report is completed.", field: nil)
        }
        remove(id)
        documents[id] = nil
    }

    /// The server removes a draft itself: its driver answered the crash's SMS that it was a false alarm.
    public func removeAsFalseAlarm(_ id: ReportID) {
        remove(id)
        falseAlarms.insert(id)
    }

    public func document(of id: ReportID) throws(ServerFailure) -> Data? {
        try answer("document")
        return documents[id]
    }

    public func progress(of contentHash: ContentHash) throws(ServerFailure) -> UploadProgress {
        try answer("progress")
        if photos[contentHash] != nil { return .whole }
        return partials[contentHash].map { .partial(offset: $0.count) } ?? UploadProgress.none
    }

    public func upload(_ bytes: Data, of contentHash: ContentHash, mediaType: MediaType, from offset: Int) throws(ServerFailure) {
        try answer("upload")
        let whole = (partials[contentHash] ?? Data()).prefix(offset) + bytes.dropFirst(offset)
        guard ContentHash.sha256(of: whole) == contentHash else {
            throw .refused(status: 400, type: .hashMismatch, detail: "hash mismatch", field: "sha256")
        }
        partials[contentHash] = nil
        photos[contentHash] = whole
        log.append("photo \(contentHash.hex)")
        for report in held.values { drawIfWhole(report) }
    }

    /// A completed report gets its PDF once every photo it names is here, as the server draws it.
    private func drawIfWhole(_ report: CrashReport) {
        if report.isCompleted, documents[report.id] == nil, report.allPhotos.allSatisfy({ photos[$0.contentHash] != nil }) {
            documents[report.id] = Data("%PDF-1.4 \(report.crashID)".utf8)
        }
    }

    /// Whether the server PDF of a report is drawn.
    public func hasDocument(_ id: ReportID) -> Bool { documents[id] != nil }

    public func download(_ contentHash: ContentHash) throws(ServerFailure) -> Data? {
        try answer("download")
        return photos[contentHash]
    }

    private func answer(_ call: String) throws(ServerFailure) {
        calls.append(call)
        guard isReachable else { throw .unreachable(server: serverDescription, reason: "the network is down") }
    }
}
