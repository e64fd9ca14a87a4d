import Foundation
import Logging
import PostgresNIO
import ServerCore

/// The server's store on PostgreSQL, for running several instances over one database: accounts, crash IDs and
/// crash events, each user's reports and the photos they uploaded, in the layout of ``PostgresSchema``.
///
/// Queries go through postgres-nio's `PostgresClient`, a pool that must run for the store to answer: the server runs
/// it as a ServiceLifecycle service beside the HTTP server (``client``). Every query binds its values (`PostgresQuery`
/// interpolation); none is spliced into SQL. Every change that reads before it writes does both in one transaction
/// whose reads lock what they check (`SELECT … FOR UPDATE`) or whose writes claim a key first
/// (`INSERT … ON CONFLICT DO NOTHING`), so two instances, like two requests, cannot both pass the check.
package final class PostgresServerStore: Sendable {
    /// The pool; run it (`client.run()`, or as a service) for as long as the store is used.
    package let client: PostgresClient

    /// What queries log into: nothing, so no query or value (a token's digest, a note) reaches the log. Failures
    /// are thrown, and the HTTP edge logs them.
    package static let queryLogger = Logger(label: "crash-assistant-server.postgres") { _ in SwiftLogNoOpLogHandler() }

    private init(client: PostgresClient) {
        self.client = client
    }

    /// Connects once to check that the database can be used and to bring its layout up to date
    /// (``PostgresSchema/migrate(on:logger:)``), then makes the pool. Call it at start-up, before serving.
    /// - Parameter logger: for what the connections say in the background, kept to notices and above.
    /// - Throws: ``PostgresOpenError`` saying why the database cannot be used.
    package static func open(_ location: PostgresLocation, logger: Logger) async throws(PostgresOpenError) -> PostgresServerStore {
        var quiet = logger
        quiet.logLevel = max(logger.logLevel, .notice)
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(
                configuration: try location.connectionConfiguration(), id: 1, logger: quiet
            )
        } catch {
            throw openError(error)
        }
        do {
            try await PostgresSchema.migrate(on: connection, logger: quiet)
        } catch {
            try? await connection.close()
            throw error as? PostgresOpenError ?? openError(error)
        }
        try? await connection.close()
        let client = PostgresClient(configuration: location.clientConfiguration(maximumConnections: 20), backgroundLogger: quiet)
        return PostgresServerStore(client: client)
    }

    // MARK: - Transactions

    /// Runs `body` in one transaction on a connection of the pool: all of it or nothing; its error comes out as is.
    package func writing<Result: Sendable>(_ body: @Sendable (PostgresConnection) async throws -> Result) async throws -> Result {
        try await client.withConnection { connection in
            try await connection.inTransaction(logger: Self.queryLogger, body)
        }
    }

    // MARK: - PostgreSQL's answers

    /// Whether the error is PostgreSQL refusing a row for a unique key (`23505`).
    package static func isUniqueViolation(_ error: any Error) -> Bool {
        (error as? PSQLError)?.serverInfo?[.sqlState] == "23505"
    }

    /// What PostgreSQL or the network said, without the query or its values.
    package static func message(of error: PSQLError) -> String {
        if let message = error.serverInfo?[.message] { return message }
        if let underlying = error.underlying { return "\(underlying)" }
        return "\(error.code)"
    }

    /// The facts of an error met while connecting or migrating.
    private static func openError(_ error: any Error) -> PostgresOpenError {
        guard let error = error as? PSQLError else { return .unreachable(cause: "\(error)") }
        if error.code == .server { return .refused(reason: message(of: error)) }
        return .unreachable(cause: message(of: error))
    }
}

extension PostgresServerStore {
    /// Refuses a write for an account that no longer exists, inside the write's own transaction: the account's row is
    /// share-locked (`FOR KEY SHARE`) until the write commits, so an erasure (which locks it `FOR UPDATE`) waits for the
    /// write and then removes what it wrote, or comes first and the write finds no account and writes nothing.
    /// - Parameter forQuota: the write takes a quota (``Allowance``): the row is locked for update, so the account's
    ///   writes that count their quota go one at a time, each counting what the one before wrote.
    static func requireAccount(_ owner: AccountID, on connection: PostgresConnection, forQuota: Bool = false) async throws {
        var found = false
        let rows = forQuota
            ? try await connection.query("SELECT 1 FROM accounts WHERE id = \(owner.rawValue) FOR NO KEY UPDATE", logger: queryLogger)
            : try await connection.query("SELECT 1 FROM accounts WHERE id = \(owner.rawValue) FOR KEY SHARE", logger: queryLogger)
        for try await _ in rows { found = true }
        guard found else { throw ServerRefusal.accountGone }
    }
}
