/// One step of the database layout: the SQL that takes `PRAGMA user_version` from `version - 1` to `version`.
/// Each step runs in its own transaction together with the version bump.
public struct SQLiteMigration: Sendable {
    public let version: Int
    public let sql: String

    public init(version: Int, sql: String) {
        self.version = version
        self.sql = sql
    }
}
