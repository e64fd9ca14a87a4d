import Foundation

/// Jobs as rows beside the data they are about (``ServerJob``), taken by the workers of every instance sharing the
/// store (``JobWorker``). A job is taken by one worker at a time: taking it leases it until a time; a job whose
/// worker died is taken again once its lease ran out.
package protocol JobStore: Sendable {
    /// Queues a job on its own (jobs about something being stored are written with it, in its transaction).
    func enqueueJob(_ job: ServerJob, at date: Date) async throws

    /// Takes the oldest queued job that is due (never taken, its pause over, or its lease run out) and not of a kind
    /// in `excluding` (those the worker has no room for now), leased until `leaseUntil`. A job waits while an earlier
    /// job of its sequence (``ServerJob/sequence(smsOwner:)``) is not finished, whoever holds it.
    func claimJob(at date: Date, leaseUntil: Date, excluding: Set<JobKind>) async throws -> ClaimedJob?

    /// Takes, in one step, up to `room[kind]` of the oldest due jobs of each kind (and at most one whose row names no
    /// kind this server knows, when `room[.unreadable]` allows), each leased until `leaseUntil`, by the same rules as
    /// ``claimJob(at:leaseUntil:excluding:)``: of one sequence only its first unfinished job is taken.
    /// - Returns: the jobs taken, oldest first.
    func claimJobs(at date: Date, leaseUntil: Date, room: [JobKind: Int]) async throws -> [ClaimedJob]

    /// Marks the job done — unless another worker took it since (this claim's lease ran out), which then decides.
    func finishJob(_ job: ClaimedJob, at date: Date) async throws

    /// Puts the job back to be taken again from `retryAt`, keeping the failure's words; or, when `retryAt` is `nil`,
    /// marks it failed for good — unless another worker took it since.
    func putBackJob(_ job: ClaimedJob, error: String, retryAt: Date?, at date: Date) async throws

    /// Removes the jobs that finished (done, or failed for good) before `date`.
    /// - Returns: how many were removed.
    @discardableResult
    func forgetFinishedJobs(before date: Date) async throws -> Int

    /// How many jobs are queued (due or waiting for their pause to end) and how many failed for good.
    func jobCounts() async throws -> (queued: Int, failed: Int)

    /// The deliveries to the claims system the store keeps that `query` asks for, the newest first, at most `limit`.
    func webhookDeliveries(_ query: DeliveryQuery, limit: Int) async throws -> [WebhookDelivery]

    /// Queues a finished delivery (delivered, or given up) again, due at once, with a new day of tries counted from
    /// `date`; it keeps its place in its report's order (the report's later events wait for it), and the receiver gets
    /// the same `webhook-id` as before. One still being tried is left as it is.
    func replayDelivery(_ id: Int64, at date: Date) async throws -> ReplayOutcome

    /// Queues again, as ``replayDelivery(_:at:)`` does, every delivery given up that was queued (or last replayed)
    /// at or after `since`. - Returns: those queued, the oldest first.
    func replayGivenUpDeliveries(since: Date, at date: Date) async throws -> [WebhookDelivery]
}

extension JobStore {
    /// Takes the oldest due job of any kind.
    package func claimJob(at date: Date, leaseUntil: Date) async throws -> ClaimedJob? {
        try await claimJob(at: date, leaseUntil: leaseUntil, excluding: [])
    }
}
