import PostgresNIO

/// Runs a `PostgresClient` for as long as this value lives (the server runs its pools as services; tests run them here).
package final class RunningClient: Sendable {
    private let task: Task<Void, Never>

    package init(_ client: PostgresClient) {
        task = Task { await client.run() }
    }

    deinit {
        task.cancel()
    }
}
