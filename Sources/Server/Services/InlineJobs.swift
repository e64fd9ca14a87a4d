/// The embedded default of ``JobQueue``: every job is done at once, in the request that hands it on.
struct InlineJobs: JobQueue {
    let performer: JobPerformer

    func perform(_ job: ServerJob) async throws {
        try await performer.perform(job)
    }

    func enqueue(_ job: ServerJob) async throws {
        try await performer.perform(job)
    }
}
