import CSQLiteFloor
import Domain
import Foundation

/// The same statements the SQLite repository runs, written straight against the sqlite3 C API with every value
/// converted beforehand: the floor the repository is measured against.
final class SQLiteFloor {
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// A report's values, converted to what SQLite binds once, outside the measurement.
    struct Row {
        struct PhotoRow {
            let id: UUID
            let section, hash, mediaType, fileName: String
            let byteCount, width, height, orientation: Int64
            let addedAt: Double
            let takenAt: Double?
        }

        let id: UUID
        let crashID, status, note: String
        let createdAt, updatedAt, occurredAt: Double
        let revision, injuryCount, photoCount, hasNote: Int64
        let injuries: [Int64]
        let photos: [PhotoRow]

        init(_ report: CrashReport) {
            id = report.id.rawValue
            crashID = report.crashID.rawValue
            status = report.status.rawValue
            note = report.otherDriverNote
            createdAt = report.createdAt.timeIntervalSinceReferenceDate
            updatedAt = report.updatedAt.timeIntervalSinceReferenceDate
            occurredAt = report.scene.occurredAt.timeIntervalSinceReferenceDate
            revision = Int64(report.revision)
            injuryCount = Int64(report.injuries.count)
            photoCount = Int64(report.photoCount)
            hasNote = report.hasNote ? 1 : 0
            injuries = report.injuries.selected.map { Int64($0.rawValue) }
            photos = report.allPhotos.map { photo in
                PhotoRow(
                    id: photo.id.rawValue, section: photo.section.rawValue, hash: photo.contentHash.hex,
                    mediaType: photo.mediaType.rawValue, fileName: photo.originalFileName,
                    byteCount: Int64(photo.byteCount), width: Int64(photo.pixelSize.width),
                    height: Int64(photo.pixelSize.height), orientation: Int64(photo.orientation.rawValue),
                    addedAt: photo.addedAt.timeIntervalSinceReferenceDate,
                    takenAt: photo.takenAt?.timeIntervalSinceReferenceDate
                )
            }
        }
    }

    private let db: OpaquePointer
    private let begin, beginRead, commit, upsert, clearInjuries, addInjury, clearPhotos, addPhoto: OpaquePointer
    private let selectReport, selectInjuries, selectPhotos, selectPage: OpaquePointer

    init(path: String) {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let handle else {
            fatalError("cannot open \(path)")
        }
        db = handle
        sqlite3_busy_timeout(db, 10_000)
        sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;", nil, nil, nil)
        // Start every benchmark from an empty log, whatever filling the database left in it.
        sqlite3_exec(db, "PRAGMA wal_checkpoint(TRUNCATE)", nil, nil, nil)
        func prepare(_ sql: String) -> OpaquePointer {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK,
                  let statement else { fatalError(String(cString: sqlite3_errmsg(handle))) }
            return statement
        }
        begin = prepare("BEGIN IMMEDIATE")
        beginRead = prepare("BEGIN DEFERRED")
        commit = prepare("COMMIT")
        upsert = prepare("""
            INSERT INTO reports (id, crash_id, status, created_at, updated_at, completed_at, occurred_at, latitude,
                                 longitude, address, note, revision, injury_count, photo_count, has_note)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)
            ON CONFLICT (id) DO UPDATE SET
                crash_id = excluded.crash_id, status = excluded.status, created_at = excluded.created_at,
                updated_at = excluded.updated_at, completed_at = excluded.completed_at,
                occurred_at = excluded.occurred_at, latitude = excluded.latitude, longitude = excluded.longitude,
                address = excluded.address, note = excluded.note, revision = excluded.revision,
                injury_count = excluded.injury_count, photo_count = excluded.photo_count, has_note = excluded.has_note
            """)
        clearInjuries = prepare("DELETE FROM report_injuries WHERE report_id = ?1")
        addInjury = prepare("INSERT INTO report_injuries (report_id, injury) VALUES (?1, ?2)")
        clearPhotos = prepare("DELETE FROM photos WHERE report_id = ?1")
        addPhoto = prepare("""
            INSERT INTO photos (report_id, position, id, section, content_hash, media_type, byte_count, width, height,
                                original_file_name, added_at, taken_at, taken_latitude, taken_longitude, orientation,
                                server_file_name)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)
            """)
        selectReport = prepare("""
            SELECT crash_id, status, created_at, updated_at, completed_at, occurred_at, latitude, longitude, address,
                   note, revision
            FROM reports WHERE id = ?1
            """)
        selectInjuries = prepare("SELECT injury FROM report_injuries WHERE report_id = ?1")
        selectPhotos = prepare("""
            SELECT id, section, content_hash, media_type, byte_count, width, height, original_file_name, added_at,
                   taken_at, taken_latitude, taken_longitude, orientation, server_file_name
            FROM photos WHERE report_id = ?1 ORDER BY position
            """)
        selectPage = prepare("""
            SELECT id, crash_id, status, created_at, updated_at, occurred_at, injury_count, photo_count, has_note
            FROM reports ORDER BY created_at DESC, id LIMIT ?1 OFFSET ?2
            """)
    }

    private func run(_ statement: OpaquePointer) {
        while sqlite3_step(statement) == SQLITE_ROW {}
        sqlite3_reset(statement)
    }

    private func text(_ statement: OpaquePointer, _ index: Int32, _ value: String) {
        sqlite3_bind_text(statement, index, value, Int32(value.utf8.count), Self.transient)
    }

    private func blob(_ statement: OpaquePointer, _ index: Int32, _ value: UUID) {
        withUnsafeBytes(of: value.uuid) { bytes in
            _ = sqlite3_bind_blob(statement, index, bytes.baseAddress, Int32(bytes.count), Self.transient)
        }
    }

    private func uuid(_ statement: OpaquePointer, _ column: Int32) -> UUID {
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        if let bytes = sqlite3_column_blob(statement, column), sqlite3_column_bytes(statement, column) == 16 {
            withUnsafeMutableBytes(of: &value) { $0.copyMemory(from: UnsafeRawBufferPointer(start: bytes, count: 16)) }
        }
        return UUID(uuid: value)
    }

    private func string(_ statement: OpaquePointer, _ column: Int32) -> String {
        guard let text = sqlite3_column_text(statement, column) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(statement, column))), as: UTF8.self)
    }

    /// Saves a report as the repository does: one `BEGIN IMMEDIATE` transaction.
    func save(_ row: Row) {
        run(begin)
        blob(upsert, 1, row.id); text(upsert, 2, row.crashID); text(upsert, 3, row.status)
        sqlite3_bind_double(upsert, 4, row.createdAt); sqlite3_bind_double(upsert, 5, row.updatedAt)
        sqlite3_bind_null(upsert, 6); sqlite3_bind_double(upsert, 7, row.occurredAt)
        sqlite3_bind_null(upsert, 8); sqlite3_bind_null(upsert, 9); sqlite3_bind_null(upsert, 10)
        text(upsert, 11, row.note); sqlite3_bind_int64(upsert, 12, row.revision)
        sqlite3_bind_int64(upsert, 13, row.injuryCount); sqlite3_bind_int64(upsert, 14, row.photoCount)
        sqlite3_bind_int64(upsert, 15, row.hasNote)
        run(upsert)
        blob(clearInjuries, 1, row.id); run(clearInjuries)
        for injury in row.injuries {
            blob(addInjury, 1, row.id); sqlite3_bind_int64(addInjury, 2, injury); run(addInjury)
        }
        blob(clearPhotos, 1, row.id); run(clearPhotos)
        for (position, photo) in row.photos.enumerated() {
            blob(addPhoto, 1, row.id); sqlite3_bind_int64(addPhoto, 2, Int64(position))
            blob(addPhoto, 3, photo.id); text(addPhoto, 4, photo.section); text(addPhoto, 5, photo.hash)
            text(addPhoto, 6, photo.mediaType); sqlite3_bind_int64(addPhoto, 7, photo.byteCount)
            sqlite3_bind_int64(addPhoto, 8, photo.width); sqlite3_bind_int64(addPhoto, 9, photo.height)
            text(addPhoto, 10, photo.fileName); sqlite3_bind_double(addPhoto, 11, photo.addedAt)
            if let takenAt = photo.takenAt { sqlite3_bind_double(addPhoto, 12, takenAt) } else { sqlite3_bind_null(addPhoto, 12) }
            sqlite3_bind_null(addPhoto, 13); sqlite3_bind_null(addPhoto, 14)
            sqlite3_bind_int64(addPhoto, 15, photo.orientation); sqlite3_bind_null(addPhoto, 16)
            run(addPhoto)
        }
        run(commit)
    }

    /// Loads a report's rows as the repository does, reading every column (text as Swift strings).
    func load(id: UUID) -> Int {
        var checksum = 0
        run(beginRead)
        blob(selectInjuries, 1, id)
        while sqlite3_step(selectInjuries) == SQLITE_ROW { checksum &+= Int(sqlite3_column_int64(selectInjuries, 0)) }
        sqlite3_reset(selectInjuries)
        blob(selectPhotos, 1, id)
        while sqlite3_step(selectPhotos) == SQLITE_ROW {
            checksum &+= uuid(selectPhotos, 0).hashValue
            for column: Int32 in [1, 2, 3, 7, 13] { checksum &+= string(selectPhotos, column).utf8.count }
            for column: Int32 in [4, 5, 6, 12] { checksum &+= Int(sqlite3_column_int64(selectPhotos, column)) }
            for column: Int32 in [8, 9, 10, 11] { checksum &+= Int(sqlite3_column_double(selectPhotos, column)) }
        }
        sqlite3_reset(selectPhotos)
        blob(selectReport, 1, id)
        if sqlite3_step(selectReport) == SQLITE_ROW {
            for column: Int32 in [0, 1, 8, 9] { checksum &+= string(selectReport, column).utf8.count }
            for column: Int32 in [2, 3, 4, 5, 6, 7] { checksum &+= Int(sqlite3_column_double(selectReport, column)) }
            checksum &+= Int(sqlite3_column_int64(selectReport, 10))
        }
        sqlite3_reset(selectReport)
        run(commit)
        return checksum
    }

    /// Reads a page of the list (every column; ids and crash IDs as Swift strings).
    func list(limit: Int) -> Int {
        var checksum = 0
        run(beginRead)
        sqlite3_bind_int64(selectPage, 1, Int64(limit))
        sqlite3_bind_int64(selectPage, 2, 0)
        while sqlite3_step(selectPage) == SQLITE_ROW {
            checksum &+= uuid(selectPage, 0).hashValue
            for column: Int32 in [1, 2] { checksum &+= string(selectPage, column).utf8.count }
            for column: Int32 in [3, 4, 5] { checksum &+= Int(sqlite3_column_double(selectPage, column)) }
            for column: Int32 in [6, 7, 8] { checksum &+= Int(sqlite3_column_int64(selectPage, column)) }
        }
        sqlite3_reset(selectPage)
        run(commit)
        return checksum
    }
}
