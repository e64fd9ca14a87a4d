
/// Why the server cannot use its PostgreSQL database, as facts; the command chooses the words and the exit status.
package enum PostgresOpenError: Error, Sendable, Equatable {
    /// No connection could be made (refused, timed out, no such host): `cause` says what the network said.
    case unreachable(cause: String)
    /// PostgreSQL answered and refused: a wrong password, no such database or user (`reason` is its message).
    case refused(reason: String)
    /// The database's layout is newer than this program knows (written by a newer version of the server).
    case newerLayout(found: Int, known: Int)
    /// Checking or bringing the layout up to date failed (`reason` is PostgreSQL's message).
    case migrationFailed(version: Int, reason: String)
}
