import Foundation

/// Where sending to the server stands: what still waits, whether the server can be reached, and what sync did
/// that the driver should know. The landing screen shows it and follows its changes.
public struct SyncStatus: Sendable, Hashable {
    /// The last thing the server (or the way to it) said.
    public enum Connection: Sendable, Hashable {
        /// Nothing sent or asked yet.
        case notTriedYet
        /// The last request got an answer.
        case reachable
        /// Requests have failed since then (no network, server down, timeouts); retried with growing pauses.
        case unreachable(since: Date)
        /// The server refused the token: nothing is sent until it is changed.
        case tokenRefused
        /// The server asked to wait until then before asking again (the account's rate was reached).
        case busy(until: Date)
        /// The server keeps as much of this driver's as it allows: nothing more is taken until some is deleted.
        case quotaReached
        /// The token opens another account than the one this data folder belongs to: nothing is sent or received.
        case otherAccount(bound: ServerAccount, reached: ServerAccount)
        /// The token is not a driver's: it opens a claims handler's or a crash detector's account, which has no reports.
        case notADriversToken(ServerAccount, kind: OtherAccountKind)
        /// What answers at the address is not the crash-report server's API as this app knows it (a wrong path or
        /// address, a proxy), or it sent something this app cannot use: `reason` says what.
        case unusable(reason: String)
    }

    public var connection: Connection
    /// Photos waiting to be uploaded.
    public var waitingPhotos: Int
    /// Reports and deletions waiting to be sent.
    public var waitingReports: Int
    /// Whether a sync pass is running now.
    public var isSending: Bool
    /// What sync did that the driver has not been shown yet, oldest first.
    public var notices: [SyncNotice]
    /// The photos being sent now, once the reports are: how much is left and at what pace; `nil` when none is.
    public var photoUpload: PhotoUploadProgress?

    public init(
        connection: Connection = .notTriedYet, waitingPhotos: Int = 0, waitingReports: Int = 0,
        isSending: Bool = false, notices: [SyncNotice] = []
    ) {
        self.connection = connection
        self.waitingPhotos = waitingPhotos
        self.waitingReports = waitingReports
        self.isSending = isSending
        self.notices = notices
    }

    /// Whether everything this device changed has reached the server.
    public var isAllSent: Bool { waitingPhotos == 0 && waitingReports == 0 }
}

/// How the photos a sync pass sends are getting on (smallest first, after the reports).
public struct PhotoUploadProgress: Sendable, Hashable {
    /// Photos sent so far in this run of them.
    public var sent: Int
    /// Photos in this run of them.
    public var total: Int
    /// Bytes still to send.
    public var remainingBytes: Int
    /// The pace measured so far (bytes per second); `nil` until a photo went.
    public var bytesPerSecond: Double?

    public init(sent: Int, total: Int, remainingBytes: Int, bytesPerSecond: Double?) {
        self.sent = sent
        self.total = total
        self.remainingBytes = remainingBytes
        self.bytesPerSecond = bytesPerSecond
    }

    /// The seconds still needed at the pace measured so far; `nil` before there is one.
    public var secondsLeft: Double? {
        guard let bytesPerSecond, bytesPerSecond > 0 else { return nil }
        return Double(remainingBytes) / bytesPerSecond
    }
}
