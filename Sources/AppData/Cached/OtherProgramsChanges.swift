import Data
import Domain
import Synchronization

/// Tells when another program changed the SQLite store (``SQLiteDatabase/dataVersion()``), and then drops the cache's
/// copies, so the screens read what that program stored.
public final class OtherProgramsChanges: StoreChanges {
    private let database: SQLiteDatabase
    private let cache: CachedReportRepository
    private let seen = Mutex<Int?>(nil)

    public init(database: SQLiteDatabase, cache: CachedReportRepository) {
        self.database = database
        self.cache = cache
    }

    public func changedElsewhere() async -> Bool {
        guard let version = try? database.dataVersion() else { return false }
        let changed = seen.withLock { seen in
            defer { seen = version }
            return seen.map { $0 != version } ?? false
        }
        if changed { await cache.forgetCopies() }
        return changed
    }
}
