import Domain
import Foundation
import Storage
import WireAPI

/// What the local store knows about the server's copy of its reports (`server_reports`: the server's revision, the
/// base of a three-way merge, whether the server erased it), the notices kept for the driver, and documents named after
/// a replaced crash ID — written by sync through the same rows, transactions and ``SQLiteReportRepository/writes`` as
/// the use cases' changes.
extension SQLiteReportRepository: SyncState {
    public func changesCursor() throws -> String? {
        try database.read { connection in
            let query = try connection.statement("SELECT cursor FROM sync_cursor WHERE singleton = 1")
            defer { query.reset() }
            return try query.step() ? query.string(0) : nil
        }
    }

    public func keepChangesCursor(_ cursor: String?) throws {
        try database.write { connection in
            if let cursor {
                let query = try connection.statement("""
                    INSERT INTO sync_cursor (singleton, cursor) VALUES (1, \(cursor)) ON CONFLICT (singleton) DO UPDATE SET cursor = excluded.cursor
                    """)
                try query.run()
            } else {
                try connection.statement("DELETE FROM sync_cursor").run()
            }
        }
    }

    public func serverRevisions() throws -> [ReportID: Int] {
        try database.read { connection in
            let query = try connection.statement("SELECT report_id, server_revision FROM server_reports WHERE erased = 0")
            defer { query.reset() }
            var revisions: [ReportID: Int] = [:]
            while try query.step() {
                if let id = query.uuid(0).map(ReportID.init) { revisions[id] = query.int(1) }
            }
            return revisions
        }
    }

    public func serverRevision(of id: ReportID) throws -> Int? {
        try database.read { connection in try Self.serverCopy(of: id, in: connection)?.revision }
    }

    public func base(of id: ReportID) throws -> CrashReport? {
        try database.read { connection in try Self.serverCopy(of: id, in: connection)?.base }
    }

    public func holdsPhoto(_ contentHash: ContentHash) throws -> Bool {
        try database.read { connection in
            let query = try connection.statement("SELECT EXISTS (SELECT 1 FROM photos WHERE content_hash = \(contentHash.hex))")
            defer { query.reset() }
            return try query.step() && query.int(0) != 0
        }
    }

    public func confirm(_ serverVersion: CrashReport, sentFromLocalRevision localRevision: Int, through sequence: Int) throws {
        try changing { connection, log in
            try Self.setServerCopy(serverVersion, in: connection)
            if let local = try Self.load(serverVersion.id, from: connection), local.revision == localRevision,
               local != serverVersion.stored(atRevision: localRevision) {
                let taken = serverVersion.stored(atRevision: localRevision)
                try Self.write(taken, recordingChange: false, in: connection)
                log.append(.stored(taken))
            }
            try Self.acknowledge(through: sequence, in: connection)
        }
    }

    public func confirmDeletion(of id: ReportID, through sequence: Int) throws {
        try database.write { connection in
            try Self.forgetServerCopy(of: id, in: connection)
            try Self.acknowledge(through: sequence, in: connection)
        }
    }

    public func receive(_ serverVersion: CrashReport) throws -> SyncReception {
        try changing { connection, log in
            guard try !Self.hasPendingRecord(serverVersion.id, in: connection) else { return .pendingChanges }
            let local = try Self.load(serverVersion.id, from: connection)
            try Self.setServerCopy(serverVersion, in: connection)
            if let local, local.sameContent(as: serverVersion) { return .unchanged }
            let stored = serverVersion.stored(atRevision: (local?.revision ?? 0) + 1)
            try Self.write(stored, recordingChange: false, in: connection)
            log.append(.stored(stored))
            return .stored(stored)
        }
    }

    public func adoptCrashID(_ crashID: CrashID, forReportAt localRevision: Int, id: ReportID) throws -> CrashReport? {
        try changing { connection, log in
            guard var report = try Self.load(id, from: connection), report.revision == localRevision else { return nil }
            let old = report.crashID
            guard report.adoptServerCrashID(crashID) else { return report }
            let stored = report.stored(atRevision: localRevision + 1)
            try Self.write(stored, recordingChange: true, in: connection)
            if stored.isCompleted {
                let replaced = try connection.statement("""
                    INSERT INTO replaced_crash_ids (report_id, crash_id) VALUES (\(id.rawValue), \(old.rawValue))
                    ON CONFLICT (report_id) DO NOTHING
                    """)
                try replaced.run()
            }
            log.append(.stored(stored))
            return stored
        }
    }

    public func storeMerge(_ merged: CrashReport, over remote: CrashReport, localRevision: Int) throws -> CrashReport? {
        try changing { connection, log in
            guard let local = try Self.load(merged.id, from: connection), local.revision == localRevision else { return nil }
            try Self.setServerCopy(remote, in: connection)
            let stored = merged.stored(atRevision: localRevision + 1)
            try Self.write(stored, recordingChange: true, in: connection)
            log.append(.stored(stored))
            return stored
        }
    }

    public func adopt(_ serverVersion: CrashReport, overLocalRevision localRevision: Int, through sequence: Int) throws -> Bool {
        try changing { connection, log in
            guard let local = try Self.load(serverVersion.id, from: connection), local.revision == localRevision else { return false }
            try Self.setServerCopy(serverVersion, in: connection)
            let stored = serverVersion.stored(atRevision: localRevision + 1)
            try Self.write(stored, recordingChange: false, in: connection)
            try Self.acknowledge(through: sequence, in: connection)
            log.append(.stored(stored))
            return true
        }
    }

    public func join(_ local: CrashReport, as merged: CrashReport, remote: CrashReport) throws -> CrashReport? {
        try changing { connection, log in
            guard let current = try Self.load(local.id, from: connection), current.revision == local.revision else { return nil }
            // The server never had it: its records go, and no deletion is sent.
            _ = try Self.remove(local.id, in: connection)
            try Self.forgetUnsentRecords(of: local.id, in: connection)
            if try Self.serverCopy(of: remote.id, in: connection) == nil { try Self.setServerCopy(remote, in: connection) }
            let held = try Self.load(remote.id, from: connection)
            let stored = merged.stored(atRevision: (held?.revision ?? 0) + 1)
            try Self.write(stored, recordingChange: true, in: connection)
            log.append(.deleted(local.id))
            log.append(.stored(stored))
            return stored
        }
    }

    public func forgetServerCopy(of id: ReportID) throws {
        try database.write { connection in try Self.forgetServerCopy(of: id, in: connection) }
    }

    public func removeDeletedElsewhere(_ id: ReportID) throws -> SyncRemoval {
        try changing { connection, log in
            guard try !Self.hasPendingRecord(id, in: connection) else { return .none }
            guard let local = try Self.load(id, from: connection) else {
                try Self.forgetServerCopy(of: id, in: connection)
                return .none
            }
            if local.isCompleted {
                // Kept: it was handed on. Marked so it is neither listed as the server's nor sent again.
                let erased = try connection.statement("UPDATE server_reports SET erased = 1 WHERE report_id = \(id.rawValue)")
                try erased.run()
                return .keptCompleted(local)
            }
            try Self.forgetServerCopy(of: id, in: connection)
            _ = try Self.remove(id, in: connection)
            log.append(.deleted(id))
            return .removed(local)
        }
    }

    public func replacedCrashID(of id: ReportID) throws -> CrashID? {
        try database.read { connection in
            let query = try connection.statement("SELECT crash_id FROM replaced_crash_ids WHERE report_id = \(id.rawValue)")
            defer { query.reset() }
            return try query.step() ? try? CrashID(validating: query.string(0)) : nil
        }
    }

    public func forgetReplacedCrashID(of id: ReportID) throws {
        try database.write { connection in
            let query = try connection.statement("DELETE FROM replaced_crash_ids WHERE report_id = \(id.rawValue)")
            try query.run()
        }
    }

    // MARK: - Notices

    public func keep(_ notice: SyncNotice) throws {
        try database.write { connection in
            let query = try connection.statement("""
                INSERT INTO sync_notices (report_id, crash_id, noticed_at, event) VALUES (\(notice.reportID.rawValue),
                    \(notice.crashID.rawValue), \(notice.date.timeIntervalSinceReferenceDate), \(notice.event.storedJSON))
                """)
            try query.run()
        }
    }

    public func keptNotices() throws -> [SyncNotice] {
        try database.read { connection in
            let query = try connection.statement("SELECT report_id, crash_id, noticed_at, event FROM sync_notices ORDER BY sequence")
            defer { query.reset() }
            var notices: [SyncNotice] = []
            while try query.step() {
                guard let id = query.uuid(0).map(ReportID.init), let crashID = try? CrashID(validating: query.string(1)),
                      let event = SyncNotice.Event(storedJSON: query.string(3)) else { continue }
                notices.append(SyncNotice(
                    reportID: id, crashID: crashID, event: event, date: Date(timeIntervalSinceReferenceDate: query.double(2))
                ))
            }
            return notices
        }
    }

    public func forget(_ notices: [SyncNotice]) throws {
        guard !notices.isEmpty else { return }
        try database.write { connection in
            for notice in notices {
                try connection.statement("""
                    DELETE FROM sync_notices WHERE report_id = \(notice.reportID.rawValue) AND crash_id = \(notice.crashID.rawValue)
                        AND noticed_at = \(notice.date.timeIntervalSinceReferenceDate) AND event = \(notice.event.storedJSON)
                    """).run()
            }
        }
    }

    // MARK: - Inside a transaction

    /// What `server_reports` holds of a report the server has (not erased): its revision there and the base.
    private static func serverCopy(of id: ReportID, in connection: SQLiteConnection) throws -> (revision: Int, base: CrashReport?)? {
        let query = try connection.statement("SELECT server_revision, base FROM server_reports WHERE report_id = \(id.rawValue) AND erased = 0")
        defer { query.reset() }
        guard try query.step() else { return nil }
        // A base that cannot be read back is no base: the merge then treats every difference as a change on both sides.
        return (query.int(0), query.optionalString(1).flatMap { try? Self.report(fromWireJSON: $0, id: id) })
    }

    /// Records the server's version: its revision there, and it as the base.
    private static func setServerCopy(_ serverVersion: CrashReport, in connection: SQLiteConnection) throws {
        let query = try connection.statement("""
            INSERT INTO server_reports (report_id, server_revision, base, erased) VALUES (\(serverVersion.id.rawValue),
                \(serverVersion.revision), \(try wireJSON(of: serverVersion)), 0)
            ON CONFLICT (report_id) DO UPDATE SET server_revision = excluded.server_revision, base = excluded.base, erased = 0
            """)
        try query.run()
    }

    private static func forgetServerCopy(of id: ReportID, in connection: SQLiteConnection) throws {
        let query = try connection.statement("DELETE FROM server_reports WHERE report_id = \(id.rawValue)")
        try query.run()
    }

    private static func wireJSON(of report: CrashReport) throws -> String {
        String(decoding: try WireCoding.encoder().encode(Components.Schemas.Report(report)), as: UTF8.self)
    }

    private static func report(fromWireJSON json: String, id: ReportID) throws -> CrashReport? {
        let report = try CrashReport(wire: try WireCoding.decoder().decode(Components.Schemas.Report.self, from: Data(json.utf8)))
        return report.id == id ? report : nil
    }
}
