import CSQLite
import Domain
import Foundation
import Storage

/// Keeps reports in an SQLite database: the `--store sqlite` backend behind ``CachedReportRepository``.
///
/// Reports, their injuries and their photos are rows of their own, so listing reads only the `reports` table
/// (through an index in list order) and asking whether a photo is still used is one index lookup.
/// Every save is one `BEGIN IMMEDIATE` transaction that checks the revision the save was made from
/// (`WriteCheck`) and writes the report whole, or refuses and writes nothing.
///
/// With ``recordsChanges`` (a server is configured), the same transaction records the change in the outbox
/// (`Outbox`, in `+Outbox.swift`): the photos the save adds, then the report at its new revision (replacing an
/// unsent older record of it), or its deletion. Without it nothing is recorded: there is nobody to send it to. What
/// sync writes (`SyncState`, in `+SyncState.swift`) goes through the same rows and the same ``writes``, so the
/// invariants of the `reports` table are kept by this one type.
public final class SQLiteReportRepository: ReportRepository, WriteObservable {
    /// The connection's owner.
    public let database: SQLiteDatabase
    /// Whether every change is recorded in the outbox for a server.
    public let recordsChanges: Bool
    /// Told of every write this store makes, the use cases' and sync's (`SyncState`) alike.
    public let writes = StoreWrites()

    /// Opens (creating when missing) the database at `path` and brings its layout up to date.
    /// - Throws: `StorageError` naming the file and what to do; a refused file is left untouched.
    /// - Parameters:
    ///   - busyTimeout: how long a write waits for another program's write to finish before failing
    ///     with a "busy" `SQLiteError`.
    ///   - recordsChanges: whether changes are recorded in the outbox (a server is configured).
    public convenience init(path: String, busyTimeout: Duration = .seconds(10), recordsChanges: Bool = false) throws(StorageError) {
        try self.init(
            database: SQLiteDatabase(path: path, migrations: ReportSchema.migrations, busyTimeout: busyTimeout),
            recordsChanges: recordsChanges
        )
        try fillShownScenes()
    }

    /// Uses a database already opened with ``migrations``.
    public init(database: SQLiteDatabase, recordsChanges: Bool = false) {
        self.database = database
        self.recordsChanges = recordsChanges
    }

    /// Writes the scene each report shows into the list's `shown_…` columns for reports stored before the
    /// layout had them (version 3), so the list shows what the report shows. Once; later saves keep them.
    private func fillShownScenes() throws(StorageError) {
        do {
            // Only a database with such rows is written to: opening takes no write lock otherwise.
            let anyMissing = try database.read { connection in
                try connection.integer("SELECT EXISTS (SELECT 1 FROM reports WHERE shown_occurred_at IS NULL)") != 0
            }
            guard anyMissing else { return }
            try database.write { connection in
                let missing = try connection.statement("SELECT id FROM reports WHERE shown_occurred_at IS NULL")
                var ids: [ReportID] = []
                while try missing.step() {
                    if let id = missing.uuid(0).map(ReportID.init) { ids.append(id) }
                }
                missing.reset()
                for id in ids {
                    // A report that cannot be read keeps the driver's scene in the list; reading it says why.
                    guard let report = try? Self.load(id, from: connection) else { continue }
                    let shown = report.effectiveScene.scene
                    try connection.statement("""
                        UPDATE reports SET shown_occurred_at = \(shown.occurredAt.timeIntervalSinceReferenceDate),
                            shown_latitude = \(shown.coordinate?.latitude), shown_longitude = \(shown.coordinate?.longitude),
                            shown_address = \(shown.address)
                        WHERE id = \(id.rawValue)
                        """).run()
                }
            }
        } catch let error as StorageError {
            throw error
        } catch let error as SQLiteError {
            throw .databaseUnusable(error)
        } catch {
            throw .damagedRecord(path: database.path, reason: "\(error)")
        }
    }

    /// The layout of the reports database.
    public static var migrations: [SQLiteMigration] { ReportSchema.migrations }

    // MARK: - ReportRepository

    @discardableResult
    public func save(_ report: CrashReport) throws -> CrashReport {
        try changing { connection, log in
            let state = try connection.statement("SELECT revision, status FROM reports WHERE id = \(report.id.rawValue)")
            let held = try state.step() ? (revision: state.int(0), completed: state.string(1) == ReportStatus.completed.rawValue) : nil
            state.reset()
            // A draft at the stated revision needs no reading; anything else is checked against the stored version.
            let plain = WriteCheck.isPlain(report, currentRevision: held?.revision, currentIsCompleted: held?.completed ?? false)
            let current = plain ? nil : try Self.load(report.id, from: connection)
            let stored = plain ? WriteCheck.accepted(report) : try WriteCheck.next(for: report, current: current)
            if held == nil || (current.map { $0.crashID != report.crashID } ?? false) {
                try WriteCheck.checkCrashID(of: report, holder: try Self.holder(of: report.crashID, besides: report.id, in: connection))
            }
            try Self.write(stored, recordingChange: recordsChanges, in: connection)
            log.append(.stored(stored))
            return stored
        }
    }

    public func report(withID id: ReportID) throws -> CrashReport? {
        try database.read { connection in
            try Self.load(id, from: connection)
        }
    }

    public func report(withCrashID crashID: CrashID) throws -> CrashReport? {
        try database.read { connection in
            let query = try connection.statement(
                // Its crash ID first; else the provisional one it had before the server's.
                """
                SELECT id FROM reports WHERE crash_id = \(crashID.rawValue) OR provisional_crash_id = \(crashID.rawValue)
                ORDER BY crash_id = \(crashID.rawValue) DESC, created_at, id LIMIT 1
                """
            )
            guard try query.step() else { return nil }
            guard let id = query.uuid(0).map(ReportID.init) else {
                throw StorageError.damagedRecord(path: connection.path, reason: "a report id is not a UUID")
            }
            query.reset()
            return try Self.load(id, from: connection)
        }
    }

    public func summaries(limit: Int?, offset: Int) throws -> [ReportSummary] {
        try database.read { connection in
            let query = try connection.statement(ReportSummary.newestFirst(limit: limit.map { max($0, 0) } ?? -1, offset: max(offset, 0)))
            defer { query.reset() }
            var rows: [ReportSummary] = []
            if let limit { rows.reserveCapacity(max(min(limit, 1_000), 0)) }
            while try query.step() {
                rows.append(try ReportSummary(row: query, path: connection.path))
            }
            return rows
        }
    }

    public func delete(_ id: ReportID) throws {
        try changing { connection, log in
            try WriteCheck.checkDeletion(of: try Self.load(id, from: connection))
            if try Self.remove(id, in: connection) {
                if recordsChanges { try Self.recordDeletion(of: id, in: connection) }
                log.append(.deleted(id))
            }
        }
    }

    /// Whether a stored report refers to these bytes, or the outbox still has to upload them.
    public func isPhotoReferenced(_ contentHash: ContentHash) throws -> Bool {
        try database.read { connection in
            let query = try connection.statement("""
                SELECT EXISTS (SELECT 1 FROM photos WHERE content_hash = \(contentHash.hex))
                    OR EXISTS (SELECT 1 FROM outbox WHERE content_hash = \(contentHash.hex))
                """)
            defer { query.reset() }
            return try query.step() && query.int(0) != 0
        }
    }

    // MARK: - Writing

    /// Runs `body` in one write transaction, then tells ``writes`` what it changed (what `body` logged).
    func changing<Result: Sendable>(_ body: (SQLiteConnection, inout [StoreWrites.Change]) throws -> Result) throws -> Result {
        let (result, log) = try database.write { connection in
            var log: [StoreWrites.Change] = []
            let result = try body(connection, &log)
            return (result, log)
        }
        writes.publish(log)
        return result
    }

    /// The stored report other than `id` carrying `crashID`, read inside the caller's transaction.
    private static func holder(of crashID: CrashID, besides id: ReportID, in connection: SQLiteConnection) throws -> CrashReport? {
        let query = try connection.statement("SELECT id FROM reports WHERE crash_id = \(crashID.rawValue) AND id <> \(id.rawValue) LIMIT 1")
        let other = try query.step() ? query.uuid(0).map(ReportID.init) : nil
        query.reset()
        return try other.flatMap { try load($0, from: connection) }
    }

    /// Deletes a report's row (its injuries and photos go with it) inside the caller's transaction.
    /// - Returns: whether there was one.
    static func remove(_ id: ReportID, in connection: SQLiteConnection) throws -> Bool {
        let query = try connection.statement("DELETE FROM reports WHERE id = \(id.rawValue)")
        try query.run()
        return connection.changes > 0
    }

    // MARK: - Rows





    /// Writes a report whole (its row, injuries and photos) inside the caller's transaction, at the revision it
    /// carries, and with `recordingChange` records it in the outbox.
    static func write(_ report: CrashReport, recordingChange: Bool, in connection: SQLiteConnection) throws {
        let earlierPhotos = recordingChange ? try Self.photoHashes(of: report.id, in: connection) : []

        try connection.statement(report.upsert).run()

        let clearInjuries = try connection.statement("DELETE FROM report_injuries WHERE report_id = \(report.id.rawValue)")
        try clearInjuries.run()
        for injury in report.injuries.selected {
            try connection.statement("INSERT INTO report_injuries (report_id, injury) VALUES (\(report.id.rawValue), \(injury.rawValue))").run()
        }

        let clearPhotos = try connection.statement("DELETE FROM photos WHERE report_id = \(report.id.rawValue)")
        try clearPhotos.run()
        for (position, photo) in report.allPhotos.enumerated() {
            try connection.statement(photo.insert(reportID: report.id, position: position)).run()
        }

        if recordingChange {
            try Self.recordSave(of: report, earlierPhotos: earlierPhotos, in: connection)
        }
    }

    /// The distinct hashes of the photos the stored version of a report holds.
    private static func photoHashes(of id: ReportID, in connection: SQLiteConnection) throws -> Set<String> {
        let query = try connection.statement("SELECT content_hash FROM photos WHERE report_id = \(id.rawValue)")
        defer { query.reset() }
        var hashes = Set<String>()
        while try query.step() { hashes.insert(query.string(0)) }
        return hashes
    }

    /// The stored report with this id, read inside the caller's transaction.
    static func load(_ id: ReportID, from connection: SQLiteConnection) throws -> CrashReport? {
        let injuriesQuery = try connection.statement("SELECT injury FROM report_injuries WHERE report_id = \(id.rawValue)")
        var injuries: [Injury] = []
        while try injuriesQuery.step() {
            guard let injury = Injury(rawValue: injuriesQuery.int(0)) else {
                throw StorageError.damagedRecord(path: connection.path, reason: "unknown injury \(injuriesQuery.int(0))")
            }
            injuries.append(injury)
        }
        injuriesQuery.reset()

        let photosQuery = try connection.statement(Photo.select(report: id))
        var photos: [Photo] = []
        while try photosQuery.step() {
            photos.append(try Photo(row: photosQuery, path: connection.path))
        }
        photosQuery.reset()

        let reportQuery = try connection.statement(CrashReport.select(id))
        defer { reportQuery.reset() }
        guard try reportQuery.step() else { return nil }
        return try CrashReport(row: reportQuery, id: id, injuries: injuries, photos: photos, path: connection.path)
    }
}
