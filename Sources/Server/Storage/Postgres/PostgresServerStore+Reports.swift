import Domain
import Foundation
import PostgresNIO
import WireAPI

extension PostgresServerStore: ServerReportStore {
    func reports(owner: AccountID) async throws -> [CrashReport] {
        let decoder = WireCoding.decoder()
        var reports: [CrashReport] = []
        try await client.rows(
            "SELECT id, body FROM reports WHERE owner = \(owner.rawValue) ORDER BY updated_at DESC, id DESC"
        ) { row in
            reports.append(try Self.report(from: row, decoder: decoder))
        }
        return reports
    }

    func report(_ id: ReportID, owner: AccountID) async throws -> CrashReport? {
        try await client.withConnection { connection in
            try await Self.load(id, owner: owner, on: connection, locking: false)
        }
    }

    func save(_ report: CrashReport, owner: AccountID) async throws -> CrashReport {
        try await writing { connection in
            try await Self.store(report, owner: owner, on: connection)
        }
    }

    func delete(_ id: ReportID, owner: AccountID) async throws -> Bool {
        // Its document record goes with it (ON DELETE CASCADE).
        var deleted = false
        try await client.rows("DELETE FROM reports WHERE owner = \(owner.rawValue) AND id = \(id.rawValue) RETURNING id") { _ in
            deleted = true
        }
        return deleted
    }

    func document(for id: ReportID, owner: AccountID) async throws -> ContentHash? {
        var found: ContentHash?
        try await client.rows(
            "SELECT sha256 FROM report_documents WHERE owner = \(owner.rawValue) AND report_id = \(id.rawValue)"
        ) { row in
            found = try StoredRecord.contentHash(try row.decode(String.self), table: "report_documents")
        }
        return found
    }

    /// Records the document with the revision of the report it was rendered from (the one stored now).
    /// - Throws: ``ServerStoreError/reportNotFound(_:)`` when the owner has no such report.
    func setDocument(_ hash: ContentHash, for id: ReportID, owner: AccountID) async throws {
        var recorded = false
        try await client.rows("""
            INSERT INTO report_documents (owner, report_id, sha256, revision)
            SELECT owner, id, \(hash.hex), revision FROM reports WHERE owner = \(owner.rawValue) AND id = \(id.rawValue)
            ON CONFLICT (owner, report_id) DO UPDATE SET sha256 = excluded.sha256, revision = excluded.revision
            RETURNING report_id
            """) { _ in recorded = true }
        if !recorded { throw ServerStoreError.reportNotFound(id) }
    }

    // MARK: - In a transaction

    /// Saves `report` for `owner` inside the caller's transaction: reads the owner's stored version locked
    /// (`FOR UPDATE`, so a save at the same time waits and then sees this one's), checks the revision and writes the
    /// next one as its wire JSON (``StoredRecord/nextVersion(of:current:)``). A new report is claimed by its insert:
    /// when another save created it first, this one is refused with that one's version.
    /// - Returns: the stored version, as a later read gives it back.
    /// - Throws: ``ReportError/conflict(_:current:)`` with the owner's stored version or `nil`, writing nothing.
    static func store(_ report: CrashReport, owner: AccountID, on connection: PostgresConnection) async throws -> CrashReport {
        let current = try await load(report.id, owner: owner, on: connection, locking: true)
        let (stored, body) = try StoredRecord.nextVersion(of: report, current: current)
        guard current != nil else {
            let insert = try await connection.query("""
                INSERT INTO reports (owner, id, crash_id, status, revision, updated_at, body)
                VALUES (\(owner.rawValue), \(stored.id.rawValue), \(stored.crashID.rawValue), \(stored.status.rawValue),
                        \(stored.revision), \(stored.updatedAt.timeIntervalSinceReferenceDate), \(body))
                ON CONFLICT (owner, id) DO NOTHING
                RETURNING id
                """, logger: queryLogger)
            var inserted = false
            for try await _ in insert { inserted = true }
            guard inserted else {
                // Created by another save since it was read; that save has committed (the insert waited for it).
                throw ReportError.conflict(report.id, current: try await load(report.id, owner: owner, on: connection, locking: false))
            }
            return stored
        }
        try await connection.query("""
            UPDATE reports SET crash_id = \(stored.crashID.rawValue), status = \(stored.status.rawValue),
                               revision = \(stored.revision), updated_at = \(stored.updatedAt.timeIntervalSinceReferenceDate),
                               body = \(body)
            WHERE owner = \(owner.rawValue) AND id = \(stored.id.rawValue)
            """, logger: queryLogger)
        return stored
    }

    /// The owner's stored report, locked until the caller's transaction ends when `locking`.
    private static func load(
        _ id: ReportID, owner: AccountID, on connection: PostgresConnection, locking: Bool
    ) async throws -> CrashReport? {
        let query: PostgresQuery = locking
            ? "SELECT id, body FROM reports WHERE owner = \(owner.rawValue) AND id = \(id.rawValue) FOR UPDATE"
            : "SELECT id, body FROM reports WHERE owner = \(owner.rawValue) AND id = \(id.rawValue)"
        let decoder = WireCoding.decoder()
        var found: CrashReport?
        for try await row in try await connection.query(query, logger: queryLogger) {
            found = try report(from: row, decoder: decoder)
        }
        return found
    }

    // MARK: - Rows

    /// The report in a row of `id, body`.
    private static func report(from row: PostgresRow, decoder: JSONDecoder) throws -> CrashReport {
        let (id, body) = try row.decode((UUID, String).self)
        return try StoredRecord.report(body: body, id: ReportID(id), decoder: decoder)
    }
}
