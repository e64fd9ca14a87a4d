import Domain
import Foundation

/// The outbox of a local SQLite store: the changes this device made that a server has not confirmed yet.
///
/// ``SQLiteReportRepository`` (with `recordsChanges`) writes the records in the same transaction as the
/// change, so after any crash every stored change has its record and no record describes a change that was
/// not stored. A report has at most one report record waiting: a newer version replaces the unsent older one
/// (records are absolute, so only the latest needs sending), placed after the records of the photos it adds.
public final class SQLiteOutbox: Outbox {
    /// The connection's owner, shared with the repository whose changes are recorded.
    public let database: SQLiteDatabase

    /// Uses a database opened with ``SQLiteReportRepository/migrations``.
    public init(database: SQLiteDatabase) {
        self.database = database
    }

    // MARK: - Outbox

    public func device() throws -> DeviceID {
        try database.read { connection in try Self.device(in: connection) }
    }

    public func pending(limit: Int) throws -> [OutboxRecord] {
        try database.read { connection in
            let device = try Self.device(in: connection)
            let query = try connection.statement("""
                SELECT sequence, kind, report_id, revision, content_hash FROM outbox ORDER BY sequence LIMIT ?1
                """)
            query.bind(max(limit, 0), at: 1)
            var rows: [(sequence: Int, kind: String, reportID: UUID?, revision: Int, contentHash: String)] = []
            while try query.step() {
                rows.append((query.int(0), query.string(1), query.uuid(2), query.int(3), query.string(4)))
            }
            query.reset()
            return try rows.map { row in
                func damaged(_ reason: String) -> StorageError {
                    .damagedRecord(path: connection.path, reason: "outbox record \(row.sequence): \(reason)")
                }
                let item: OutboxRecord.Item
                switch row.kind {
                case "photo":
                    guard let contentHash = try? ContentHash(hex: row.contentHash) else { throw damaged("bad photo hash") }
                    item = .photo(contentHash)
                case "deletion":
                    guard let id = row.reportID.map(ReportID.init) else { throw damaged("no report id") }
                    item = .deletion(id)
                case "report":
                    guard let id = row.reportID.map(ReportID.init) else { throw damaged("no report id") }
                    guard let report = try SQLiteReportRepository.load(id, from: connection), report.revision == row.revision else {
                        throw damaged("report \(id) is not stored at revision \(row.revision)")
                    }
                    item = .report(report)
                default:
                    throw damaged("unknown kind \(row.kind)")
                }
                return OutboxRecord(device: device, sequence: row.sequence, item: item)
            }
        }
    }

    public func pendingCount() throws -> Int {
        try database.read { connection in try connection.integer("SELECT count(*) FROM outbox") }
    }

    /// How many photos, and how many reports and deletions, wait to be sent.
    public func pendingCounts() throws -> (photos: Int, reports: Int) {
        try database.read { connection in
            (try connection.integer("SELECT count(*) FROM outbox WHERE kind = 'photo'"),
             try connection.integer("SELECT count(*) FROM outbox WHERE kind <> 'photo'"))
        }
    }

    public func acknowledge(through sequence: Int) throws {
        try database.write { connection in try SQLiteSyncState.acknowledge(through: sequence, in: connection) }
    }

    /// Records, in one transaction, every stored report that the server is not known to hold and that no record waits
    /// for — reports made before a server was configured — each after the photos it holds.
    /// - Returns: how many reports were recorded.
    @discardableResult
    public func recordReportsNotSent() throws -> Int {
        try database.write { connection in
            let query = try connection.statement("""
                SELECT id FROM reports
                WHERE id NOT IN (SELECT report_id FROM server_reports)
                  AND id NOT IN (SELECT report_id FROM outbox WHERE report_id IS NOT NULL)
                ORDER BY created_at, id
                """)
            var ids: [ReportID] = []
            while try query.step() {
                if let id = query.uuid(0).map(ReportID.init) { ids.append(id) }
            }
            query.reset()
            for id in ids {
                guard let report = try SQLiteReportRepository.load(id, from: connection) else { continue }
                try Self.recordSave(of: report, earlierPhotos: [], in: connection)
            }
            return ids.count
        }
    }

    // MARK: - Recording, inside the change's transaction

    /// Records a saved report: first an upload for each photo it holds that its earlier version did not
    /// (unless one is already waiting), then the report at its new revision, replacing an unsent older record.
    static func recordSave(of report: CrashReport, earlierPhotos: Set<String>, in connection: SQLiteConnection) throws {
        let addPhoto = try connection.statement("""
            INSERT INTO outbox (kind, content_hash) SELECT 'photo', ?1
            WHERE NOT EXISTS (SELECT 1 FROM outbox WHERE content_hash = ?1)
            """)
        var recorded = earlierPhotos
        for photo in report.allPhotos where recorded.insert(photo.contentHash.hex).inserted {
            addPhoto.reset()
            addPhoto.bind(photo.contentHash.hex, at: 1)
            try addPhoto.run()
        }
        try forgetUnsentReport(report.id, in: connection)
        let addReport = try connection.statement("INSERT INTO outbox (kind, report_id, revision) VALUES ('report', ?1, ?2)")
        addReport.bind(report.id.rawValue, at: 1)
        addReport.bind(report.revision, at: 2)
        try addReport.run()
    }

    /// Records a deletion, replacing an unsent record of the report.
    static func recordDeletion(of id: ReportID, in connection: SQLiteConnection) throws {
        try forgetUnsentReport(id, in: connection)
        let addDeletion = try connection.statement("INSERT INTO outbox (kind, report_id) VALUES ('deletion', ?1)")
        addDeletion.bind(id.rawValue, at: 1)
        try addDeletion.run()
    }

    private static func forgetUnsentReport(_ id: ReportID, in connection: SQLiteConnection) throws {
        let query = try connection.statement("DELETE FROM outbox WHERE kind = 'report' AND report_id = ?1")
        query.bind(id.rawValue, at: 1)
        try query.run()
    }

    private static func device(in connection: SQLiteConnection) throws -> DeviceID {
        let query = try connection.statement("SELECT id FROM device WHERE singleton = 1")
        defer { query.reset() }
        guard try query.step(), let id = query.uuid(0) else {
            throw StorageError.damagedRecord(path: connection.path, reason: "the device id is missing")
        }
        return DeviceID(id)
    }
}
