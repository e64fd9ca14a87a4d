/// Where requests hand on their ``ServerJob``s. The embedded default does each at once in the request
/// (``InlineJobs``); with several instances, jobs are rows any instance may take (``PostgresJobQueue``), so a job
/// whose instance died is done by another.
protocol JobQueue: Sendable {
    /// Has the job done and returns once it is (a request that answers with the job's result waits for it).
    /// - Throws: what the job failed with, when it did not succeed.
    func perform(_ job: ServerJob) async throws

    /// Hands the job on; it is done soon, by this instance or another.
    func enqueue(_ job: ServerJob) async throws
}
