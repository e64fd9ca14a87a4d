import Domain
import ServerCore
import TestSupport

/// A server store made for one test, keeping its temporary folder (and, for PostgreSQL, its running pool) alive as
/// long as it is.
struct ServerStoreUnderTest: Sendable {
    typealias Store = ServerStore

    let store: any Store
    let directory: TemporaryDirectory
    /// What must live as long as the store (the PostgreSQL pool's run).
    var lifetime: (any Sendable)?
    /// Replaces the stored body of the owner's report with `body`, bypassing the store, as damage would.
    let damageReport: @Sendable (_ id: ReportID, _ owner: AccountID, _ body: String) async throws -> Void
    /// Runs one SQL statement beside the store, without its checks, as someone with the database would.
    let execute: @Sendable (_ sql: String) async throws -> Void
}
