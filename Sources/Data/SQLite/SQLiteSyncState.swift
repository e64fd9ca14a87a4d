import Domain
import Foundation

/// What a local SQLite store knows about the server's copy of its reports: the server's revision of each (its
/// numbering is the server's own, apart from the local one), and the writes sync makes that must not be sent back.
///
/// A report received from the server is stored without an outbox record, so it is never pushed back as if the
/// driver had changed it; a merge is stored with one, so it is pushed. Each is one transaction with the revision it
/// sets, so a crash between the two cannot leave them apart.
public final class SQLiteSyncState: Sendable {
    public let database: SQLiteDatabase

    /// Uses a database opened with ``SQLiteReportRepository/migrations``.
    public init(database: SQLiteDatabase) {
        self.database = database
    }

    /// What a received version did to the local store.
    public enum Reception: Sendable, Hashable {
        /// Stored: the local version now (at the local revision).
        case stored(CrashReport)
        /// The local version already held the same; only the server's revision was recorded.
        case unchanged
        /// This device has unsent changes to the report: the push that sends them resolves the difference.
        case pendingChanges
    }

    /// The server's revision of the report, or `nil` when the server is not known to hold it.
    public func serverRevision(of id: ReportID) throws -> Int? {
        try database.read { connection in try Self.serverRevision(of: id, in: connection) }
    }

    /// Every report the server is known to hold, with its revision there.
    public func serverRevisions() throws -> [ReportID: Int] {
        try database.read { connection in
            let query = try connection.statement("SELECT report_id, server_revision FROM server_reports")
            defer { query.reset() }
            var revisions: [ReportID: Int] = [:]
            while try query.step() {
                if let id = query.uuid(0).map(ReportID.init) { revisions[id] = query.int(1) }
            }
            return revisions
        }
    }

    /// Records that the server confirmed `serverVersion` of what was sent from the local revision `localRevision`,
    /// and forgets the outbox records up to `sequence`. While the local report is still at that revision, it takes
    /// the server's version as it is (the wire keeps times to the microsecond), at the same local revision: the
    /// device then holds exactly what the server holds, and later comparisons see only real changes.
    public func confirm(_ serverVersion: CrashReport, sentFromLocalRevision localRevision: Int, through sequence: Int) throws {
        try database.write { connection in
            try Self.setServerRevision(serverVersion.revision, of: serverVersion.id, in: connection)
            if let local = try SQLiteReportRepository.load(serverVersion.id, from: connection), local.revision == localRevision,
               local != serverVersion.stored(atRevision: localRevision) {
                try SQLiteReportRepository.write(serverVersion.stored(atRevision: localRevision), recordingChange: false, in: connection)
            }
            try Self.acknowledge(through: sequence, in: connection)
        }
    }

    /// Records that the server no longer holds the report (its deletion was confirmed), and forgets the outbox
    /// records up to `sequence`.
    public func confirmDeletion(of id: ReportID, through sequence: Int) throws {
        try database.write { connection in
            try Self.forgetServerRevision(of: id, in: connection)
            try Self.acknowledge(through: sequence, in: connection)
        }
    }

    /// Stores the server's version as the local one, without recording it for sending — unless this device has
    /// unsent changes to that report.
    public func receive(_ serverVersion: CrashReport) throws -> Reception {
        try database.write { connection in
            guard try !Self.hasPendingRecord(serverVersion.id, in: connection) else { return .pendingChanges }
            let local = try SQLiteReportRepository.load(serverVersion.id, from: connection)
            try Self.setServerRevision(serverVersion.revision, of: serverVersion.id, in: connection)
            if let local, local.sameContent(as: serverVersion) { return .unchanged }
            let stored = serverVersion.stored(atRevision: (local?.revision ?? 0) + 1)
            try SQLiteReportRepository.write(stored, recordingChange: false, in: connection)
            return .stored(stored)
        }
    }

    /// Stores a merge of this device's version (stored locally at `localRevision`) and the server's version
    /// (`merged.revision` is the server's), recording it for sending.
    /// - Returns: the local version stored, or `nil` when the local report changed since `localRevision` (the next
    ///   push sends the newer change and merges again if it must).
    public func storeMerge(_ merged: CrashReport, overLocalRevision localRevision: Int) throws -> CrashReport? {
        try database.write { connection in
            guard let local = try SQLiteReportRepository.load(merged.id, from: connection), local.revision == localRevision else {
                return nil
            }
            try Self.setServerRevision(merged.revision, of: merged.id, in: connection)
            let stored = merged.stored(atRevision: localRevision + 1)
            try SQLiteReportRepository.write(stored, recordingChange: true, in: connection)
            return stored
        }
    }

    /// Takes the server's version as the local one (it holds everything the local version at `localRevision` does),
    /// without recording it for sending, and forgets the outbox records up to `sequence`.
    /// - Returns: whether it was stored; `false` when the local report changed since `localRevision` (the next push
    ///   sends that change and merges again if it must).
    public func adopt(_ serverVersion: CrashReport, overLocalRevision localRevision: Int, through sequence: Int) throws -> Bool {
        try database.write { connection in
            guard let local = try SQLiteReportRepository.load(serverVersion.id, from: connection), local.revision == localRevision else {
                return false
            }
            try Self.setServerRevision(serverVersion.revision, of: serverVersion.id, in: connection)
            try SQLiteReportRepository.write(serverVersion.stored(atRevision: localRevision + 1), recordingChange: false, in: connection)
            try Self.acknowledge(through: sequence, in: connection)
            return true
        }
    }

    /// Forgets what the server held of a report, so the next push creates it anew (it was deleted there while this
    /// device still had changes to it).
    public func forgetServerCopy(of id: ReportID) throws {
        try database.write { connection in try Self.forgetServerRevision(of: id, in: connection) }
    }

    /// Deletes the local report the server no longer holds — unless this device has unsent changes to it.
    /// - Returns: the deleted version, or `nil` when nothing was deleted.
    public func removeDeletedElsewhere(_ id: ReportID) throws -> CrashReport? {
        try database.write { connection in
            guard try !Self.hasPendingRecord(id, in: connection) else { return nil }
            try Self.forgetServerRevision(of: id, in: connection)
            guard let local = try SQLiteReportRepository.load(id, from: connection) else { return nil }
            let delete = try connection.statement("DELETE FROM reports WHERE id = ?1")
            delete.bind(id.rawValue, at: 1)
            try delete.run()
            return local
        }
    }

    /// A report that holds a photo with these bytes (photo uploads are addressed under a report), if any.
    public func report(holdingPhoto contentHash: ContentHash) throws -> ReportID? {
        try database.read { connection in
            let query = try connection.statement("SELECT report_id FROM photos WHERE content_hash = ?1 LIMIT 1")
            query.bind(contentHash.hex, at: 1)
            defer { query.reset() }
            return try query.step() ? query.uuid(0).map(ReportID.init) : nil
        }
    }

    // MARK: - Inside a transaction

    private static func serverRevision(of id: ReportID, in connection: SQLiteConnection) throws -> Int? {
        let query = try connection.statement("SELECT server_revision FROM server_reports WHERE report_id = ?1")
        query.bind(id.rawValue, at: 1)
        defer { query.reset() }
        return try query.step() ? query.int(0) : nil
    }

    private static func setServerRevision(_ revision: Int, of id: ReportID, in connection: SQLiteConnection) throws {
        let query = try connection.statement("""
            INSERT INTO server_reports (report_id, server_revision) VALUES (?1, ?2)
            ON CONFLICT (report_id) DO UPDATE SET server_revision = excluded.server_revision
            """)
        query.bind(id.rawValue, at: 1)
        query.bind(revision, at: 2)
        try query.run()
    }

    private static func forgetServerRevision(of id: ReportID, in connection: SQLiteConnection) throws {
        let query = try connection.statement("DELETE FROM server_reports WHERE report_id = ?1")
        query.bind(id.rawValue, at: 1)
        try query.run()
    }

    private static func hasPendingRecord(_ id: ReportID, in connection: SQLiteConnection) throws -> Bool {
        let query = try connection.statement("SELECT EXISTS (SELECT 1 FROM outbox WHERE report_id = ?1)")
        query.bind(id.rawValue, at: 1)
        defer { query.reset() }
        return try query.step() && query.int(0) != 0
    }

    static func acknowledge(through sequence: Int, in connection: SQLiteConnection) throws {
        let query = try connection.statement("DELETE FROM outbox WHERE sequence <= ?1")
        query.bind(sequence, at: 1)
        try query.run()
    }
}
