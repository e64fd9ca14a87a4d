import Storage

/// The layout of the server's database (`DIR/server.sqlite3`), one migration per version.
///
/// Every table a user owns is keyed by its owner first, so each query names the owner and one user's rows are
/// out of another's reach by construction: two users may even hold a report with the same id. Ids are UUIDs as
/// 16-byte blobs; times are REAL seconds since 2001-01-01 UTC (`Date.timeIntervalSinceReferenceDate`), so they
/// read back exactly. A report is kept whole as its wire JSON (`body`), read back through `CrashReport(wire:)`;
/// the columns beside it are what listing and the revision check need.
package enum ServerSchema {
    package static let migrations: [SQLiteMigration] = [
        SQLiteMigration(version: 1, sql: """
            CREATE TABLE accounts (
                id BLOB NOT NULL PRIMARY KEY,
                name TEXT NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('user', 'detector')),
                token_digest TEXT NOT NULL UNIQUE,
                created_at REAL NOT NULL,
                UNIQUE (kind, name)
            );

            CREATE TABLE crash_ids (
                crash_id TEXT NOT NULL PRIMARY KEY,
                owner BLOB NOT NULL,
                issued_at REAL NOT NULL
            ) WITHOUT ROWID;
            CREATE INDEX crash_ids_by_owner ON crash_ids (owner, crash_id);

            CREATE TABLE crash_events (
                detector BLOB NOT NULL,
                event_id TEXT NOT NULL,
                crash_id TEXT NOT NULL REFERENCES crash_ids (crash_id),
                report_id BLOB NOT NULL,
                owner BLOB NOT NULL,
                received_at REAL NOT NULL,
                detected_at REAL NOT NULL,
                latitude REAL NOT NULL,
                longitude REAL NOT NULL,
                accuracy_meters REAL,
                position_trusted INTEGER NOT NULL,
                heading_degrees REAL,
                speed_kmh REAL,
                delta_v_kmh REAL,
                airbags_deployed INTEGER NOT NULL,
                rollover INTEGER NOT NULL,
                is_test INTEGER NOT NULL,
                PRIMARY KEY (detector, event_id)
            ) WITHOUT ROWID;
            CREATE INDEX crash_events_by_owner ON crash_events (owner, received_at);

            CREATE TABLE reports (
                owner BLOB NOT NULL,
                id BLOB NOT NULL,
                crash_id TEXT NOT NULL,
                status TEXT NOT NULL CHECK (status IN ('draft', 'completed')),
                revision INTEGER NOT NULL CHECK (revision > 0),
                updated_at REAL NOT NULL,
                body TEXT NOT NULL,
                PRIMARY KEY (owner, id)
            );
            CREATE INDEX reports_newest_first ON reports (owner, updated_at DESC, id DESC);

            CREATE TABLE report_documents (
                owner BLOB NOT NULL,
                report_id BLOB NOT NULL,
                sha256 TEXT NOT NULL,
                revision INTEGER NOT NULL,
                PRIMARY KEY (owner, report_id),
                FOREIGN KEY (owner, report_id) REFERENCES reports (owner, id) ON DELETE CASCADE
            ) WITHOUT ROWID;

            CREATE TABLE photos (
                owner BLOB NOT NULL,
                sha256 TEXT NOT NULL,
                media_type TEXT NOT NULL,
                byte_count INTEGER NOT NULL CHECK (byte_count >= 0),
                uploaded_at REAL NOT NULL,
                PRIMARY KEY (owner, sha256)
            ) WITHOUT ROWID;

            CREATE TABLE uploads (
                id BLOB NOT NULL PRIMARY KEY,
                owner BLOB NOT NULL,
                sha256 TEXT NOT NULL,
                expected_length INTEGER NOT NULL CHECK (expected_length >= 0),
                offset INTEGER NOT NULL CHECK (offset >= 0),
                started_at REAL NOT NULL,
                UNIQUE (owner, sha256)
            );
            """),
        // A crash ID names one report of a user: a save looks up the report holding it.
        SQLiteMigration(version: 2, sql: """
            CREATE INDEX reports_by_crash_id ON reports (owner, crash_id);
            """),
        // Each crash event's digest, so an event id sent again with another event is refused.
        SQLiteMigration(version: 3, sql: """
            ALTER TABLE crash_events ADD COLUMN event_digest TEXT;
            """),
        // Each owner's changes numbered in the order they were made, so a device asks only for what changed since it
        // last asked: every save of a report takes the owner's next number (`change_seq`), every delete leaves a
        // tombstone with one. Reports stored before are numbered in the order they were written.
        SQLiteMigration(version: 4, sql: """
            ALTER TABLE reports ADD COLUMN change_seq INTEGER NOT NULL DEFAULT 0;
            UPDATE reports SET change_seq = rowid;
            CREATE INDEX reports_by_change ON reports (owner, change_seq);
            CREATE TABLE report_tombstones (
                owner BLOB NOT NULL,
                id BLOB NOT NULL,
                change_seq INTEGER NOT NULL,
                deleted_at REAL NOT NULL,
                PRIMARY KEY (owner, id)
            ) WITHOUT ROWID;
            CREATE INDEX report_tombstones_by_change ON report_tombstones (owner, change_seq);
            CREATE TABLE report_change_counters (
                owner BLOB NOT NULL PRIMARY KEY,
                last_seq INTEGER NOT NULL,
                forgotten_through INTEGER NOT NULL DEFAULT 0
            ) WITHOUT ROWID;
            INSERT INTO report_change_counters (owner, last_seq) SELECT owner, max(change_seq) FROM reports GROUP BY owner;
            """),
        // Users' phone numbers; the SMS messages to them with their states; and the jobs that send them, written in
        // the same transaction as the crash event they are about (a transactional outbox).
        SQLiteMigration(version: 5, sql: """
            ALTER TABLE accounts ADD COLUMN phone TEXT;
            CREATE TABLE sms_messages (
                id BLOB NOT NULL PRIMARY KEY,
                crash_id TEXT NOT NULL,
                owner BLOB NOT NULL,
                recipient TEXT NOT NULL,
                body TEXT NOT NULL,
                report_token TEXT NOT NULL,
                state TEXT NOT NULL CHECK (state IN ('queued', 'accepted', 'delivered', 'failed')),
                detail TEXT,
                created_at REAL NOT NULL,
                updated_at REAL NOT NULL
            );
            CREATE INDEX sms_messages_by_crash ON sms_messages (crash_id, created_at);
            CREATE INDEX sms_messages_by_owner ON sms_messages (owner);
            CREATE INDEX sms_messages_newest_first ON sms_messages (created_at DESC);
            CREATE TABLE jobs (
                id INTEGER PRIMARY KEY,
                kind TEXT NOT NULL,
                payload TEXT NOT NULL,
                state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'done', 'failed')),
                attempts INTEGER NOT NULL DEFAULT 0,
                lease_until REAL,
                last_error TEXT,
                created_at REAL NOT NULL,
                finished_at REAL
            );
            CREATE INDEX jobs_queued ON jobs (id) WHERE state = 'queued';
            """),
        // Claims handlers, a third kind of account (the kinds are checked by the table, so it is made again); and each
        // submitted report as a claim, with its own id (two drivers' reports may share a report id), when it was first
        // stored completed, and whether a handler acknowledged it. Reports completed before count as submitted when
        // last changed (a completed report does not change).
        SQLiteMigration(version: 6, sql: """
            CREATE TABLE accounts_with_handlers (
                id BLOB NOT NULL PRIMARY KEY,
                name TEXT NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('user', 'detector', 'handler')),
                token_digest TEXT NOT NULL UNIQUE,
                created_at REAL NOT NULL,
                phone TEXT,
                UNIQUE (kind, name)
            );
            INSERT INTO accounts_with_handlers (id, name, kind, token_digest, created_at, phone)
                SELECT id, name, kind, token_digest, created_at, phone FROM accounts;
            DROP TABLE accounts;
            ALTER TABLE accounts_with_handlers RENAME TO accounts;

            CREATE TABLE claims (
                id BLOB NOT NULL PRIMARY KEY,
                owner BLOB NOT NULL,
                report_id BLOB NOT NULL,
                submitted_at REAL NOT NULL,
                acknowledged_at REAL,
                UNIQUE (owner, report_id),
                FOREIGN KEY (owner, report_id) REFERENCES reports (owner, id) ON DELETE CASCADE
            );
            CREATE INDEX claims_newest_first ON claims (submitted_at DESC, id DESC);
            INSERT INTO claims (id, owner, report_id, submitted_at)
                SELECT randomblob(16), owner, id, updated_at FROM reports WHERE status = 'completed';
            """),
        // The claims handlers' signed-in sessions on the web pages, by the digest of their cookie.
        SQLiteMigration(version: 7, sql: """
            CREATE TABLE handler_sessions (
                digest TEXT NOT NULL PRIMARY KEY,
                account BLOB NOT NULL,
                token_digest TEXT NOT NULL,
                csrf TEXT NOT NULL,
                created_at REAL NOT NULL,
                expires_at REAL NOT NULL
            ) WITHOUT ROWID;
            CREATE INDEX handler_sessions_by_account ON handler_sessions (account, created_at);
            CREATE INDEX handler_sessions_by_expiry ON handler_sessions (expires_at);
            """),
        // The one-time links to the other driver's part of an accident statement, by the digest of their token.
        SQLiteMigration(version: 8, sql: """
            CREATE TABLE statement_links (
                digest TEXT NOT NULL PRIMARY KEY,
                report BLOB NOT NULL,
                owner BLOB NOT NULL,
                created_at REAL NOT NULL,
                expires_at REAL NOT NULL,
                used_at REAL
            ) WITHOUT ROWID;
            CREATE INDEX statement_links_by_expiry ON statement_links (expires_at);
            """),
        // Who is removing a photo's bytes (so no upload of the same bytes begins meanwhile), and the photo rows found by
        // their bytes alone; the SMS delivery-report tokens kept as digests (those of earlier messages are turned
        // into digests in place when the store opens, and the clear column left empty).
        SQLiteMigration(version: 9, sql: """
            CREATE TABLE photo_removals (
                sha256 TEXT NOT NULL PRIMARY KEY,
                since REAL NOT NULL
            ) WITHOUT ROWID;
            CREATE INDEX photos_by_hash ON photos (sha256);
            CREATE INDEX uploads_by_hash ON uploads (sha256);
            ALTER TABLE sms_messages ADD COLUMN report_digests TEXT NOT NULL DEFAULT '';
            """),
        // The other driver signs or declines through their link: when they did, the code last sent (its digest, until
        // when, wrong tries) and when codes were sent in the last hour.
        SQLiteMigration(version: 10, sql: """
            ALTER TABLE statement_links ADD COLUMN decided_at REAL;
            ALTER TABLE statement_links ADD COLUMN code_digest TEXT;
            ALTER TABLE statement_links ADD COLUMN code_expires_at REAL;
            ALTER TABLE statement_links ADD COLUMN code_tries INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE statement_links ADD COLUMN codes_sent TEXT NOT NULL DEFAULT '';
            """),
        // The language a user's crash SMS and documents are written in, when the report does not say.
        SQLiteMigration(version: 11, sql: """
            ALTER TABLE accounts ADD COLUMN language TEXT;
            """),
        // Each job's sequence (``ServerJob/sequence(smsOwner:)``): a job waits while an earlier one of its sequence is
        // not finished, and jobs of different sequences run side by side. Jobs queued before have none.
        SQLiteMigration(version: 12, sql: """
            ALTER TABLE jobs ADD COLUMN sequence TEXT;
            CREATE INDEX jobs_queued_by_sequence ON jobs (sequence, id) WHERE state = 'queued';
            """),
        // The rates count the rows of one window: a user's crash IDs by when they were issued, a detector's events by
        // when they came (without these, each count read every row the account ever had).
        SQLiteMigration(version: 13, sql: """
            DROP INDEX crash_ids_by_owner;
            CREATE INDEX crash_ids_by_owner ON crash_ids (owner, issued_at);
            CREATE INDEX crash_events_by_detector ON crash_events (detector, received_at);
            """),
        // A code to sign a statement is bound to the version and the number it was sent for (a code kept before has
        // none, so it no longer signs); the codes texted in the last hour, counted per number and per report whatever
        // link asked (the number kept as a digest); when a newer link of the report replaced a link; the other driver's
        // copies, drawn once in each language asked for.
        SQLiteMigration(version: 14, sql: """
            ALTER TABLE statement_links ADD COLUMN code_binding TEXT;
            ALTER TABLE statement_links ADD COLUMN replaced_at REAL;
            CREATE TABLE statement_copies (
                link TEXT NOT NULL,
                language TEXT NOT NULL,
                owner BLOB NOT NULL,
                sha256 TEXT NOT NULL,
                PRIMARY KEY (link, language)
            ) WITHOUT ROWID;
            CREATE INDEX statement_copies_by_hash ON statement_copies (sha256);
            CREATE INDEX statement_copies_by_owner ON statement_copies (owner);
            CREATE TABLE statement_code_sends (
                recipient TEXT NOT NULL,
                report BLOB NOT NULL,
                owner BLOB NOT NULL,
                sent_at REAL NOT NULL
            );
            CREATE INDEX statement_code_sends_by_recipient ON statement_code_sends (recipient, sent_at);
            CREATE INDEX statement_code_sends_by_report ON statement_code_sends (report, sent_at);
            CREATE INDEX statement_code_sends_by_time ON statement_code_sends (sent_at);
            """),
        // Every version of a submitted report's PDF, kept: a later one is added beside the earlier (report_documents
        // names the newest). A PDF recorded before is its report's first version.
        SQLiteMigration(version: 15, sql: """
            CREATE TABLE document_versions (
                owner BLOB NOT NULL,
                report_id BLOB NOT NULL,
                number INTEGER NOT NULL CHECK (number > 0),
                sha256 TEXT NOT NULL,
                revision INTEGER NOT NULL,
                created_at REAL NOT NULL,
                reason TEXT NOT NULL,
                PRIMARY KEY (owner, report_id, number),
                FOREIGN KEY (owner, report_id) REFERENCES reports (owner, id) ON DELETE CASCADE
            ) WITHOUT ROWID;
            CREATE INDEX document_versions_by_hash ON document_versions (sha256);
            INSERT INTO document_versions (owner, report_id, number, sha256, revision, created_at, reason)
                SELECT d.owner, d.report_id, 1, d.sha256, d.revision, r.updated_at, 'submitted'
                FROM report_documents d JOIN reports r ON r.owner = d.owner AND r.id = d.report_id;
            """),
        // The signing record: each signature and decline of a report's statement as the server took it, append-only
        // (no statement updates a line or deletes one while its report is there; they go with their report). The acts stored before start it, as their reports
        // hold them (their time recorded is the report's last change). A link's code names the message that carried it.
        SQLiteMigration(version: 16, sql: """
            CREATE TABLE signing_record (
                owner BLOB NOT NULL,
                report_id BLOB NOT NULL,
                number INTEGER NOT NULL CHECK (number > 0),
                side TEXT NOT NULL CHECK (side IN ('a', 'b')),
                act TEXT NOT NULL CHECK (act IN ('signed', 'declined')),
                means TEXT NOT NULL CHECK (means IN ('drivers-device', 'sms-code', 'same-device', 'link')),
                name TEXT,
                reason TEXT,
                account TEXT,
                phone TEXT,
                version TEXT NOT NULL,
                acted_at REAL NOT NULL,
                recorded_at REAL NOT NULL,
                code_sms BLOB,
                PRIMARY KEY (owner, report_id, number),
                FOREIGN KEY (owner, report_id) REFERENCES reports (owner, id) ON DELETE CASCADE
            ) WITHOUT ROWID;
            CREATE TRIGGER signing_record_append_only BEFORE UPDATE ON signing_record
            BEGIN SELECT RAISE(ABORT, 'the signing record is append-only'); END;
            CREATE TRIGGER signing_record_kept BEFORE DELETE ON signing_record
            WHEN EXISTS (SELECT 1 FROM reports WHERE owner = OLD.owner AND id = OLD.report_id)
            BEGIN SELECT RAISE(ABORT, 'the signing record goes only with its report'); END;
            INSERT INTO signing_record (owner, report_id, number, side, act, means, name, reason, account, phone, version, acted_at,
                recorded_at)
                SELECT owner, report_id, row_number() OVER (PARTITION BY owner, report_id ORDER BY kind, side), side, act, means, name,
                    reason, account, phone, version,
                    -- The wire's time (UTC, `2026-11-18T11:07:40.25Z`) in seconds since 2001, its fraction kept whole.
                    strftime('%s', substr(acted_at, 1, 19)) - 978307200
                        + CAST('0' || substr(acted_at, 20, instr(acted_at, 'Z') - 20) AS REAL),
                    recorded_at
                FROM (
                    SELECT r.owner AS owner, r.id AS report_id, 0 AS kind, lower(json_extract(s.value, '$.side')) AS side, 'signed' AS act,
                        json_extract(s.value, '$.verification') AS means, json_extract(s.value, '$.name') AS name, NULL AS reason,
                        json_extract(s.value, '$.account') AS account, json_extract(s.value, '$.phone') AS phone,
                        json_extract(s.value, '$.version') AS version,
                        json_extract(s.value, '$.signedAt') AS acted_at, r.updated_at AS recorded_at
                    FROM reports r, json_each(r.body, '$.statement.signatures') s
                    UNION ALL
                    SELECT r.owner, r.id, 1, 'b', 'declined', 'link', NULL, json_extract(r.body, '$.statement.decline.reason'), NULL, NULL,
                        json_extract(r.body, '$.statement.decline.version'),
                        json_extract(r.body, '$.statement.decline.declinedAt'), r.updated_at
                    FROM reports r WHERE json_extract(r.body, '$.statement.decline') IS NOT NULL
                );
            ALTER TABLE statement_links ADD COLUMN code_sms BLOB;
            """),
        // A report has a statement with each other motor vehicle besides B's: each act names its statement ('b', or the
        // party's id). Every act recorded before was B's.
        SQLiteMigration(version: 17, sql: """
            ALTER TABLE signing_record ADD COLUMN statement TEXT NOT NULL DEFAULT 'b';
            """),
        // Each link reaches one statement ('b', or the party's id), and the codes texted in an hour are counted per
        // statement. Every link and code made before was B's.
        SQLiteMigration(version: 18, sql: """
            ALTER TABLE statement_links ADD COLUMN statement TEXT NOT NULL DEFAULT 'b';
            CREATE INDEX statement_links_by_statement ON statement_links (report, statement, created_at);
            ALTER TABLE statement_code_sends ADD COLUMN statement TEXT NOT NULL DEFAULT 'b';
            DROP INDEX statement_code_sends_by_report;
            CREATE INDEX statement_code_sends_by_statement ON statement_code_sends (report, statement, sent_at);
            """),
        // A detector may not know whether the airbags deployed or the vehicle rolled over: those two may be NULL. SQLite
        // cannot drop a NOT NULL, so the table is made again with every row and index it had.
        SQLiteMigration(version: 19, sql: """
            CREATE TABLE crash_events_next (
                detector BLOB NOT NULL,
                event_id TEXT NOT NULL,
                crash_id TEXT NOT NULL REFERENCES crash_ids (crash_id),
                report_id BLOB NOT NULL,
                owner BLOB NOT NULL,
                received_at REAL NOT NULL,
                detected_at REAL NOT NULL,
                latitude REAL NOT NULL,
                longitude REAL NOT NULL,
                accuracy_meters REAL,
                position_trusted INTEGER NOT NULL,
                heading_degrees REAL,
                speed_kmh REAL,
                delta_v_kmh REAL,
                airbags_deployed INTEGER,
                rollover INTEGER,
                is_test INTEGER NOT NULL,
                event_digest TEXT,
                PRIMARY KEY (detector, event_id)
            ) WITHOUT ROWID;
            INSERT INTO crash_events_next (detector, event_id, crash_id, report_id, owner, received_at, detected_at, latitude, longitude,
                                           accuracy_meters, position_trusted, heading_degrees, speed_kmh, delta_v_kmh, airbags_deployed,
                                           rollover, is_test, event_digest)
                SELECT detector, event_id, crash_id, report_id, owner, received_at, detected_at, latitude, longitude, accuracy_meters,
                       position_trusted, heading_degrees, speed_kmh, delta_v_kmh, airbags_deployed, rollover, is_test, event_digest
                FROM crash_events;
            DROP TABLE crash_events;
            ALTER TABLE crash_events_next RENAME TO crash_events;
            CREATE INDEX crash_events_by_owner ON crash_events (owner, received_at);
            CREATE INDEX crash_events_by_detector ON crash_events (detector, received_at);
            """),
        // The insurer's references for a user: a customer number names one user, a policy may cover several.
        SQLiteMigration(version: 20, sql: """
            ALTER TABLE accounts ADD COLUMN customer_ref TEXT;
            ALTER TABLE accounts ADD COLUMN policy_ref TEXT;
            CREATE UNIQUE INDEX accounts_by_customer_ref ON accounts (customer_ref) WHERE customer_ref IS NOT NULL;
            CREATE INDEX accounts_by_policy_ref ON accounts (policy_ref) WHERE policy_ref IS NOT NULL;
            """),
        // Deliveries to the claims system, kept to be listed and replayed: when one was last queued again, the newest
        // of a kind, one report's, and those given up.
        SQLiteMigration(version: 21, sql: """
            ALTER TABLE jobs ADD COLUMN replayed_at REAL;
            CREATE INDEX jobs_by_kind ON jobs (kind, id);
            CREATE INDEX jobs_by_sequence ON jobs (sequence, id);
            CREATE INDEX jobs_given_up ON jobs (kind) WHERE state = 'failed';
            """),
        // The drivers' SMS replies, with the crash each answers; the numbers that asked for no more SMS; when a crash
        // event was answered as a false alarm; and the crash SMS to a number, to find what a reply answers.
        SQLiteMigration(version: 22, sql: """
            CREATE TABLE sms_replies (
                id BLOB NOT NULL PRIMARY KEY,
                gateway_id TEXT UNIQUE,
                sender TEXT NOT NULL,
                body TEXT NOT NULL,
                keyword TEXT CHECK (keyword IN ('ok', 'help', 'false-alarm', 'stop', 'start')),
                received_at REAL NOT NULL,
                sent_at REAL,
                crash_id TEXT NOT NULL,
                report_id BLOB NOT NULL,
                owner BLOB NOT NULL,
                crash_received_at REAL NOT NULL,
                draft_removed INTEGER NOT NULL DEFAULT 0
            );
            CREATE INDEX sms_replies_by_crash ON sms_replies (crash_id, received_at);
            CREATE INDEX sms_replies_by_keyword ON sms_replies (keyword, received_at);
            CREATE INDEX sms_replies_by_owner ON sms_replies (owner);
            CREATE TABLE sms_stops (
                phone TEXT NOT NULL PRIMARY KEY,
                stopped_at REAL NOT NULL
            );
            ALTER TABLE crash_events ADD COLUMN false_alarm_at REAL;
            CREATE INDEX crash_events_by_crash ON crash_events (crash_id);
            CREATE INDEX sms_messages_by_recipient ON sms_messages (recipient, created_at);
            ALTER TABLE report_tombstones ADD COLUMN reason TEXT;
            """),
    ]
}
