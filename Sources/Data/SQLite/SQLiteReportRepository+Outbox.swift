import Domain
import Foundation
import Storage

/// The outbox of the local store: the changes this device made that a server has not confirmed yet.
///
/// With ``SQLiteReportRepository/recordsChanges``, every save and deletion writes its records in the same transaction
/// as the change, so after any crash every stored change has its record and no record describes a change that was not
/// stored. A report has at most one report record waiting: a newer version replaces the unsent older one (records are
/// absolute, so only the latest needs sending), placed after the records of the photos it adds.
extension SQLiteReportRepository: Outbox {
    public func device() throws -> DeviceID {
        try database.read { connection in try Self.device(in: connection) }
    }

    public func pending(limit: Int) throws -> [OutboxRecord] {
        try records("SELECT sequence, kind, report_id, revision, content_hash FROM outbox ORDER BY sequence LIMIT \(max(limit, 0))")
    }

    public func pendingChanges(limit: Int) throws -> [OutboxRecord] {
        try records(
            "SELECT sequence, kind, report_id, revision, content_hash FROM outbox WHERE kind <> 'photo' ORDER BY sequence LIMIT \(max(limit, 0))"
        )
    }

    public func pendingPhotos(limit: Int) throws -> [OutboxRecord] {
        try records(
            "SELECT sequence, kind, report_id, revision, content_hash FROM outbox WHERE kind = 'photo' ORDER BY sequence LIMIT \(max(limit, 0))"
        )
    }

    public func acknowledgePhoto(_ sequence: Int) throws {
        try database.write { connection in
            let query = try connection.statement("DELETE FROM outbox WHERE sequence = \(sequence) AND kind = 'photo'")
            try query.run()
        }
    }

    /// The records a query of `sequence, kind, report_id, revision, content_hash` reads.
    private func records(_ sql: SQLiteQuery) throws -> [OutboxRecord] {
        try database.read { connection in
            let device = try Self.device(in: connection)
            let query = try connection.statement(sql)
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
                    guard let report = try Self.load(id, from: connection), report.revision == row.revision else {
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

    public func pendingCounts() throws -> OutboxCounts {
        try database.read { connection in
            OutboxCounts(
                photos: try connection.integer("SELECT count(*) FROM outbox WHERE kind = 'photo'"),
                reports: try connection.integer("SELECT count(*) FROM outbox WHERE kind <> 'photo'")
            )
        }
    }

    public func acknowledge(through sequence: Int) throws {
        try database.write { connection in try Self.acknowledge(through: sequence, in: connection) }
    }

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
                guard let report = try Self.load(id, from: connection) else { continue }
                try Self.recordSave(of: report, earlierPhotos: [], in: connection)
            }
            return ids.count
        }
    }

    // MARK: - Recording, inside the change's transaction

    /// Records a saved report: first an upload for each photo it holds that its earlier version did not
    /// (unless one is already waiting), then the report at its new revision, replacing an unsent older record.
    static func recordSave(of report: CrashReport, earlierPhotos: Set<String>, in connection: SQLiteConnection) throws {
        var recorded = earlierPhotos
        for photo in report.allPhotos where recorded.insert(photo.contentHash.hex).inserted {
            let hash = photo.contentHash.hex
            try connection.statement("""
                INSERT INTO outbox (kind, content_hash) SELECT 'photo', \(hash)
                WHERE NOT EXISTS (SELECT 1 FROM outbox WHERE content_hash = \(hash))
                """).run()
        }
        try forgetUnsentRecords(of: report.id, in: connection)
        let addReport = try connection.statement("""
            INSERT INTO outbox (kind, report_id, revision) VALUES ('report', \(report.id.rawValue), \(report.revision))
            """)
        try addReport.run()
    }

    /// Records a deletion, replacing an unsent record of the report.
    static func recordDeletion(of id: ReportID, in connection: SQLiteConnection) throws {
        try forgetUnsentRecords(of: id, in: connection)
        let addDeletion = try connection.statement("INSERT INTO outbox (kind, report_id) VALUES ('deletion', \(id.rawValue))")
        try addDeletion.run()
    }

    /// Drops every unsent record of the report (its version or its deletion).
    static func forgetUnsentRecords(of id: ReportID, in connection: SQLiteConnection) throws {
        let query = try connection.statement("DELETE FROM outbox WHERE report_id = \(id.rawValue)")
        try query.run()
    }

    static func acknowledge(through sequence: Int, in connection: SQLiteConnection) throws {
        let query = try connection.statement("DELETE FROM outbox WHERE sequence <= \(sequence) AND kind <> 'photo'")
        try query.run()
    }

    static func hasPendingRecord(_ id: ReportID, in connection: SQLiteConnection) throws -> Bool {
        let query = try connection.statement("SELECT EXISTS (SELECT 1 FROM outbox WHERE report_id = \(id.rawValue))")
        defer { query.reset() }
        return try query.step() && query.int(0) != 0
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
