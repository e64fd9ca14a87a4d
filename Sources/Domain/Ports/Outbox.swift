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

    /// How many records wait to be sent.
    func pendingCount() async throws -> Int

    /// Forgets every record up to and including `sequence`: the server has confirmed them.
    func acknowledge(through sequence: Int) async throws
}
