import Domain
import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle

/// Jobs as rows in PostgreSQL's `jobs` table, done by whichever instance takes them first: the queue of every
/// instance sharing the database, and this instance's worker (run as a service beside the HTTP server).
///
/// A worker takes one job at a time with `SELECT … FOR UPDATE SKIP LOCKED` (two workers never take the same), leasing
/// it for ``lease``; a job whose instance died is taken up again once its lease ran out. Workers are woken by
/// `NOTIFY` on ``wakeChannel`` when a job is queued, and look for work every ``pollInterval`` as well, in case a
/// notification was missed. A job that failed is tried again after a pause, up to ``maximumAttempts`` times.
/// ``perform(_:)`` queues the job and waits until it is done or failed (at most ``waitLimit``).
final class PostgresJobQueue: JobQueue, Service {
    /// The channel a queued job is announced on.
    static let wakeChannel = "crash_assistant_jobs"

    let client: PostgresClient
    let performer: JobPerformer
    let lease: Duration
    let pollInterval: Duration
    let maximumAttempts: Int
    /// How long ``perform(_:)`` waits for its job before it gives up (the job itself is still done).
    let waitLimit: Duration
    private let logger: Logger

    init(
        client: PostgresClient, performer: JobPerformer, lease: Duration = .seconds(120),
        pollInterval: Duration = .seconds(1), maximumAttempts: Int = 3, waitLimit: Duration = .seconds(300), logger: Logger
    ) {
        self.client = client
        self.performer = performer
        self.lease = lease
        self.pollInterval = pollInterval
        self.maximumAttempts = maximumAttempts
        self.waitLimit = waitLimit
        self.logger = logger
    }

    // MARK: - Queueing

    func perform(_ job: ServerJob) async throws {
        let id = try await insert(job)
        let deadline = ContinuousClock.now + waitLimit
        var pause = Duration.milliseconds(10)
        while true {
            guard ContinuousClock.now < deadline else { throw JobFailure(reason: "not done within \(waitLimit)") }
            try await Task.sleep(for: pause)
            pause = min(pause * 2, .milliseconds(100))
            var outcome: (String, String?)?
            try await client.rows("SELECT state, last_error FROM jobs WHERE id = \(id)") { row in
                outcome = try row.decode((String, String?).self)
            }
            switch outcome?.0 {
            case "done"?: return
            case "failed"?: throw JobFailure(reason: outcome?.1 ?? "unknown")
            case nil: throw JobFailure(reason: "the job vanished")
            default: continue
            }
        }
    }

    func enqueue(_ job: ServerJob) async throws {
        _ = try await insert(job)
    }

    /// A job that did not succeed after its tries, with the last failure's words.
    struct JobFailure: Error, CustomStringConvertible {
        let reason: String
        var description: String { "the job failed: \(reason)" }
    }

    private func insert(_ job: ServerJob) async throws -> Int {
        let (kind, payload) = try Self.encode(job)
        var id: Int?
        try await client.rows("""
            WITH queued AS (INSERT INTO jobs (kind, payload) VALUES (\(kind), \(payload)) RETURNING id)
            SELECT id, pg_notify(\(Self.wakeChannel), '') FROM queued
            """) { row in
            id = try row.decode(Int.self)
        }
        guard let id else { throw JobFailure(reason: "the job was not queued") }
        return id
    }

    // MARK: - Working

    /// Does jobs until the service group shuts down.
    func run() async throws {
        let (wakeups, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await self.listen(waking: wake) }
                group.addTask {
                    while !Task.isCancelled {
                        wake.yield()
                        try? await Task.sleep(for: self.pollInterval)
                    }
                }
                group.addTask {
                    for await _ in wakeups {
                        while !Task.isCancelled, await self.doNextJob() {}
                    }
                }
                await group.next()
                group.cancelAll()
            }
        }
        wake.finish()
    }

    /// Holds a connection listening on ``wakeChannel``, and wakes the worker on each notification; listens again
    /// after a pause when the connection is lost.
    private func listen(waking wake: AsyncStream<Void>.Continuation) async {
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    for try await _ in try await connection.listen(Self.wakeChannel) {
                        wake.yield()
                    }
                }
            } catch {
                if Task.isCancelled { return }
                logger.warning("listening for jobs failed; trying again", metadata: ["error": "\(String(reflecting: error))"])
            }
            try? await Task.sleep(for: pollInterval)
        }
    }

    /// Takes the oldest job that is free (never taken, or its lease ran out), does it and records how it went.
    /// - Returns: whether there was one.
    func doNextJob() async -> Bool {
        let claimed: (id: Int, job: ServerJob?, attempts: Int)?
        do {
            claimed = try await claim()
        } catch {
            logger.warning("taking a job failed", metadata: ["error": "\(String(reflecting: error))"])
            return false
        }
        guard let claimed else { return false }
        do {
            guard let job = claimed.job else { throw JobFailure(reason: "the job's payload cannot be read") }
            try await performer.perform(job)
            try await client.rows("UPDATE jobs SET state = 'done', finished_at = now(), lease_until = NULL WHERE id = \(claimed.id)") { _ in }
        } catch {
            let reason = "\(error)"
            let final = claimed.attempts >= maximumAttempts || claimed.job == nil
            logger.error("a job failed", metadata: ["job": "\(claimed.id)", "attempt": "\(claimed.attempts)", "error": "\(reason)"])
            // Tried again after a pause (its lease moved to then), or given up.
            let retryAfter = Double(claimed.attempts * claimed.attempts)
            try? await client.rows("""
                UPDATE jobs SET last_error = \(reason),
                    state = CASE WHEN \(final) THEN 'failed' ELSE 'queued' END,
                    finished_at = CASE WHEN \(final) THEN now() END,
                    lease_until = CASE WHEN \(final) THEN NULL ELSE now() + make_interval(secs => \(retryAfter)) END
                WHERE id = \(claimed.id)
                """) { _ in }
        }
        return true
    }

    private func claim() async throws -> (id: Int, job: ServerJob?, attempts: Int)? {
        let leaseSeconds = Double(lease.components.seconds) + Double(lease.components.attoseconds) / 1e18
        var claimed: (id: Int, job: ServerJob?, attempts: Int)?
        try await client.rows("""
            UPDATE jobs SET attempts = attempts + 1, lease_until = now() + make_interval(secs => \(leaseSeconds))
            WHERE id = (
                SELECT id FROM jobs WHERE state = 'queued' AND (lease_until IS NULL OR lease_until < now())
                ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1
            )
            RETURNING id, kind, payload, attempts
            """) { row in
            let (id, kind, payload, attempts) = try row.decode((Int, String, String, Int).self)
            claimed = (id, Self.decode(kind: kind, payload: payload), attempts)
        }
        return claimed
    }

    // MARK: - Payloads

    /// A job's row: its kind and its facts as JSON.
    private struct Payload: Codable {
        var recipient: String?
        var crashID: String?
        var webLink: String?
        var appLink: String?
        var isTest: Bool?
    }

    static func encode(_ job: ServerJob) throws -> (kind: String, payload: String) {
        let (kind, payload): (String, Payload) = switch job {
        case let .sendSMS(message):
            ("send_sms", Payload(
                recipient: message.recipient, crashID: message.crashID.rawValue, webLink: message.webLink,
                appLink: message.appLink, isTest: message.isTest
            ))
        }
        return (kind, String(decoding: try JSONEncoder().encode(payload), as: UTF8.self))
    }

    /// The job in a row; `nil` when the row cannot be read (it is then marked failed).
    static func decode(kind: String, payload text: String) -> ServerJob? {
        guard let payload = try? JSONDecoder().decode(Payload.self, from: Data(text.utf8)) else { return nil }
        switch kind {
        case "send_sms":
            guard let recipient = payload.recipient, let crashID = payload.crashID.flatMap({ try? CrashID(validating: $0) }),
                  let webLink = payload.webLink, let appLink = payload.appLink, let isTest = payload.isTest else { return nil }
            return .sendSMS(SMSMessage(recipient: recipient, crashID: crashID, webLink: webLink, appLink: appLink, isTest: isTest))
        default:
            return nil
        }
    }
}
