/// One change a device made that still has to be sent to the server. Records are absolute — the whole report
/// as of a revision, a deletion, a photo's bytes by their hash — never "what changed", so sending one again
/// does no harm and a record never depends on an earlier one having arrived.
public struct OutboxRecord: Sendable, Hashable {
    /// What is to be sent.
    public enum Item: Sendable, Hashable {
        /// The report as of its ``CrashReport/revision``. A newer record of the same report replaces an
        /// unsent older one, so only the latest version is ever waiting.
        case report(CrashReport)
        /// The report was deleted on this device.
        case deletion(ReportID)
        /// The bytes with this SHA-256 are to be uploaded (they are in the photo store). Recorded before the
        /// first report record that refers to them.
        case photo(ContentHash)
    }

    /// The device that made the change.
    public let device: DeviceID
    /// The record's number in the device's order: later changes have larger numbers.
    public let sequence: Int
    public let item: Item

    public init(device: DeviceID, sequence: Int, item: Item) {
        self.device = device
        self.sequence = sequence
        self.item = item
    }
}
