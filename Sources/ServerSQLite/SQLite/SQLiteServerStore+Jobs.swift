import Domain
import Foundation
import ServerCore
import Storage

extension SQLiteServerStore: SMSStore {
    package func smsMessage(_ id: SMSMessageID) async throws -> SMSMessage? {
        try await reading { connection in
            let query = try connection.statement("""
                SELECT id, crash_id, owner, recipient, body, report_digests, state, detail, created_at, updated_at FROM sms_messages
                    WHERE id = \(id.rawValue)
                """)
            defer { query.reset() }
            return try query.step() ? try Self.sms(from: query) : nil
        }
    }

    package func smsMessages(crashID: CrashID) async throws -> [SMSMessage] {
        try await reading { connection in
            let query = try connection.statement("""
                SELECT id, crash_id, owner, recipient, body, report_digests, state, detail, created_at, updated_at FROM sms_messages
                    WHERE crash_id = \(crashID.rawValue) ORDER BY created_at, rowid
                """)
            defer { query.reset() }
            var messages: [SMSMessage] = []
            while try query.step() { messages.append(try Self.sms(from: query)) }
            return messages
        }
    }

    package func recentSMSMessages(limit: Int) async throws -> [SMSMessage] {
        try await reading { connection in
            let query = try connection.statement("""
                SELECT id, crash_id, owner, recipient, body, report_digests, state, detail, created_at, updated_at FROM sms_messages
                    ORDER BY created_at DESC, rowid DESC LIMIT \(limit)
                """)
            defer { query.reset() }
            var messages: [SMSMessage] = []
            while try query.step() { messages.append(try Self.sms(from: query)) }
            return messages
        }
    }

    package func updateSMS(_ id: SMSMessageID, to state: SMSState, detail: String?, at date: Date, reportToken: String?) async throws -> SMSUpdate? {
        try await writing { connection in
            guard let current = try Self.message(id, in: connection) else { return nil }
            if let reportToken, !current.acceptsReport(token: reportToken) { return nil }
            return try Self.move(current, to: state, detail: detail, at: date, in: connection)
        }
    }

    package func addReportDigest(_ digest: TokenDigest, to id: SMSMessageID) async throws -> SMSMessage? {
        try await writing { connection in
            guard let current = try Self.message(id, in: connection) else { return nil }
            guard current.state == .queued else { return current }
            let message = current.adding(reportDigest: digest)
            let update = try connection.statement("""
                UPDATE sms_messages SET report_digests = \(SMSMessage.digestsText(message.reportDigests)) WHERE id = \(id.rawValue)
                """)
            try update.run()
            return message
        }
    }

    package func recordHandOff(_ id: SMSMessageID, detail: String, text: String, finishing job: ClaimedJob, at date: Date) async throws -> SMSUpdate? {
        try await writing { connection in
            try Self.finish(job, at: date, in: connection)
            guard let current = try Self.message(id, in: connection) else { return nil }
            if text != current.text { try Self.replaceText(id, with: text, in: connection) }
            return try Self.move(current.withText(text), to: .accepted, detail: detail, at: date, in: connection)
        }
    }

    /// Moves `current` on to `state` (never back), inside the caller's transaction.
    private static func move(_ current: SMSMessage, to state: SMSState, detail: String?, at date: Date, in connection: SQLiteConnection) throws -> SMSUpdate {
        guard state.rank > current.state.rank || state == current.state else { return SMSUpdate(message: current, before: current.state) }
        let update = try connection.statement("""
            UPDATE sms_messages SET state = \(state.rawValue), detail = \(detail), updated_at = \(date.timeIntervalSinceReferenceDate)
                WHERE id = \(current.id.rawValue)
            """)
        try update.run()
        return SMSUpdate(message: current.moved(to: state, detail: detail, at: date), before: current.state)
    }

    package func replaceSMSText(_ id: SMSMessageID, with text: String) async throws {
        try await writing { connection in try Self.replaceText(id, with: text, in: connection) }
    }

    private static func replaceText(_ id: SMSMessageID, with text: String, in connection: SQLiteConnection) throws {
        let update = try connection.statement("UPDATE sms_messages SET body = \(text) WHERE id = \(id.rawValue)")
        try update.run()
    }

    /// The message, read inside the caller's transaction.
    private static func message(_ id: SMSMessageID, in connection: SQLiteConnection) throws -> SMSMessage? {
        let find = try connection.statement("""
            SELECT id, crash_id, owner, recipient, body, report_digests, state, detail, created_at, updated_at FROM sms_messages
                WHERE id = \(id.rawValue)
            """)
        defer { find.reset() }
        return try find.step() ? try sms(from: find) : nil
    }

    /// Turns the delivery-report tokens a layout before version 9 kept in clear into digests, inside the caller's
    /// write transaction; a message without one is left as it is.
    package static func digestReportTokens(in connection: SQLiteConnection) throws {
        let find = try connection.statement("SELECT id, report_token FROM sms_messages WHERE report_token <> ''")
        var found: [(UUID, String)] = []
        while try find.step() { found.append((try uuid(find, 0, table: "sms_messages", name: "id"), find.string(1))) }
        find.reset()
        for (id, token) in found {
            let update = try connection.statement("""
                UPDATE sms_messages SET report_digests = \(TokenDigest(token: token).hex), report_token = '' WHERE id = \(id)
                """)
            try update.run()
        }
    }

    // MARK: - Rows

    /// Writes a new message, inside the caller's write transaction.
    package static func insert(_ sms: SMSMessage, in connection: SQLiteConnection) throws {
        let insert = try connection.statement("""
            INSERT INTO sms_messages (id, crash_id, owner, recipient, body, report_token, report_digests, state, detail, created_at, updated_at)
            VALUES (\(sms.id.rawValue), \(sms.crashID.rawValue), \(sms.owner.rawValue), \(sms.recipient.e164), \(sms.text), '',
                \(SMSMessage.digestsText(sms.reportDigests)), \(sms.state.rawValue), \(sms.detail), \(sms.createdAt.timeIntervalSinceReferenceDate),
                \(sms.updatedAt.timeIntervalSinceReferenceDate))
            """)
        try insert.run()
    }

    private static func sms(from row: SQLiteStatement) throws(ServerStoreError) -> SMSMessage {
        let table = "sms_messages"
        guard let recipient = try StoredRecord.phone(row.string(3), table: table) else {
            throw .damagedRecord(table: table, reason: "recipient: missing")
        }
        return SMSMessage(
            id: SMSMessageID(try uuid(row, 0, table: table, name: "id")), crashID: try crashID(row, 1, table: table),
            owner: AccountID(try uuid(row, 2, table: table, name: "owner")), recipient: recipient, text: row.string(4),
            reportDigests: SMSMessage.digests(fromText: row.string(5)), state: try StoredRecord.named(row.string(6), as: SMSState.self, table: table, name: "state"),
            detail: row.optionalString(7), createdAt: date(row, 8), updatedAt: date(row, 9)
        )
    }
}

extension SQLiteServerStore: JobStore {
    package func enqueueJob(_ job: ServerJob, at date: Date) async throws {
        try await writing { connection in
            try Self.insert(job, at: date, in: connection)
        }
    }

    package func claimJob(at date: Date, leaseUntil: Date, excluding: Set<JobKind>) async throws -> ClaimedJob? {
        // The kinds left out, as ",send_sms,deliver_webhook," (a kind's name has no comma).
        let excluded = "," + excluding.map(\.row).filter { !$0.isEmpty }.sorted().joined(separator: ",") + ","
        return try await writing { connection -> ClaimedJob? in
            // A job whose earlier one of the same sequence is still queued waits: that one is leased to a worker,
            // waiting for its pause to end, or due before it.
            let find = try connection.statement("""
                SELECT j.id, j.kind, j.payload, j.attempts, coalesce(j.replayed_at, j.created_at) FROM jobs AS j
                WHERE j.state = 'queued' AND (j.lease_until IS NULL OR j.lease_until <= \(date.timeIntervalSinceReferenceDate))
                    AND instr(\(excluded), ',' || j.kind || ',') = 0
                    AND NOT EXISTS (SELECT 1 FROM jobs AS e WHERE e.state = 'queued' AND e.sequence = j.sequence AND e.id < j.id)
                ORDER BY j.id LIMIT 1
                """)
            guard try find.step() else {
                find.reset()
                return nil
            }
            let id = find.int(0)
            let job = ServerJob(kind: find.string(1), payload: find.string(2))
            let attempts = find.int(3) + 1
            let queuedAt = Self.date(find, 4)
            find.reset()
            let lease = try connection.statement("""
                UPDATE jobs SET attempts = \(attempts), lease_until = \(leaseUntil.timeIntervalSinceReferenceDate) WHERE id = \(id)
                """)
            try lease.run()
            return ClaimedJob(id: Int64(id), job: job, attempts: attempts, queuedAt: queuedAt)
        }
    }

    package func claimJobs(at date: Date, leaseUntil: Date, room: [JobKind: Int]) async throws -> [ClaimedJob] {
        let known = JobKind.allCases.map(\.row).filter { !$0.isEmpty }
        return try await writing { connection -> [ClaimedJob] in
            // Each kind with room on its own, and rows naming no known kind as one more "kind" (every known one left out).
            var wanted: [(kind: String?, limit: Int)] = JobKind.allCases.compactMap { kind in
                guard kind != .unreadable, let limit = room[kind], limit > 0 else { return nil }
                return (kind.row, limit)
            }
            if let limit = room[.unreadable], limit > 0 { wanted.append((nil, 1)) }
            var found: [(id: Int, job: ServerJob?, attempts: Int, queuedAt: Date)] = []
            // A job whose earlier one of the same sequence is still queued waits: that one is leased to a worker,
            // waiting for its pause to end, or due before it.
            let now = date.timeIntervalSinceReferenceDate
            let knownKinds = "," + known.joined(separator: ",") + ","
            for (kind, limit) in wanted {
                let find = try connection.statement("""
                    SELECT j.id, j.kind, j.payload, j.attempts, coalesce(j.replayed_at, j.created_at) FROM jobs AS j
                    WHERE j.state = 'queued' AND (j.lease_until IS NULL OR j.lease_until <= \(now))
                        AND (\(kind) IS NULL OR j.kind = \(kind)) AND (\(kind) IS NOT NULL OR instr(\(knownKinds), ',' || j.kind || ',') = 0)
                        AND NOT EXISTS (SELECT 1 FROM jobs AS e WHERE e.state = 'queued' AND e.sequence = j.sequence AND e.id < j.id)
                    ORDER BY j.id LIMIT \(limit)
                    """)
                defer { find.reset() }
                while try find.step() {
                    found.append((find.int(0), ServerJob(kind: find.string(1), payload: find.string(2)), find.int(3) + 1, Self.date(find, 4)))
                }
            }
            for job in found {
                let lease = try connection.statement(
                    "UPDATE jobs SET attempts = \(job.attempts), lease_until = \(leaseUntil.timeIntervalSinceReferenceDate) WHERE id = \(job.id)"
                )
                try lease.run()
            }
            return found.sorted { $0.id < $1.id }.map { ClaimedJob(id: Int64($0.id), job: $0.job, attempts: $0.attempts, queuedAt: $0.queuedAt) }
        }
    }

    package func finishJob(_ job: ClaimedJob, at date: Date) async throws {
        try await writing { connection in try Self.finish(job, at: date, in: connection) }
    }

    /// Marks the job done unless another worker took it since, inside the caller's transaction.
    private static func finish(_ job: ClaimedJob, at date: Date, in connection: SQLiteConnection) throws {
        let update = try connection.statement("""
            UPDATE jobs SET state = 'done', lease_until = NULL, finished_at = \(date.timeIntervalSinceReferenceDate)
            WHERE id = \(Int(job.id)) AND attempts = \(job.attempts) AND state = 'queued'
            """)
        try update.run()
    }

    package func putBackJob(_ job: ClaimedJob, error: String, retryAt: Date?, at date: Date) async throws {
        try await writing { connection in
            let retry = retryAt?.timeIntervalSinceReferenceDate
            let update = try connection.statement("""
                UPDATE jobs SET last_error = \(error),
                    state = CASE WHEN \(retry) IS NULL THEN 'failed' ELSE 'queued' END,
                    lease_until = \(retry),
                    finished_at = CASE WHEN \(retry) IS NULL THEN \(date.timeIntervalSinceReferenceDate) END
                WHERE id = \(Int(job.id)) AND attempts = \(job.attempts) AND state = 'queued'
                """)
            try update.run()
        }
    }

    package func forgetFinishedJobs(before date: Date) async throws -> Int {
        try await writing { connection in
            let delete = try connection.statement("""
                DELETE FROM jobs WHERE state IN ('done', 'failed') AND finished_at < \(date.timeIntervalSinceReferenceDate)
                """)
            try delete.run()
            return connection.changes
        }
    }

    package func jobCounts() async throws -> (queued: Int, failed: Int) {
        try await reading { connection in
            let query = try connection.statement("""
                SELECT count(*) FILTER (WHERE state = 'queued'), count(*) FILTER (WHERE state = 'failed') FROM jobs
                """)
            defer { query.reset() }
            guard try query.step() else { return (0, 0) }
            return (query.int(0), query.int(1))
        }
    }

    package func webhookDeliveries(_ query: DeliveryQuery, limit: Int) async throws -> [WebhookDelivery] {
        let since = query.since?.timeIntervalSinceReferenceDate
        let sequence = query.report.map { ServerJob.notifyInsurer(owner: $0.owner, report: $0.report).sequence(smsOwner: nil) }
        // One report's few rows are narrowed to its driver here; else the newest `limit` rows that match.
        let rows = sequence == nil ? limit : -1
        return try await reading { connection in
            let find = try connection.statement("""
                SELECT id, kind, payload, state, attempts, last_error, created_at, finished_at, replayed_at FROM jobs
                WHERE kind = \(JobKind.webhook.row)
                    AND (\(query.failedOnly ? 1 : 0) = 0 OR state = 'failed' OR (state = 'queued' AND last_error IS NOT NULL))
                    AND (\(since) IS NULL OR coalesce(replayed_at, created_at) >= \(since))
                    AND (\(sequence) IS NULL OR sequence = \(sequence))
                ORDER BY id DESC LIMIT \(rows)
                """)
            defer { find.reset() }
            var found: [WebhookDelivery] = []
            while try find.step() { found.append(Self.delivery(from: find)) }
            return Array(found.filter(query.matches).prefix(limit))
        }
    }

    package func replayDelivery(_ id: Int64, at date: Date) async throws -> ReplayOutcome {
        try await writing { connection in
            guard let delivery = try Self.delivery(id, in: connection) else { return .notFound }
            guard delivery.isReplayable else { return .stillTrying(delivery) }
            try Self.requeue([id], at: date, in: connection)
            return .queued(try Self.delivery(id, in: connection) ?? delivery)
        }
    }

    package func replayGivenUpDeliveries(since: Date, at date: Date) async throws -> [WebhookDelivery] {
        try await writing { connection in
            let find = try connection.statement("""
                SELECT id FROM jobs WHERE kind = \(JobKind.webhook.row) AND state = 'failed'
                    AND coalesce(replayed_at, created_at) >= \(since.timeIntervalSinceReferenceDate)
                ORDER BY id
                """)
            var ids: [Int64] = []
            while try find.step() { ids.append(Int64(find.int(0))) }
            find.reset()
            try Self.requeue(ids, at: date, in: connection)
            return try ids.compactMap { try Self.delivery($0, in: connection) }
        }
    }

    /// Queues finished deliveries again, due at once, inside the caller's write transaction.
    private static func requeue(_ ids: [Int64], at date: Date, in connection: SQLiteConnection) throws {
        for id in ids {
            let update = try connection.statement("""
                UPDATE jobs SET state = 'queued', lease_until = NULL, finished_at = NULL, replayed_at = \(date.timeIntervalSinceReferenceDate)
                WHERE id = \(Int(id)) AND kind = \(JobKind.webhook.row) AND state IN ('done', 'failed')
                """)
            try update.run()
        }
    }

    /// One delivery, read inside the caller's transaction; `nil` when no webhook job has this number.
    private static func delivery(_ id: Int64, in connection: SQLiteConnection) throws -> WebhookDelivery? {
        let find = try connection.statement("""
            SELECT id, kind, payload, state, attempts, last_error, created_at, finished_at, replayed_at FROM jobs
            WHERE id = \(Int(id)) AND kind = \(JobKind.webhook.row)
            """)
        defer { find.reset() }
        return try find.step() ? delivery(from: find) : nil
    }

    private static func delivery(from row: SQLiteStatement) -> WebhookDelivery {
        WebhookDelivery(
            id: Int64(row.int(0)), kind: row.string(1), payload: row.string(2), rowState: row.string(3), attempts: row.int(4),
            lastError: row.optionalString(5), queuedAt: date(row, 6), finishedAt: row.optionalDouble(7).map(Date.init(timeIntervalSinceReferenceDate:)),
            replayedAt: row.optionalDouble(8).map(Date.init(timeIntervalSinceReferenceDate:))
        )
    }

    /// Queues a job inside the caller's write transaction, in its sequence (an SMS's driver, `smsOwner`, is read from
    /// its message when not given).
    package static func insert(_ job: ServerJob, smsOwner given: AccountID? = nil, at date: Date, in connection: SQLiteConnection) throws {
        let (kind, payload) = job.row
        var smsOwner = given
        if smsOwner == nil, case let .sendSMS(id) = job {
            let find = try connection.statement("SELECT owner FROM sms_messages WHERE id = \(id.rawValue)")
            defer { find.reset() }
            if try find.step() { smsOwner = AccountID(try uuid(find, 0, table: "sms_messages", name: "owner")) }
        }
        let insert = try connection.statement("""
            INSERT INTO jobs (kind, payload, created_at, sequence) VALUES (\(kind), \(payload), \(date.timeIntervalSinceReferenceDate),
                \(job.sequence(smsOwner: smsOwner)))
            """)
        try insert.run()
    }
}

extension SQLiteServerStore: OperationsFigures {
    package func operationsFigures() async throws -> SharedFigures {
        try await reading { connection in
            var figures = SharedFigures()
            let jobs = try connection.statement("""
                SELECT j.kind, c.waiting, coalesce(j.replayed_at, j.created_at), j.attempts, j.last_error
                FROM (SELECT kind, count(*) AS waiting, min(id) AS oldest FROM jobs WHERE state = 'queued' GROUP BY kind) AS c
                JOIN jobs AS j ON j.id = c.oldest
                """)
            while try jobs.step() {
                guard let kind = JobKind(row: jobs.string(0)) else { continue }
                figures.jobs[kind] = JobBacklog(
                    waiting: jobs.int(1), oldestQueuedAt: Self.date(jobs, 2), oldestAttempts: jobs.int(3), oldestError: jobs.optionalString(4)
                )
            }
            jobs.reset()
            let givenUp = try connection.statement("SELECT kind, count(*) FROM jobs WHERE state = 'failed' GROUP BY kind")
            while try givenUp.step() {
                if let kind = JobKind(row: givenUp.string(0)) { figures.givenUp[kind] = givenUp.int(1) }
            }
            givenUp.reset()
            let sms = try connection.statement("SELECT state, count(*) FROM sms_messages GROUP BY state")
            while try sms.step() {
                if let state = SMSState(rawValue: sms.string(0)) { figures.sms[state] = sms.int(1) }
            }
            sms.reset()
            let uploads = try connection.statement("SELECT count(*), coalesce(sum(offset), 0) FROM uploads")
            if try uploads.step() { (figures.openUploads, figures.openUploadBytes) = (uploads.int(0), uploads.int(1)) }
            uploads.reset()
            return figures
        }
    }
}
