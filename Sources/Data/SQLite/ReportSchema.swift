import Storage
/// The layout of the reports database, one migration per version.
///
/// Times are stored as REAL seconds since 2001-01-01 UTC (`Date.timeIntervalSinceReferenceDate`), the value a
/// `Date` holds, so every time reads back exactly. Ids are UUIDs as 16-byte blobs, whose byte order is the
/// order of their lowercase text, so ordering by `id` matches `ReportID`'s order. `injury_count`, `photo_count` and `has_note` keep the list of reports from touching
/// photos, injuries or notes.
///
/// Version 7 keeps each report's provisional crash ID (still found by it), its scene's offset from UTC, and what the
/// crash detection measured (as the wire's JSON); and where the driver left each draft.
///
/// Version 6 keeps the server account the folder belongs to (`AccountBinding`).
///
/// Version 5 keeps, for each report the server holds, the base of a three-way merge (the server's version last agreed
/// on, as its wire JSON) and whether the server erased it; the sync notices not shown yet; and the crash IDs kept
/// documents are still named after (`SyncState`).
///
/// Version 4 keeps the server's revision of each report (`SyncState`).
///
/// Version 3 keeps the scene as the report shows it beside the driver's (`shown_…`) and each photo's altitude.
///
/// Version 2 adds the outbox (`Outbox`): one row per change still to be sent, written in the same
/// transaction as the change, and the device's id.
enum ReportSchema {
    static let migrations: [SQLiteMigration] = [
        SQLiteMigration(version: 1, sql: """
            CREATE TABLE reports (
                id BLOB NOT NULL PRIMARY KEY,
                crash_id TEXT NOT NULL,
                status TEXT NOT NULL CHECK (status IN ('draft', 'completed')),
                created_at REAL NOT NULL,
                updated_at REAL NOT NULL,
                completed_at REAL,
                occurred_at REAL NOT NULL,
                latitude REAL,
                longitude REAL,
                address TEXT,
                note TEXT NOT NULL,
                revision INTEGER NOT NULL,
                injury_count INTEGER NOT NULL,
                photo_count INTEGER NOT NULL,
                has_note INTEGER NOT NULL
            );
            CREATE INDEX reports_newest_first ON reports (created_at DESC, id);
            CREATE INDEX reports_by_crash_id ON reports (crash_id);

            CREATE TABLE report_injuries (
                report_id BLOB NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
                injury INTEGER NOT NULL,
                PRIMARY KEY (report_id, injury)
            ) WITHOUT ROWID;

            CREATE TABLE photos (
                report_id BLOB NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                id BLOB NOT NULL,
                section TEXT NOT NULL,
                content_hash TEXT NOT NULL,
                media_type TEXT NOT NULL,
                byte_count INTEGER NOT NULL,
                width INTEGER NOT NULL,
                height INTEGER NOT NULL,
                original_file_name TEXT NOT NULL,
                added_at REAL NOT NULL,
                taken_at REAL,
                taken_latitude REAL,
                taken_longitude REAL,
                orientation INTEGER NOT NULL,
                server_file_name TEXT,
                PRIMARY KEY (report_id, position)
            );
            CREATE INDEX photos_by_content_hash ON photos (content_hash);
            """),
        // The outbox: changes this device made that a server has not confirmed yet, numbered in order
        // (AUTOINCREMENT never reuses a number), and the device's id, made once.
        SQLiteMigration(version: 2, sql: """
            CREATE TABLE device (
                singleton INTEGER NOT NULL PRIMARY KEY CHECK (singleton = 1),
                id BLOB NOT NULL
            );
            INSERT INTO device (singleton, id) VALUES (1, randomblob(16));

            CREATE TABLE outbox (
                sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                kind TEXT NOT NULL CHECK (kind IN ('report', 'deletion', 'photo')),
                report_id BLOB,
                revision INTEGER,
                content_hash TEXT,
                CHECK ((kind = 'photo') = (content_hash IS NOT NULL)),
                CHECK ((kind = 'photo') = (report_id IS NULL)),
                CHECK ((kind = 'report') = (revision IS NOT NULL))
            );
            CREATE INDEX outbox_by_report ON outbox (report_id) WHERE report_id IS NOT NULL;
            CREATE INDEX outbox_by_photo ON outbox (content_hash) WHERE content_hash IS NOT NULL;
            """),
        // The scene as the report shows it (the driver's, else taken from photos), so the list of reports shows
        // it without reading photos; NULL in rows written before, which the list reads as the driver's scene.
        // And each photo's altitude.
        SQLiteMigration(version: 3, sql: """
            ALTER TABLE reports ADD COLUMN shown_occurred_at REAL;
            ALTER TABLE reports ADD COLUMN shown_latitude REAL;
            ALTER TABLE reports ADD COLUMN shown_longitude REAL;
            ALTER TABLE reports ADD COLUMN shown_address TEXT;
            ALTER TABLE photos ADD COLUMN taken_altitude REAL;
            """),
        // What the server holds: for each report this device sent or received, the server's revision of it
        // (``SyncState``). Kept apart from `reports`, whose revision is this store's own.
        SQLiteMigration(version: 4, sql: """
            CREATE TABLE server_reports (
                report_id BLOB NOT NULL PRIMARY KEY,
                server_revision INTEGER NOT NULL CHECK (server_revision >= 0)
            ) WITHOUT ROWID;
            """),
        // The base of a three-way merge, and completed reports the server erased (kept here, not sent again); the
        // notices sync keeps until the driver has seen them; documents still named after a replaced crash ID.
        SQLiteMigration(version: 5, sql: """
            ALTER TABLE server_reports ADD COLUMN base TEXT;
            ALTER TABLE server_reports ADD COLUMN erased INTEGER NOT NULL DEFAULT 0 CHECK (erased IN (0, 1));

            CREATE TABLE sync_notices (
                sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                report_id BLOB NOT NULL,
                crash_id TEXT NOT NULL,
                noticed_at REAL NOT NULL,
                event TEXT NOT NULL
            );

            CREATE TABLE replaced_crash_ids (
                report_id BLOB NOT NULL PRIMARY KEY,
                crash_id TEXT NOT NULL
            ) WITHOUT ROWID;
            """),
        // The one server account this folder's reports belong to, bound at the first sync.
        SQLiteMigration(version: 6, sql: """
            CREATE TABLE server_account (
                singleton INTEGER NOT NULL PRIMARY KEY CHECK (singleton = 1),
                account_id TEXT NOT NULL,
                name TEXT NOT NULL,
                server TEXT NOT NULL,
                bound_at REAL NOT NULL
            );
            """),
        // The provisional crash ID a report is still found by; the scene's offset from UTC (the report's times are
        // shown in it); the crash detection's measurements; the page each draft was left on.
        SQLiteMigration(version: 7, sql: """
            ALTER TABLE reports ADD COLUMN provisional_crash_id TEXT;
            ALTER TABLE reports ADD COLUMN utc_offset_minutes INTEGER;
            ALTER TABLE reports ADD COLUMN detection TEXT;
            CREATE INDEX reports_by_provisional_crash_id ON reports (provisional_crash_id) WHERE provisional_crash_id IS NOT NULL;

            CREATE TABLE draft_places (
                report_id BLOB NOT NULL PRIMARY KEY REFERENCES reports (id) ON DELETE CASCADE,
                page TEXT NOT NULL
            ) WITHOUT ROWID;
            """),
        // Where this device's view of the server's changes ends: the cursor of the last page taken in.
        SQLiteMigration(version: 8, sql: """
            CREATE TABLE sync_cursor (
                singleton INTEGER NOT NULL PRIMARY KEY CHECK (singleton = 1),
                cursor TEXT NOT NULL
            );
            """),
        // The insurer's acknowledgement of a submitted report (claim number, message), as the wire's JSON.
        SQLiteMigration(version: 9, sql: """
            ALTER TABLE reports ADD COLUMN acknowledgement TEXT;
            """),
        // The accident statement, as the wire's JSON; the driver's own details that fill vehicle A of a new report.
        SQLiteMigration(version: 10, sql: """
            ALTER TABLE reports ADD COLUMN statement TEXT;
            ALTER TABLE reports ADD COLUMN statement_parts INTEGER NOT NULL DEFAULT 0;
            CREATE TABLE driver_profile (
                singleton INTEGER NOT NULL PRIMARY KEY CHECK (singleton = 1),
                vehicle TEXT NOT NULL
            );
            """),
        // The reports still without the scene the list shows (stored before version 3): the check made at every
        // opening reads this index, empty once they are filled, instead of every report.
        SQLiteMigration(version: 11, sql: """
            CREATE INDEX reports_without_shown_scene ON reports (id) WHERE shown_occurred_at IS NULL;
            """),
        // The language the app spoke when the report was started (the server writes the driver's documents in it).
        SQLiteMigration(version: 12, sql: """
            ALTER TABLE reports ADD COLUMN language TEXT;
            """),
        // The offset a photo's clock had when it was taken, so its time is shown at it.
        SQLiteMigration(version: 13, sql: """
            ALTER TABLE photos ADD COLUMN taken_utc_offset_minutes INTEGER;
            ALTER TABLE reports ADD COLUMN shown_utc_offset_minutes INTEGER;
            """),
        // The crash's other parties (cyclists, pedestrians, property, a vehicle that left), as the wire's JSON; a
        // report from before has none.
        SQLiteMigration(version: 14, sql: """
            ALTER TABLE reports ADD COLUMN parties TEXT;
            """),
        // The claim's steps after it was submitted (the insurer's), as the wire's JSON; a report from before has none.
        SQLiteMigration(version: 15, sql: """
            ALTER TABLE reports ADD COLUMN claim_timeline TEXT;
            """),
    ]
}
