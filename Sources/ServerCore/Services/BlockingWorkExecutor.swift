import NIOPosix

/// Runs a task's work on NIO's blocking thread pool, for work that blocks its thread for long (drawing a PDF with
/// cairo): neither the server's event loops nor Swift's few cooperative threads wait for it.
package final class BlockingWorkExecutor: TaskExecutor {
    package static let shared = BlockingWorkExecutor(pool: .singleton)

    private let pool: NIOThreadPool

    package init(pool: NIOThreadPool) {
        self.pool = pool
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        pool.submit { _ in
            job.runSynchronously(on: executor)
        }
    }
}
