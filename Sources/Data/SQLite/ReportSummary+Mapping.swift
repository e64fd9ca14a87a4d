import Domain
import Foundation
import Storage

extension ReportSummary {
    /// The list in `ReportSummary/newestFirst(_:_:)` order, served by the `reports_newest_first` index;
    /// `limit` -1 is all of them.
    static func newestFirst(limit: Int, offset: Int) -> SQLiteQuery {
        """
        SELECT id, crash_id, status, created_at, updated_at, injury_count, photo_count, has_note,
               coalesce(shown_occurred_at, occurred_at),
               CASE WHEN shown_occurred_at IS NULL THEN latitude ELSE shown_latitude END,
               CASE WHEN shown_occurred_at IS NULL THEN longitude ELSE shown_longitude END,
               CASE WHEN shown_occurred_at IS NULL THEN address ELSE shown_address END,
               provisional_crash_id, coalesce(shown_utc_offset_minutes, utc_offset_minutes), json_extract(acknowledgement, '$.claimNumber'),
               statement_parts, json_extract(claim_timeline, '$[#-1].status')
        FROM reports ORDER BY created_at DESC, id LIMIT \(limit) OFFSET \(offset)
        """
    }

    /// Rebuilds a list row from a row of ``newestFirst(limit:offset:)``.
    init(row: SQLiteStatement, path: String) throws {
        guard let id = row.uuid(0).map(ReportID.init) else {
            throw StorageError.damagedRecord(path: path, reason: "a report id is not a UUID")
        }
        guard let status = row.value(2, of: ReportStatus.self) else {
            throw StorageError.damagedRecord(path: path, reason: "unknown status \(row.string(2))")
        }
        self.init(
            id: id,
            crashID: try CrashID(validating: row.string(1)),
            provisionalCrashID: row.optionalString(12).flatMap { try? CrashID(validating: $0) },
            status: status,
            createdAt: Date(timeIntervalSinceReferenceDate: row.double(3)),
            updatedAt: Date(timeIntervalSinceReferenceDate: row.double(4)),
            scene: try CrashScene(row: row, from: 8, path: path).withUTCOffset(row.optionalInt(13)),
            injuryCount: row.int(5),
            photoCount: row.int(6),
            hasNote: row.int(7) != 0,
            claimNumber: row.optionalString(14),
            claimStatus: row.optionalString(16).flatMap(ClaimStatus.Kind.init(rawValue:)),
            statementParts: row.int(15)
        )
    }
}
