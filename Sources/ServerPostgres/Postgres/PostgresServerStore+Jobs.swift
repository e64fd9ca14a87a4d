import Domain
import Foundation
import PostgresNIO
import ServerCore

extension PostgresServerStore: SMSStore {
    package func smsMessage(_ id: SMSMessageID) async throws -> SMSMessage? {
        var found: SMSMessage?
        try await client.rows("""
            SELECT id, crash_id, owner, recipient, body, report_digests, state, detail, created_at, updated_at
            FROM sms_messages WHERE id = \(id.rawValue)
            """) { row in found = try Self.sms(from: row) }
        return found
    }

    package func smsMessages(crashID: CrashID) async throws -> [SMSMessage] {
        var messages: [SMSMessage] = []
        try await client.rows("""
            SELECT id, crash_id, owner, recipient, body, report_digests, state, detail, created_at, updated_at
            FROM sms_messages WHERE crash_id = \(crashID.rawValue) ORDER BY created_at, id
            """) { row in messages.append(try Self.sms(from: row)) }
        return messages
    }

    package func recentSMSMessages(limit: Int) async throws -> [SMSMessage] {
        var messages: [SMSMessage] = []
        try await client.rows("""
            SELECT id, crash_id, owner, recipient, body, report_digests, state, detail, created_at, updated_at
            FROM sms_messages ORDER BY created_at DESC, id DESC LIMIT \(limit)
            """) { row in messages.append(try Self.sms(from: row)) }
        return messages
    }

    package func updateSMS(_ id: SMSMessageID, to state: SMSState, detail: String?, at date: Date, reportToken: String?) async throws -> SMSUpdate? {
        try await writing { connection in
            guard let current = try await Self.lockedMessage(id, on: connection) else { return nil }
            if let reportToken, !current.acceptsReport(token: reportToken) { return nil }
            return try await Self.move(current, to: state, detail: detail, at: date, on: connection)
        }
    }

    package func addReportDigest(_ digest: TokenDigest, to id: SMSMessageID) async throws -> SMSMessage? {
        try await writing { connection in
            guard let current = try await Self.lockedMessage(id, on: connection) else { return nil }
            guard current.state == .queued else { return current }
            let message = current.adding(reportDigest: digest)
            try await connection.query(
                "UPDATE sms_messages SET report_digests = \(SMSMessage.digestsText(message.reportDigests)) WHERE id = \(id.rawValue)",
                logger: Self.queryLogger
            )
            return message
        }
    }

    package func recordHandOff(_ id: SMSMessageID, detail: String, text: String, finishing job: ClaimedJob, at date: Date) async throws -> SMSUpdate? {
        try await writing { connection in
            try await connection.query(Self.finishing(job, at: date), logger: Self.queryLogger)
            guard let current = try await Self.lockedMessage(id, on: connection) else { return nil }
            if text != current.text {
                try await connection.query("UPDATE sms_messages SET body = \(text) WHERE id = \(id.rawValue)", logger: Self.queryLogger)
            }
            return try await Self.move(current.withText(text), to: .accepted, detail: detail, at: date, on: connection)
        }
    }

    /// Moves `current` (its row locked) on to `state` (never back), inside the caller's transaction.
    private static func move(_ current: SMSMessage, to state: SMSState, detail: String?, at date: Date, on connection: PostgresConnection) async throws -> SMSUpdate {
        guard state.rank > current.state.rank || state == current.state else { return SMSUpdate(message: current, before: current.state) }
        try await connection.query("""
            UPDATE sms_messages SET state = \(state.rawValue), detail = \(detail), updated_at = \(date.timeIntervalSinceReferenceDate)
            WHERE id = \(current.id.rawValue)
            """, logger: queryLogger)
        return SMSUpdate(message: current.moved(to: state, detail: detail, at: date), before: current.state)
    }

    /// The message, its row locked until the caller's transaction ends.
    private static func lockedMessage(_ id: SMSMessageID, on connection: PostgresConnection) async throws -> SMSMessage? {
        var found: SMSMessage?
        for try await row in try await connection.query("""
            SELECT id, crash_id, owner, recipient, body, report_digests, state, detail, created_at, updated_at
            FROM sms_messages WHERE id = \(id.rawValue) FOR UPDATE
            """, logger: queryLogger) {
            found = try sms(from: row)
        }
        return found
    }

    package func replaceSMSText(_ id: SMSMessageID, with text: String) async throws {
        try await client.query("UPDATE sms_messages SET body = \(text) WHERE id = \(id.rawValue)", logger: Self.queryLogger)
    }

    /// Writes a new message, inside the caller's transaction.
    package static func insert(_ sms: SMSMessage, on connection: PostgresConnection) async throws {
        try await connection.query("""
            INSERT INTO sms_messages (id, crash_id, owner, recipient, body, report_token, report_digests, state, detail, created_at, updated_at)
            VALUES (\(sms.id.rawValue), \(sms.crashID.rawValue), \(sms.owner.rawValue), \(sms.recipient.e164), \(sms.text), '',
                    \(SMSMessage.digestsText(sms.reportDigests)), \(sms.state.rawValue), \(sms.detail), \(sms.createdAt.timeIntervalSinceReferenceDate),
                    \(sms.updatedAt.timeIntervalSinceReferenceDate))
            """, logger: queryLogger)
    }

    private static func sms(from row: PostgresRow) throws -> SMSMessage {
        let table = "sms_messages"
        let (id, crashID, owner, recipient, body, token, state, detail, created, updated) =
            try row.decode((UUID, String, UUID, String, String, String, String, String?, Double, Double).self)
        guard let phone = try StoredRecord.phone(recipient, table: table) else {
            throw ServerStoreError.damagedRecord(table: table, reason: "recipient: missing")
        }
        return SMSMessage(
            id: SMSMessageID(id), crashID: try StoredRecord.crashID(crashID, table: table), owner: AccountID(owner),
            recipient: phone, text: body, reportDigests: SMSMessage.digests(fromText: token),
            state: try StoredRecord.named(state, as: SMSState.self, table: table, name: "state"), detail: detail,
            createdAt: Date(timeIntervalSinceReferenceDate: created), updatedAt: Date(timeIntervalSinceReferenceDate: updated)
        )
    }
}

/// Jobs in the `jobs` table, shared by every instance: a worker takes one with `SELECT … FOR UPDATE SKIP LOCKED`, so
/// two workers never take the same.
extension PostgresServerStore: JobStore {
    package func enqueueJob(_ job: ServerJob, at date: Date) async throws {
        try await writing { connection in
            try await Self.insert(job, at: date, on: connection)
        }
    }

    package func claimJob(at date: Date, leaseUntil: Date, excluding: Set<JobKind>) async throws -> ClaimedJob? {
        var claimed: ClaimedJob?
        let excludedRows = excluding.map(\.row).filter { !$0.isEmpty }.sorted()
        // A job whose earlier one of the same sequence is still queued waits: that one is leased to a worker, waiting
        // for its pause to end, or due before it.
        try await client.rows("""
            UPDATE jobs SET attempts = attempts + 1, lease_until = \(leaseUntil)
            WHERE id = (
                SELECT j.id FROM jobs AS j
                WHERE j.state = 'queued' AND (j.lease_until IS NULL OR j.lease_until <= \(date)) AND NOT (j.kind = ANY(\(excludedRows)))
                    AND NOT EXISTS (SELECT 1 FROM jobs AS e WHERE e.state = 'queued' AND e.sequence = j.sequence AND e.id < j.id)
                ORDER BY j.id FOR UPDATE SKIP LOCKED LIMIT 1
            )
            RETURNING id, kind, payload, attempts, coalesce(replayed_at, created_at)
            """) { row in
            let (id, kind, payload, attempts, created) = try row.decode((Int64, String, String, Int, Date).self)
            claimed = ClaimedJob(id: id, job: ServerJob(kind: kind, payload: payload), attempts: attempts, queuedAt: created)
        }
        return claimed
    }

    package func claimJobs(at date: Date, leaseUntil: Date, room: [JobKind: Int]) async throws -> [ClaimedJob] {
        let known = JobKind.allCases.map(\.row).filter { !$0.isEmpty }
        var claimed: [ClaimedJob] = []
        // Each kind with room on its own, and rows naming no known kind as one more "kind"; one statement each, so a
        // kind's jobs are taken in one round trip.
        var wanted: [(kinds: [String], outside: Bool, limit: Int)] = JobKind.allCases.compactMap { kind in
            guard kind != .unreadable, let limit = room[kind], limit > 0 else { return nil }
            return ([kind.row], false, limit)
        }
        if let limit = room[.unreadable], limit > 0 { wanted.append((known, true, 1)) }
        for (kinds, outside, limit) in wanted {
            // A job whose earlier one of the same sequence is still queued waits: that one is leased to a worker,
            // waiting for its pause to end, or due before it.
            try await client.rows("""
                UPDATE jobs SET attempts = attempts + 1, lease_until = \(leaseUntil)
                WHERE id IN (
                    SELECT j.id FROM jobs AS j
                    WHERE j.state = 'queued' AND (j.lease_until IS NULL OR j.lease_until <= \(date))
                        AND (j.kind = ANY(\(kinds))) <> \(outside)
                        AND NOT EXISTS (SELECT 1 FROM jobs AS e WHERE e.state = 'queued' AND e.sequence = j.sequence AND e.id < j.id)
                    ORDER BY j.id FOR UPDATE SKIP LOCKED LIMIT \(limit)
                )
                RETURNING id, kind, payload, attempts, coalesce(replayed_at, created_at)
                """) { row in
                let (id, kind, payload, attempts, created) = try row.decode((Int64, String, String, Int, Date).self)
                claimed.append(ClaimedJob(id: id, job: ServerJob(kind: kind, payload: payload), attempts: attempts, queuedAt: created))
            }
        }
        return claimed.sorted { $0.id < $1.id }
    }

    package func finishJob(_ job: ClaimedJob, at date: Date) async throws {
        try await client.rows(Self.finishing(job, at: date)) { _ in }
    }

    /// Marks the job done unless another worker took it since.
    private static func finishing(_ job: ClaimedJob, at date: Date) -> PostgresQuery {
        """
        UPDATE jobs SET state = 'done', finished_at = \(date), lease_until = NULL
        WHERE id = \(job.id) AND attempts = \(job.attempts) AND state = 'queued'
        """
    }

    package func putBackJob(_ job: ClaimedJob, error: String, retryAt: Date?, at date: Date) async throws {
        if let retryAt {
            try await client.rows("""
                UPDATE jobs SET last_error = \(error), state = 'queued', lease_until = \(retryAt)
                WHERE id = \(job.id) AND attempts = \(job.attempts) AND state = 'queued'
                """) { _ in }
        } else {
            try await client.rows("""
                UPDATE jobs SET last_error = \(error), state = 'failed', lease_until = NULL, finished_at = \(date)
                WHERE id = \(job.id) AND attempts = \(job.attempts) AND state = 'queued'
                """) { _ in }
        }
    }

    package func forgetFinishedJobs(before date: Date) async throws -> Int {
        var removed = 0
        try await client.rows("""
            WITH gone AS (DELETE FROM jobs WHERE state IN ('done', 'failed') AND finished_at < \(date) RETURNING 1)
            SELECT count(*) FROM gone
            """) { row in removed = try row.decode(Int.self) }
        return removed
    }

    package func jobCounts() async throws -> (queued: Int, failed: Int) {
        var counts = (queued: 0, failed: 0)
        try await client.rows("""
            SELECT count(*) FILTER (WHERE state = 'queued'), count(*) FILTER (WHERE state = 'failed') FROM jobs
            """) { row in
            let (queued, failed) = try row.decode((Int, Int).self)
            counts = (queued, failed)
        }
        return counts
    }

    package func webhookDeliveries(_ query: DeliveryQuery, limit: Int) async throws -> [WebhookDelivery] {
        let sequence = query.report.map { ServerJob.notifyInsurer(owner: $0.owner, report: $0.report).sequence(smsOwner: nil) }
        // One report's few rows are narrowed to its driver here; else the newest `limit` rows that match.
        let rows: Int? = sequence == nil ? limit : nil
        var found: [WebhookDelivery] = []
        try await client.rows("""
            SELECT \(unescaped: Self.deliveryColumns) FROM jobs
            WHERE kind = \(JobKind.webhook.row)
                AND (NOT \(query.failedOnly) OR state = 'failed' OR (state = 'queued' AND last_error IS NOT NULL))
                AND (\(query.since)::timestamptz IS NULL OR coalesce(replayed_at, created_at) >= \(query.since))
                AND (\(sequence)::text IS NULL OR sequence = \(sequence))
            ORDER BY id DESC LIMIT \(rows)
            """) { row in found.append(try Self.delivery(from: row)) }
        return Array(found.filter(query.matches).prefix(limit))
    }

    package func replayDelivery(_ id: Int64, at date: Date) async throws -> ReplayOutcome {
        try await writing { connection in
            var current: WebhookDelivery?
            for try await row in try await connection.query(
                "SELECT \(unescaped: Self.deliveryColumns) FROM jobs WHERE id = \(id) AND kind = \(JobKind.webhook.row) FOR UPDATE",
                logger: Self.queryLogger
            ) { current = try Self.delivery(from: row) }
            guard let current else { return .notFound }
            guard current.isReplayable else { return .stillTrying(current) }
            var replayed = current
            for try await row in try await connection.query(Self.requeueing([id], at: date), logger: Self.queryLogger) {
                replayed = try Self.delivery(from: row)
            }
            return .queued(replayed)
        }
    }

    package func replayGivenUpDeliveries(since: Date, at date: Date) async throws -> [WebhookDelivery] {
        try await writing { connection in
            var ids: [Int64] = []
            for try await row in try await connection.query("""
                SELECT id FROM jobs WHERE kind = \(JobKind.webhook.row) AND state = 'failed' AND coalesce(replayed_at, created_at) >= \(since)
                ORDER BY id FOR UPDATE
                """, logger: Self.queryLogger) { ids.append(try row.decode(Int64.self)) }
            var replayed: [WebhookDelivery] = []
            for try await row in try await connection.query(Self.requeueing(ids, at: date), logger: Self.queryLogger) {
                replayed.append(try Self.delivery(from: row))
            }
            return replayed.sorted { $0.id < $1.id }
        }
    }

    /// Queues finished deliveries again, due at once, returning them.
    private static func requeueing(_ ids: [Int64], at date: Date) -> PostgresQuery {
        """
        UPDATE jobs SET state = 'queued', lease_until = NULL, finished_at = NULL, replayed_at = \(date)
        WHERE id = ANY(\(ids)) AND kind = \(JobKind.webhook.row) AND state IN ('done', 'failed')
        RETURNING \(unescaped: deliveryColumns)
        """
    }

    private static let deliveryColumns = "id, kind, payload, state, attempts, last_error, created_at, finished_at, replayed_at"

    private static func delivery(from row: PostgresRow) throws -> WebhookDelivery {
        let (id, kind, payload, state, attempts, error, queuedAt, finishedAt, replayedAt) = try row.decode(
            (Int64, String, String, String, Int, String?, Date, Date?, Date?).self
        )
        return WebhookDelivery(
            id: id, kind: kind, payload: payload, rowState: state, attempts: attempts, lastError: error, queuedAt: queuedAt,
            finishedAt: finishedAt, replayedAt: replayedAt
        )
    }

    /// Queues a job inside the caller's transaction, in its sequence (an SMS's driver, `smsOwner`, is read from its
    /// message when not given).
    package static func insert(_ job: ServerJob, smsOwner given: AccountID? = nil, at date: Date, on connection: PostgresConnection) async throws {
        let (kind, payload) = job.row
        var smsOwner = given
        if smsOwner == nil, case let .sendSMS(id) = job {
            for try await row in try await connection.query("SELECT owner FROM sms_messages WHERE id = \(id.rawValue)", logger: queryLogger) {
                smsOwner = AccountID(try row.decode(UUID.self))
            }
        }
        let sequence = job.sequence(smsOwner: smsOwner)
        try await connection.query(
            "INSERT INTO jobs (kind, payload, created_at, sequence) VALUES (\(kind), \(payload), \(date), \(sequence))", logger: queryLogger
        )
    }
}

extension PostgresServerStore: OperationsFigures {
    package func operationsFigures() async throws -> SharedFigures {
        var figures = SharedFigures()
        try await client.rows("""
            SELECT j.kind, c.waiting, coalesce(j.replayed_at, j.created_at), j.attempts, j.last_error
            FROM (SELECT kind, count(*) AS waiting, min(id) AS oldest FROM jobs WHERE state = 'queued' GROUP BY kind) AS c
            JOIN jobs AS j ON j.id = c.oldest
            """) { row in
            let (kind, waiting, queuedAt, attempts, error) = try row.decode((String, Int, Date, Int, String?).self)
            guard let kind = JobKind(row: kind) else { return }
            figures.jobs[kind] = JobBacklog(waiting: waiting, oldestQueuedAt: queuedAt, oldestAttempts: attempts, oldestError: error)
        }
        try await client.rows("SELECT kind, count(*) FROM jobs WHERE state = 'failed' GROUP BY kind") { row in
            let (kind, count) = try row.decode((String, Int).self)
            if let kind = JobKind(row: kind) { figures.givenUp[kind] = count }
        }
        try await client.rows("SELECT state, count(*) FROM sms_messages GROUP BY state") { row in
            let (state, count) = try row.decode((String, Int).self)
            if let state = SMSState(rawValue: state) { figures.sms[state] = count }
        }
        try await client.rows("SELECT count(*), coalesce(sum(upload_offset), 0)::bigint FROM uploads") { row in
            (figures.openUploads, figures.openUploadBytes) = try row.decode((Int, Int).self)
        }
        return figures
    }
}
