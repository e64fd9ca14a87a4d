/// Everything the server keeps but bytes: one engine implements all four ports (``SQLiteServerStore``,
/// ``PostgresServerStore``, ``InMemoryServerStore``).
typealias ServerStore = AccountStore & CrashRecordStore & ServerReportStore & PhotoIndex
