import Domain
import Foundation

extension CrashReport {
    /// Columns read by ``init(row:id:injuries:photos:path:)``, in order.
    static let selectByID: StaticString = """
        SELECT crash_id, status, created_at, updated_at, completed_at, occurred_at, latitude, longitude, address,
               note, revision
        FROM reports WHERE id = ?1
        """

    /// Binds the `reports` row of ``SQLiteReportRepository``'s upsert (parameters 1–19): the scene the driver set
    /// (7–10) and, for the list, the scene the report shows (16–19).
    func bind(to statement: SQLiteStatement) {
        statement.bind(id.rawValue, at: 1)
        statement.bind(crashID.rawValue, at: 2)
        statement.bind(status.rawValue, at: 3)
        statement.bind(createdAt.timeIntervalSinceReferenceDate, at: 4)
        statement.bind(updatedAt.timeIntervalSinceReferenceDate, at: 5)
        statement.bind(completedAt?.timeIntervalSinceReferenceDate, at: 6)
        scene.bind(to: statement, from: 7)
        statement.bind(otherDriverNote, at: 11)
        statement.bind(revision, at: 12)
        statement.bind(injuries.count, at: 13)
        statement.bind(photoCount, at: 14)
        statement.bind(hasNote ? 1 : 0, at: 15)
        effectiveScene.scene.bind(to: statement, from: 16)
    }

    /// Rebuilds a report from a row of ``selectByID`` and its injury and photo rows.
    init(row: SQLiteStatement, id reportID: ReportID, injuries: [Injury], photos: [Photo], path: String) throws {
        let crashID = try CrashID(validating: row.string(0))
        guard let status = row.value(1, of: ReportStatus.self) else {
            throw StorageError.damagedRecord(path: path, reason: "unknown status \(row.string(1))")
        }
        let scene = try CrashScene(row: row, from: 5, path: path)
        do {
            try self.init(
            id: reportID,
            crashID: crashID,
            status: status,
            createdAt: Date(timeIntervalSinceReferenceDate: row.double(2)),
            updatedAt: Date(timeIntervalSinceReferenceDate: row.double(3)),
            completedAt: row.optionalDouble(4).map(Date.init(timeIntervalSinceReferenceDate:)),
            scene: scene,
            injuries: InjurySelection(injuries.sorted()),
            photos: photos,
            otherDriverNote: row.string(9),
            revision: row.int(10)
            )
        } catch {
            throw StorageError.damagedRecord(path: path, reason: "\(error.field) of report \(reportID): \(error.problem)")
        }
    }
}
