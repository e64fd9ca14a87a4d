import Domain
import Foundation
import Storage

extension Photo {
    /// Columns read by ``init(row:path:)``, in the order they were added.
    static let selectByReport: StaticString = """
        SELECT id, section, content_hash, media_type, byte_count, width, height, original_file_name, added_at,
               taken_at, taken_latitude, taken_longitude, orientation, server_file_name, taken_altitude,
               taken_utc_offset_minutes
        FROM photos WHERE report_id = ?1 ORDER BY position
        """

    /// Binds a `photos` row (parameters 1–18).
    func bind(to statement: SQLiteStatement, reportID: ReportID, position: Int) {
        statement.bind(reportID.rawValue, at: 1)
        statement.bind(position, at: 2)
        statement.bind(id.rawValue, at: 3)
        statement.bind(section.rawValue, at: 4)
        statement.bind(contentHash.hex, at: 5)
        statement.bind(mediaType.rawValue, at: 6)
        statement.bind(byteCount, at: 7)
        statement.bind(pixelSize.width, at: 8)
        statement.bind(pixelSize.height, at: 9)
        statement.bind(originalFileName, at: 10)
        statement.bind(addedAt.timeIntervalSinceReferenceDate, at: 11)
        statement.bind(takenAt?.timeIntervalSinceReferenceDate, at: 12)
        statement.bind(takenWhere?.latitude, at: 13)
        statement.bind(takenWhere?.longitude, at: 14)
        statement.bind(orientation.rawValue, at: 15)
        statement.bind(serverFileName, at: 16)
        statement.bind(takenAltitude, at: 17)
        statement.bind(takenUTCOffsetMinutes, at: 18)
    }

    /// Rebuilds a photo from a row of ``selectByReport``.
    init(row: SQLiteStatement, path: String) throws {
        func damaged(_ reason: String) -> StorageError { .damagedRecord(path: path, reason: reason) }
        guard let uuid = row.uuid(0) else { throw damaged("a photo id is not a UUID") }
        guard let section = row.value(1, of: PhotoSection.self) else { throw damaged("unknown section \(row.string(1))") }
        guard let mediaType = row.value(3, of: MediaType.self) else { throw damaged("unknown media type \(row.string(3))") }
        guard let orientation = ImageOrientation(rawValue: row.int(12)) else {
            throw damaged("unknown orientation \(row.int(12))")
        }
        let takenWhere: Coordinate? = switch (row.optionalDouble(10), row.optionalDouble(11)) {
        case let (latitude?, longitude?): try Coordinate(latitude: latitude, longitude: longitude)
        default: nil
        }
        self.init(
            id: PhotoID(uuid),
            section: section,
            contentHash: try ContentHash(hex: row.string(2)),
            mediaType: mediaType,
            byteCount: row.int(4),
            pixelSize: PixelSize(width: row.int(5), height: row.int(6)),
            originalFileName: row.string(7),
            addedAt: Date(timeIntervalSinceReferenceDate: row.double(8)),
            takenAt: row.optionalDouble(9).map(Date.init(timeIntervalSinceReferenceDate:)),
            takenWhere: takenWhere,
            takenAltitude: row.optionalDouble(14),
            orientation: orientation,
            serverFileName: row.optionalString(13),
            takenUTCOffsetMinutes: row.optionalInt(15)
        )
    }
}
