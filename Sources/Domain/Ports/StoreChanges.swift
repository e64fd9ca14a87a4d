/// Whether another program (a second window of the app, a `sync` in another terminal) changed the stored reports
/// since this one last asked, so what its screens show may be out of date. Asked before each typed line: cheap,
/// with no thread watching in between.
public protocol StoreChanges: Sendable {
    /// `true` once for each time another program committed a change since the last call; the first call only
    /// takes note of where the store stands.
    func changedElsewhere() async -> Bool
}
