import Logging
import PostgresNIO
import ServerCore

/// The layout of the server's PostgreSQL database, one migration per version, and the way instances starting
/// together bring it up to date once.
///
/// The tables mirror the embedded SQLite layout (``ServerSchema``): every table a user owns is keyed by its owner
/// first; ids are `uuid`; times are `double precision` seconds since 2001-01-01 UTC
/// (`Date.timeIntervalSinceReferenceDate`), so they read back exactly; a report is kept whole as its wire JSON in
/// `body` (`text`, so what was written is what is read), beside the columns listing and the revision check need.
/// `crash_events.crash_id` is checked at commit (`DEFERRABLE INITIALLY DEFERRED`), so a crash event's row can be
/// claimed first, before its crash ID is issued in the same transaction. `jobs` holds the work any instance may do
/// (``JobStore``, done by each instance's ``JobWorker``), `sms_messages` the SMS to drivers with their states.
package enum PostgresSchema {
    /// One step of the layout: its statements run in one transaction with its row in `schema_migrations`.
    package struct Migration: Sendable {
        package let version: Int
        package let statements: [PostgresQuery]
    }

    /// The session advisory lock migrations run under (the bytes of "CrashAsM"), so of instances starting at once one
    /// migrates and the others wait, then find nothing left to do.
    package static let migrationLock: Int64 = 0x4372_6173_6841_734D

    package static let migrations: [Migration] = [
        Migration(version: 1, statements: [
            """
            CREATE TABLE accounts (
                id uuid NOT NULL PRIMARY KEY,
                name text NOT NULL,
                kind text NOT NULL CHECK (kind IN ('user', 'detector')),
                token_digest text NOT NULL UNIQUE,
                created_at double precision NOT NULL,
                UNIQUE (kind, name)
            )
            """,
            """
            CREATE TABLE crash_ids (
                crash_id text NOT NULL PRIMARY KEY,
                owner uuid NOT NULL,
                issued_at double precision NOT NULL
            )
            """,
            "CREATE INDEX crash_ids_by_owner ON crash_ids (owner, crash_id)",
            """
            CREATE TABLE crash_events (
                detector uuid NOT NULL,
                event_id text NOT NULL,
                crash_id text NOT NULL REFERENCES crash_ids (crash_id) DEFERRABLE INITIALLY DEFERRED,
                report_id uuid NOT NULL,
                owner uuid NOT NULL,
                received_at double precision NOT NULL,
                detected_at double precision NOT NULL,
                latitude double precision NOT NULL,
                longitude double precision NOT NULL,
                accuracy_meters double precision,
                position_trusted boolean NOT NULL,
                heading_degrees double precision,
                speed_kmh double precision,
                delta_v_kmh double precision,
                airbags_deployed boolean NOT NULL,
                rollover boolean NOT NULL,
                is_test boolean NOT NULL,
                PRIMARY KEY (detector, event_id)
            )
            """,
            "CREATE INDEX crash_events_by_owner ON crash_events (owner, received_at)",
            """
            CREATE TABLE reports (
                owner uuid NOT NULL,
                id uuid NOT NULL,
                crash_id text NOT NULL,
                status text NOT NULL CHECK (status IN ('draft', 'completed')),
                revision bigint NOT NULL CHECK (revision > 0),
                updated_at double precision NOT NULL,
                body text NOT NULL,
                PRIMARY KEY (owner, id)
            )
            """,
            "CREATE INDEX reports_newest_first ON reports (owner, updated_at DESC, id DESC)",
            """
            CREATE TABLE report_documents (
                owner uuid NOT NULL,
                report_id uuid NOT NULL,
                sha256 text NOT NULL,
                revision bigint NOT NULL,
                PRIMARY KEY (owner, report_id),
                FOREIGN KEY (owner, report_id) REFERENCES reports (owner, id) ON DELETE CASCADE
            )
            """,
            """
            CREATE TABLE photos (
                owner uuid NOT NULL,
                sha256 text NOT NULL,
                media_type text NOT NULL,
                byte_count bigint NOT NULL CHECK (byte_count >= 0),
                uploaded_at double precision NOT NULL,
                PRIMARY KEY (owner, sha256)
            )
            """,
            """
            CREATE TABLE uploads (
                id uuid NOT NULL PRIMARY KEY,
                owner uuid NOT NULL,
                sha256 text NOT NULL,
                expected_length bigint NOT NULL CHECK (expected_length >= 0),
                upload_offset bigint NOT NULL CHECK (upload_offset >= 0),
                started_at double precision NOT NULL,
                UNIQUE (owner, sha256)
            )
            """,
        ]),
        Migration(version: 2, statements: [
            """
            CREATE TABLE jobs (
                id bigserial PRIMARY KEY,
                kind text NOT NULL CHECK (kind IN ('render_document', 'send_sms')),
                payload text NOT NULL,
                state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'done', 'failed')),
                attempts integer NOT NULL DEFAULT 0,
                lease_until timestamptz,
                last_error text,
                created_at timestamptz NOT NULL DEFAULT now(),
                finished_at timestamptz
            )
            """,
            "CREATE INDEX jobs_queued ON jobs (id) WHERE state = 'queued'",
        ]),
        // A crash ID names one report of a user: a save looks up the report holding it.
        Migration(version: 3, statements: [
            "CREATE INDEX reports_by_crash_id ON reports (owner, crash_id)",
        ]),
        // Each crash event's digest, so an event id sent again with another event is refused.
        Migration(version: 4, statements: [
            "ALTER TABLE crash_events ADD COLUMN event_digest text",
        ]),
        // Each owner's changes numbered in the order they were made (see ServerSchema version 4). The owner's counter
        // row is locked by the save or delete that takes a number, so the owner's changes commit in number order.
        Migration(version: 5, statements: [
            "ALTER TABLE reports ADD COLUMN change_seq bigint NOT NULL DEFAULT 0",
            """
            UPDATE reports SET change_seq = numbered.n FROM (
                SELECT owner, id, row_number() OVER (PARTITION BY owner ORDER BY updated_at, id) AS n FROM reports
            ) AS numbered WHERE reports.owner = numbered.owner AND reports.id = numbered.id
            """,
            "CREATE INDEX reports_by_change ON reports (owner, change_seq)",
            """
            CREATE TABLE report_tombstones (
                owner uuid NOT NULL,
                id uuid NOT NULL,
                change_seq bigint NOT NULL,
                deleted_at double precision NOT NULL,
                PRIMARY KEY (owner, id)
            )
            """,
            "CREATE INDEX report_tombstones_by_change ON report_tombstones (owner, change_seq)",
            """
            CREATE TABLE report_change_counters (
                owner uuid NOT NULL PRIMARY KEY,
                last_seq bigint NOT NULL,
                forgotten_through bigint NOT NULL DEFAULT 0
            )
            """,
            "INSERT INTO report_change_counters (owner, last_seq) SELECT owner, max(change_seq) FROM reports GROUP BY owner",
        ]),
        // Users' phone numbers, and the SMS messages to them with their states (see ServerSchema version 5); the job
        // that sends one is written with it and its crash event, in one transaction.
        Migration(version: 6, statements: [
            "ALTER TABLE accounts ADD COLUMN phone text",
            """
            CREATE TABLE sms_messages (
                id uuid NOT NULL PRIMARY KEY,
                crash_id text NOT NULL,
                owner uuid NOT NULL,
                recipient text NOT NULL,
                body text NOT NULL,
                report_token text NOT NULL,
                state text NOT NULL CHECK (state IN ('queued', 'accepted', 'delivered', 'failed')),
                detail text,
                created_at double precision NOT NULL,
                updated_at double precision NOT NULL
            )
            """,
            "CREATE INDEX sms_messages_by_crash ON sms_messages (crash_id, created_at)",
            "CREATE INDEX sms_messages_by_owner ON sms_messages (owner)",
            "CREATE INDEX sms_messages_newest_first ON sms_messages (created_at DESC)",
            // The kinds of job: an SMS, and a first notice of loss to the insurer's claims system.
            "ALTER TABLE jobs DROP CONSTRAINT IF EXISTS jobs_kind_check",
            "ALTER TABLE jobs ADD CONSTRAINT jobs_kind_check CHECK (kind IN ('render_document', 'send_sms', 'deliver_webhook'))",
            // Jobs queued before name their user, not a message; they cannot be done any more.
            "UPDATE jobs SET state = 'failed', last_error = 'written by an earlier version', finished_at = now() WHERE state = 'queued'",
        ]),
        // Claims handlers, a third kind of account; and each submitted report as a claim (see ServerSchema version 6).
        Migration(version: 7, statements: [
            "ALTER TABLE accounts DROP CONSTRAINT IF EXISTS accounts_kind_check",
            "ALTER TABLE accounts ADD CONSTRAINT accounts_kind_check CHECK (kind IN ('user', 'detector', 'handler'))",
            """
            CREATE TABLE claims (
                id uuid NOT NULL PRIMARY KEY,
                owner uuid NOT NULL,
                report_id uuid NOT NULL,
                submitted_at double precision NOT NULL,
                acknowledged_at double precision,
                UNIQUE (owner, report_id),
                FOREIGN KEY (owner, report_id) REFERENCES reports (owner, id) ON DELETE CASCADE
            )
            """,
            "CREATE INDEX claims_newest_first ON claims (submitted_at DESC, id DESC)",
            "INSERT INTO claims (id, owner, report_id, submitted_at) SELECT gen_random_uuid(), owner, id, updated_at FROM reports WHERE status = 'completed'",
        ]),
        // The claims handlers' signed-in sessions on the web pages (see ServerSchema version 7).
        Migration(version: 8, statements: [
            """
            CREATE TABLE handler_sessions (
                digest text NOT NULL PRIMARY KEY,
                account uuid NOT NULL,
                token_digest text NOT NULL,
                csrf text NOT NULL,
                created_at double precision NOT NULL,
                expires_at double precision NOT NULL
            )
            """,
            "CREATE INDEX handler_sessions_by_account ON handler_sessions (account, created_at)",
            "CREATE INDEX handler_sessions_by_expiry ON handler_sessions (expires_at)",
        ]),
        // The one-time links to the other driver's part of an accident statement (see ServerSchema version 8).
        Migration(version: 9, statements: [
            """
            CREATE TABLE statement_links (
                digest text NOT NULL PRIMARY KEY,
                report uuid NOT NULL,
                owner uuid NOT NULL,
                created_at double precision NOT NULL,
                expires_at double precision NOT NULL,
                used_at double precision
            )
            """,
            "CREATE INDEX statement_links_by_expiry ON statement_links (expires_at)",
        ]),
        // Photo bytes being removed, photos and uploads by their bytes alone, and the SMS delivery-report tokens kept
        // as digests — those kept in clear before are turned into digests here (see ServerSchema version 9).
        Migration(version: 10, statements: [
            "CREATE TABLE photo_removals (sha256 text NOT NULL PRIMARY KEY, since double precision NOT NULL)",
            "CREATE INDEX photos_by_hash ON photos (sha256)",
            "CREATE INDEX uploads_by_hash ON uploads (sha256)",
            "ALTER TABLE sms_messages ADD COLUMN report_digests text NOT NULL DEFAULT ''",
            """
            UPDATE sms_messages SET report_digests = encode(sha256(convert_to(report_token, 'UTF8')), 'hex'), report_token = ''
            WHERE report_token <> ''
            """,
        ]),
        // The other driver signs or declines through their link (see ServerSchema version 10).
        Migration(version: 11, statements: [
            "ALTER TABLE statement_links ADD COLUMN decided_at double precision",
            "ALTER TABLE statement_links ADD COLUMN code_digest text",
            "ALTER TABLE statement_links ADD COLUMN code_expires_at double precision",
            "ALTER TABLE statement_links ADD COLUMN code_tries integer NOT NULL DEFAULT 0",
            "ALTER TABLE statement_links ADD COLUMN codes_sent text NOT NULL DEFAULT ''",
        ]),
        // The language of a user's crash SMS and documents (see ServerSchema version 11).
        Migration(version: 12, statements: [
            "ALTER TABLE accounts ADD COLUMN language text",
        ]),
        // Each job's sequence (see ServerSchema version 12).
        Migration(version: 13, statements: [
            "ALTER TABLE jobs ADD COLUMN sequence text",
            "CREATE INDEX jobs_queued_by_sequence ON jobs (sequence, id) WHERE state = 'queued'",
        ]),
        // The rates count the rows of one window (see ServerSchema version 13).
        Migration(version: 14, statements: [
            "DROP INDEX crash_ids_by_owner",
            "CREATE INDEX crash_ids_by_owner ON crash_ids (owner, issued_at)",
            "CREATE INDEX crash_events_by_detector ON crash_events (detector, received_at)",
        ]),
        // Codes bound to what they were sent for, the codes texted in the last hour, replaced links (see ServerSchema version 14).
        Migration(version: 15, statements: [
            "ALTER TABLE statement_links ADD COLUMN code_binding text",
            "ALTER TABLE statement_links ADD COLUMN replaced_at double precision",
            """
            CREATE TABLE statement_copies (
                link text NOT NULL,
                language text NOT NULL,
                owner uuid NOT NULL,
                sha256 text NOT NULL,
                PRIMARY KEY (link, language)
            )
            """,
            "CREATE INDEX statement_copies_by_hash ON statement_copies (sha256)",
            "CREATE INDEX statement_copies_by_owner ON statement_copies (owner)",
            """
            CREATE TABLE statement_code_sends (
                recipient text NOT NULL,
                report uuid NOT NULL,
                owner uuid NOT NULL,
                sent_at double precision NOT NULL
            )
            """,
            "CREATE INDEX statement_code_sends_by_recipient ON statement_code_sends (recipient, sent_at)",
            "CREATE INDEX statement_code_sends_by_report ON statement_code_sends (report, sent_at)",
            "CREATE INDEX statement_code_sends_by_time ON statement_code_sends (sent_at)",
        ]),
        // Every version of a submitted report's PDF, kept (see ServerSchema version 15).
        Migration(version: 16, statements: [
            """
            CREATE TABLE document_versions (
                owner uuid NOT NULL,
                report_id uuid NOT NULL,
                number integer NOT NULL CHECK (number > 0),
                sha256 text NOT NULL,
                revision bigint NOT NULL,
                created_at double precision NOT NULL,
                reason text NOT NULL,
                PRIMARY KEY (owner, report_id, number),
                FOREIGN KEY (owner, report_id) REFERENCES reports (owner, id) ON DELETE CASCADE
            )
            """,
            "CREATE INDEX document_versions_by_hash ON document_versions (sha256)",
            """
            INSERT INTO document_versions (owner, report_id, number, sha256, revision, created_at, reason)
                SELECT d.owner, d.report_id, 1, d.sha256, d.revision, r.updated_at, 'submitted'
                FROM report_documents d JOIN reports r ON r.owner = d.owner AND r.id = d.report_id
            """,
        ]),
        // The signing record, append-only (see ServerSchema version 16).
        Migration(version: 17, statements: [
            """
            CREATE TABLE signing_record (
                owner uuid NOT NULL,
                report_id uuid NOT NULL,
                number integer NOT NULL CHECK (number > 0),
                side text NOT NULL CHECK (side IN ('a', 'b')),
                act text NOT NULL CHECK (act IN ('signed', 'declined')),
                means text NOT NULL CHECK (means IN ('drivers-device', 'sms-code', 'same-device', 'link')),
                name text,
                reason text,
                account text,
                phone text,
                version text NOT NULL,
                acted_at double precision NOT NULL,
                recorded_at double precision NOT NULL,
                code_sms uuid,
                PRIMARY KEY (owner, report_id, number),
                FOREIGN KEY (owner, report_id) REFERENCES reports (owner, id) ON DELETE CASCADE
            )
            """,
            """
            CREATE FUNCTION signing_record_kept() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'UPDATE' THEN RAISE EXCEPTION 'the signing record is append-only'; END IF;
                IF EXISTS (SELECT 1 FROM reports WHERE owner = OLD.owner AND id = OLD.report_id) THEN
                    RAISE EXCEPTION 'the signing record goes only with its report';
                END IF;
                RETURN OLD;
            END
            $$
            """,
            """
            CREATE TRIGGER signing_record_kept BEFORE UPDATE OR DELETE ON signing_record
            FOR EACH ROW EXECUTE FUNCTION signing_record_kept()
            """,
            """
            INSERT INTO signing_record (owner, report_id, number, side, act, means, name, reason, account, phone, version, acted_at,
                recorded_at)
                SELECT owner, report_id, row_number() OVER (PARTITION BY owner, report_id ORDER BY kind, side), side, act, means, name,
                    reason, account, phone, version, acted_at, recorded_at
                FROM (
                    SELECT r.owner, r.id AS report_id, 0 AS kind, lower(s ->> 'side') AS side, 'signed' AS act, s ->> 'verification' AS means,
                        s ->> 'name' AS name, NULL AS reason, s ->> 'account' AS account, s ->> 'phone' AS phone, s ->> 'version' AS version,
                        extract(epoch FROM (s ->> 'signedAt')::timestamptz)::double precision - 978307200 AS acted_at,
                        r.updated_at AS recorded_at
                    FROM reports r, jsonb_array_elements(coalesce(r.body::jsonb -> 'statement' -> 'signatures', '[]'::jsonb)) s
                    UNION ALL
                    SELECT r.owner, r.id, 1, 'b', 'declined', 'link', NULL, r.body::jsonb -> 'statement' -> 'decline' ->> 'reason', NULL, NULL,
                        r.body::jsonb -> 'statement' -> 'decline' ->> 'version',
                        extract(epoch FROM (r.body::jsonb -> 'statement' -> 'decline' ->> 'declinedAt')::timestamptz)::double precision
                            - 978307200,
                        r.updated_at
                    FROM reports r WHERE r.body::jsonb -> 'statement' -> 'decline' IS NOT NULL
                ) acts
            """,
            "ALTER TABLE statement_links ADD COLUMN code_sms uuid",
        ]),
        // Each act names its statement: 'b', or the other motor vehicle's party id (see ServerSchema version 17).
        Migration(version: 18, statements: [
            "ALTER TABLE signing_record ADD COLUMN statement text NOT NULL DEFAULT 'b'",
        ]),
        // Each link reaches one statement ('b', or the party's id), and the codes texted in an hour are counted per
        // statement. Every link and code made before was B's.
        Migration(version: 19, statements: [
            "ALTER TABLE statement_links ADD COLUMN statement text NOT NULL DEFAULT 'b'",
            "CREATE INDEX statement_links_by_statement ON statement_links (report, statement, created_at)",
            "ALTER TABLE statement_code_sends ADD COLUMN statement text NOT NULL DEFAULT 'b'",
            "DROP INDEX statement_code_sends_by_report",
            "CREATE INDEX statement_code_sends_by_statement ON statement_code_sends (report, statement, sent_at)",
        ]),
        // A detector may not know whether the airbags deployed or the vehicle rolled over.
        Migration(version: 20, statements: [
            "ALTER TABLE crash_events ALTER COLUMN airbags_deployed DROP NOT NULL",
            "ALTER TABLE crash_events ALTER COLUMN rollover DROP NOT NULL",
        ]),
        // The insurer's references for a user: a customer number names one user, a policy may cover several.
        Migration(version: 21, statements: [
            "ALTER TABLE accounts ADD COLUMN customer_ref text",
            "ALTER TABLE accounts ADD COLUMN policy_ref text",
            "CREATE UNIQUE INDEX accounts_by_customer_ref ON accounts (customer_ref) WHERE customer_ref IS NOT NULL",
            "CREATE INDEX accounts_by_policy_ref ON accounts (policy_ref) WHERE policy_ref IS NOT NULL",
        ]),
        // Deliveries to the claims system, kept to be listed and replayed: when one was last queued again, the newest
        // of a kind, one report's, and those given up.
        Migration(version: 22, statements: [
            "ALTER TABLE jobs ADD COLUMN replayed_at timestamptz",
            "CREATE INDEX jobs_by_kind ON jobs (kind, id)",
            "CREATE INDEX jobs_by_sequence ON jobs (sequence, id)",
            "CREATE INDEX jobs_given_up ON jobs (kind) WHERE state = 'failed'",
        ]),
        // The drivers' SMS replies, with the crash each answers; the numbers that asked for no more SMS; when a crash
        // event was answered as a false alarm; and the crash SMS to a number, to find what a reply answers.
        Migration(version: 23, statements: [
            """
            CREATE TABLE sms_replies (
                id uuid NOT NULL PRIMARY KEY,
                gateway_id text UNIQUE,
                sender text NOT NULL,
                body text NOT NULL,
                keyword text CHECK (keyword IN ('ok', 'help', 'false-alarm', 'stop', 'start')),
                received_at double precision NOT NULL,
                sent_at double precision,
                crash_id text NOT NULL,
                report_id uuid NOT NULL,
                owner uuid NOT NULL,
                crash_received_at double precision NOT NULL,
                draft_removed boolean NOT NULL DEFAULT false
            )
            """,
            "CREATE INDEX sms_replies_by_crash ON sms_replies (crash_id, received_at)",
            "CREATE INDEX sms_replies_by_keyword ON sms_replies (keyword, received_at)",
            "CREATE INDEX sms_replies_by_owner ON sms_replies (owner)",
            "CREATE TABLE sms_stops (phone text NOT NULL PRIMARY KEY, stopped_at double precision NOT NULL)",
            "ALTER TABLE crash_events ADD COLUMN false_alarm_at double precision",
            "CREATE INDEX crash_events_by_crash ON crash_events (crash_id)",
            "CREATE INDEX sms_messages_by_recipient ON sms_messages (recipient, created_at)",
            "ALTER TABLE report_tombstones ADD COLUMN reason text",
        ]),
    ]

    // MARK: - Migrating

    /// Brings the layout up to date on `connection`: under ``migrationLock`` (held by this session until done), each
    /// missing version in one transaction with its row in `schema_migrations`.
    /// - Returns: the versions this call applied (none when another instance had done it).
    /// - Throws: ``PostgresOpenError/newerLayout(found:known:)`` when the database holds a version this program does
    ///   not know, changing nothing; ``PostgresOpenError/migrationFailed(version:reason:)`` when a step failed (it is
    ///   rolled back whole).
    @discardableResult
    package static func migrate(on connection: PostgresConnection, logger: Logger) async throws -> [Int] {
        try await connection.query("SELECT pg_advisory_lock(\(migrationLock))", logger: logger)
        do {
            let applied = try await bringUpToDate(on: connection, logger: logger)
            try await connection.query("SELECT pg_advisory_unlock(\(migrationLock))", logger: logger)
            return applied
        } catch {
            // Dropped with the session anyway; unlocked here so a caller keeping the connection does not hold it.
            _ = try? await connection.query("SELECT pg_advisory_unlock(\(migrationLock))", logger: logger)
            throw error
        }
    }

    private static func bringUpToDate(on connection: PostgresConnection, logger: Logger) async throws -> [Int] {
        try await connection.query("""
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version bigint NOT NULL PRIMARY KEY,
                applied_at timestamptz NOT NULL DEFAULT now()
            )
            """, logger: logger)
        var present: Set<Int> = []
        for try await version in try await connection.query("SELECT version FROM schema_migrations", logger: logger).decode(Int.self) {
            present.insert(version)
        }
        let known = migrations.last?.version ?? 0
        if let newest = present.max(), newest > known {
            throw PostgresOpenError.newerLayout(found: newest, known: known)
        }
        var applied: [Int] = []
        for migration in migrations where !present.contains(migration.version) {
            do {
                try await connection.inTransaction(logger: logger) { connection in
                    for statement in migration.statements {
                        try await connection.query(statement, logger: logger)
                    }
                    try await connection.query(
                        "INSERT INTO schema_migrations (version) VALUES (\(migration.version))", logger: logger
                    )
                }
            } catch let error as PSQLError {
                throw PostgresOpenError.migrationFailed(version: migration.version, reason: PostgresServerStore.message(of: error))
            }
            logger.notice("database layout migrated", metadata: ["version": "\(migration.version)"])
            applied.append(migration.version)
        }
        return applied
    }
}
