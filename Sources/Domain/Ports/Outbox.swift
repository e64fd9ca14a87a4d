/// The changes a device made that the server has not confirmed yet, in the order they were made.
///
/// A local store that keeps an outbox records every change in the same transaction as the change itself,
/// so no crash between the two can lose one. A sender drains it: it reads the oldest records, sends them in
/// order, and acknowledges each only once the server confirmed it; a record sent but not acknowledged (the
/// answer was lost) is sent again, which the server's idempotency makes harmless.
public protocol Outbox: Sendable {
    /// This device's id, the same every time the store is opened.
    func device() async throws -> DeviceID

    /// The oldest records not acknowledged yet, oldest first, at most `limit` of them.
    func pending(limit: Int) async throws -> [OutboxRecord]

    /// The oldest report and deletion records not acknowledged yet, oldest first, at most `limit` of them: a sender
    /// sends these before any photo, so the server has a report at once whatever photos are still to go.
    func pendingChanges(limit: Int) async throws -> [OutboxRecord]

    /// The photo records not acknowledged yet, oldest first, at most `limit` of them.
    func pendingPhotos(limit: Int) async throws -> [OutboxRecord]

    /// Forgets one photo record: the server holds the photo.
    func acknowledgePhoto(_ sequence: Int) async throws

    /// How many records wait to be sent.
    func pendingCount() async throws -> Int

    /// How many photos, and how many reports and deletions, wait to be sent.
    func pendingCounts() async throws -> OutboxCounts

    /// Forgets every report and deletion record up to and including `sequence`: the server has confirmed them.
    /// Photo records stay until each is acknowledged itself (``acknowledgePhoto(_:)``): they are sent after the
    /// reports that name them.
    func acknowledge(through sequence: Int) async throws

    /// Records, in one step, every stored report the server is not known to hold and no record waits for (reports
    /// made before a server was configured), each after the photos it holds.
    /// - Returns: how many reports were recorded.
    @discardableResult
    func recordReportsNotSent() async throws -> Int
}

/// How much waits in an outbox.
public struct OutboxCounts: Sendable, Hashable {
    public var photos: Int
    /// Reports and deletions.
    public var reports: Int

    public init(photos: Int, reports: Int) {
        self.photos = photos
        self.reports = reports
    }
}
