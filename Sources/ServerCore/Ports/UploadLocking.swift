import Domain

/// One request at a time per upload: a second request for the same user's same bytes waits until the first has
/// finished, so two appends never interleave. In one process an actor does it (``UploadLocks``); across instances
/// sharing a database, the database does (`PostgresUploadLocks`).
package protocol UploadLocking: Sendable {
    /// Runs `body` while holding the lock on the owner's upload of these bytes, waiting for it as long as another
    /// request holds it.
    func withLock<Result: Sendable>(
        owner: AccountID, contentHash: ContentHash, _ body: @Sendable () async throws -> Result
    ) async throws -> Result
}
