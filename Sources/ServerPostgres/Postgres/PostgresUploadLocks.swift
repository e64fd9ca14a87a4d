import Crypto
import Domain
import Foundation
import PostgresNIO
import ServerCore

/// One request at a time per upload across every instance sharing the database: the lock is a PostgreSQL session
/// advisory lock on a key derived from the owner and the bytes' hash, held on one connection of the pool for as long
/// as the request appends. An instance that dies drops its connections, and with them its locks.
///
/// The connections holding locks come from a pool of their own (``client``), not the store's: a request holding a
/// lock queries the store, and must never wait for a connection another lock holder keeps.
///
/// Requests on one instance first take turns in-process (``UploadLocks``), so only one of them at a time asks the
/// database. A lock another instance holds is waited for like the in-process one: `pg_try_advisory_lock` is asked
/// again after a short pause, with the connection handed back in between, so waiting requests hold no connection.
package struct PostgresUploadLocks: UploadLocking {
    /// The pool the locks are held on; run it (as a service) for as long as the locks are used.
    package let client: PostgresClient
    package let local = UploadLocks()

    /// Locks on a new pool of at most `maximumConnections` connections (as many uploads at once on this instance).
    package init(_ location: PostgresLocation, maximumConnections: Int = 40, logger: Logger) {
        var quiet = logger
        quiet.logLevel = max(logger.logLevel, .notice)
        client = PostgresClient(configuration: location.clientConfiguration(maximumConnections: maximumConnections), backgroundLogger: quiet)
    }

    /// The longest pause between two tries.
    package var longestPause: Duration = .milliseconds(200)

    package func withLock<Result: Sendable>(
        owner: AccountID, contentHash: ContentHash, _ body: @Sendable () async throws -> Result
    ) async throws -> Result {
        try await local.withLock(owner: owner, contentHash: contentHash) {
            let key = Self.key(owner: owner, contentHash: contentHash)
            var pause = Duration.milliseconds(5)
            while true {
                if let result = try await attempt(key: key, body) { return result }
                try await Task.sleep(for: pause)
                pause = min(pause * 2, longestPause)
            }
        }
    }

    /// Runs `body` holding the lock when it is free; `nil` when another session holds it.
    private func attempt<Result: Sendable>(key: Int64, _ body: @Sendable () async throws -> Result) async throws -> Result? {
        try await client.withConnection { connection in
            let logger = PostgresServerStore.queryLogger
            var taken = false
            for try await free in try await connection.query("SELECT pg_try_advisory_lock(\(key))", logger: logger).decode(Bool.self) {
                taken = free
            }
            guard taken else { return nil }
            let result: Result
            do {
                result = try await body()
            } catch {
                await Self.unlock(key, on: connection)
                throw error
            }
            await Self.unlock(key, on: connection)
            return result
        }
    }

    /// Gives the lock back; a connection that cannot is closed, which gives it back too.
    private static func unlock(_ key: Int64, on connection: PostgresConnection) async {
        do {
            try await connection.query("SELECT pg_advisory_unlock(\(key))", logger: PostgresServerStore.queryLogger)
        } catch {
            let _: EventLoopFuture<Void> = connection.close()
        }
    }

    /// The lock's key: the first 8 bytes of SHA-256("upload", owner, hash), the same on every instance.
    package static func key(owner: AccountID, contentHash: ContentHash) -> Int64 {
        advisoryKey("upload\u{0}\(owner)\u{0}\(contentHash.hex)")
    }

    /// An advisory lock's key for `name`: the first 8 bytes of its SHA-256, the same on every instance.
    package static func advisoryKey(_ name: String) -> Int64 {
        var hasher = SHA256()
        hasher.update(data: Data(name.utf8))
        return hasher.finalize().prefix(8).reduce(Int64(0)) { $0 << 8 | Int64($1) }
    }
}
