import PostgresNIO

extension PostgresClient {
    /// Runs one query on a connection of the pool and hands every row to `row`; nothing is logged.
    package func rows(_ query: PostgresQuery, _ row: (PostgresRow) throws -> Void) async throws {
        for try await each in try await self.query(query, logger: PostgresServerStore.queryLogger) {
            try row(each)
        }
    }
}
