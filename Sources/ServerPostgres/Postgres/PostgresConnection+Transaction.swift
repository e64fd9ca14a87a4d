import Logging
import PostgresNIO

extension PostgresConnection {
    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws. Unlike postgres-nio's
    /// `withTransaction`, the error `body` threw comes out as it is (a revision conflict stays a conflict).
    package func inTransaction<Result: Sendable>(
        logger: Logger, _ body: @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await query("BEGIN", logger: logger)
        let result: Result
        do {
            result = try await body(self)
        } catch {
            do {
                try await query("ROLLBACK", logger: logger)
            } catch {
                // A connection that cannot roll back is not handed to anyone else.
                let _: EventLoopFuture<Void> = close()
            }
            throw error
        }
        try await query("COMMIT", logger: logger)
        return result
    }
}
