import Domain

/// What one sync pass did: what it sent, what it received, what the driver should hear about, and why it stopped
/// early if it did.
public struct SyncPass: Sendable, Hashable {
    public var photosUploaded = 0
    /// Of ``photosUploaded``, how many continued an upload the server held part of.
    public var photosResumed = 0
    public var reportsSent = 0
    public var deletionsSent = 0
    public var reportsReceived = 0
    public var reportsRemoved = 0
    public var photosDownloaded = 0
    /// Server-rendered PDFs kept in place of the ones made here.
    public var documentsReceived = 0
    public var notices: [SyncNotice] = []
    /// Why the pass stopped before everything was sent and received; `nil` when it finished.
    public var failure: ServerFailure?
    /// What still waits to be sent after the pass.
    public var waitingPhotos = 0
    public var waitingReports = 0

    public init() {}

    /// Whether the pass sent and received everything.
    public var isComplete: Bool { failure == nil && waitingPhotos == 0 && waitingReports == 0 }
}
