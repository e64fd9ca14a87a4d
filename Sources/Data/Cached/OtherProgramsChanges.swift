import Domain
import Storage
import Synchronization

/// Tells when the stored reports changed under the screens: another program committed to the SQLite store
/// (`SQLiteDatabase/dataVersion()`; the cache's copies are then dropped, so the screens read what it stored), or this
/// program's own sync stored what came from the server (``SyncEngine/storedFromServer``).
public final class OtherProgramsChanges: StoreChanges {
    private let database: SQLiteDatabase
    private let cache: CachedReportRepository
    private let sync: SyncEngine?
    private let seen = Mutex<(version: Int, fromServer: Int)?>(nil)

    public init(database: SQLiteDatabase, cache: CachedReportRepository, sync: SyncEngine? = nil) {
        self.database = database
        self.cache = cache
        self.sync = sync
    }

    public func changedElsewhere() async -> Bool {
        guard let version = try? database.dataVersion() else { return false }
        let fromServer = sync?.storedFromServer.load(ordering: .relaxed) ?? 0
        let (otherProgram, changed) = seen.withLock { seen in
            defer { seen = (version, fromServer) }
            guard let last = seen else { return (false, false) }
            return (last.version != version, last.version != version || last.fromServer != fromServer)
        }
        if otherProgram { await cache.forgetCopies() }
        return changed
    }
}
