import Domain
import Foundation
import Storage

extension Photo {
    /// The report's photos, in the columns ``init(row:path:)`` reads, in the order they were added.
    static func select(report: ReportID) -> SQLiteQuery {
        """
        SELECT id, section, content_hash, media_type, byte_count, width, height, original_file_name, added_at,
               taken_at, taken_latitude, taken_longitude, orientation, server_file_name, taken_altitude,
               taken_utc_offset_minutes
        FROM photos WHERE report_id = \(report.rawValue) ORDER BY position
        """
    }

    /// The insert of the photo's `photos` row, at `position` in its report.
    func insert(reportID: ReportID, position: Int) -> SQLiteQuery {
        """
        INSERT INTO photos (report_id, position, id, section, content_hash, media_type, byte_count, width, height,
                            original_file_name, added_at, taken_at, taken_latitude, taken_longitude, orientation,
                            server_file_name, taken_altitude, taken_utc_offset_minutes)
        VALUES (\(reportID.rawValue), \(position), \(id.rawValue), \(section.rawValue), \(contentHash.hex), \(mediaType.rawValue),
                \(byteCount), \(pixelSize.width), \(pixelSize.height), \(originalFileName), \(addedAt.timeIntervalSinceReferenceDate),
                \(takenAt?.timeIntervalSinceReferenceDate), \(takenWhere?.latitude), \(takenWhere?.longitude), \(orientation.rawValue),
                \(serverFileName), \(takenAltitude), \(takenUTCOffsetMinutes))
        """
    }

    /// Rebuilds a photo from a row of ``select(report:)``.
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
