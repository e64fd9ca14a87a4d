/// Where ``CachedReportRepository`` hands every write once it is durable in the local store, in the order the
/// writes of each report happened: the place a server connection plugs in (queue the change, push it when the
/// server is reachable) without the use cases changing.
///
/// It cannot fail the write (the driver's data is already safe locally): an outbox keeps its own record of
/// what still has to be sent and deals with its own failures.
public protocol ReportOutbox: Sendable {
    func enqueue(_ change: ReportChange) async
}
