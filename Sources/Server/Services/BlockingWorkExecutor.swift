import NIOPosix

/// Runs a task's work on NIO's blocking thread pool, for work that blocks its thread for long (drawing a PDF with
/// cairo): neither the server's event loops nor Swift's few cooperative threads wait for it.
final class BlockingWorkExecutor: TaskExecutor {
    static let shared = BlockingWorkExecutor(pool: .singleton)

    private let pool: NIOThreadPool

    init(pool: NIOThreadPool) {
        self.pool = pool
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        pool.submit { _ in
            job.runSynchronously(on: executor)
        }
    }
}
