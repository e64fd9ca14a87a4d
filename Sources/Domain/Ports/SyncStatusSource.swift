/// Tells the screens where sending to the server stands, and when that changes.
public protocol SyncStatusSource: Sendable {
    /// The status now, then every change, until the stream is dropped.
    func statusUpdates() async -> AsyncStream<SyncStatus>

    /// The driver has been shown these notices; they are not shown again.
    func noticesShown(_ notices: [SyncNotice]) async
}
