import Domain

/// What the landing screen says about sending to the server: one status line, and what sync did that the driver
/// should know, one line each.
public struct SyncStatusUiModel: Sendable, Hashable {
    /// e.g. "Server: 2 photos waiting to upload", "Server: all sent", "Server: unreachable since 14:02 — …".
    public let line: String
    /// Whether the line tells of a problem (shown as one).
    public let isProblem: Bool
    /// What sync did, oldest first, as sentences.
    public let notices: [String]

    public init(_ status: SyncStatus, dates: DateText) {
        let waiting = Self.waiting(photos: status.waitingPhotos, reports: status.waitingReports)
        switch status.connection {
        case .tokenRefused:
            line = "Server: it refused the token, so nothing is sent. Start the app with the right --token "
                + "(or CRASH_ASSISTANT_TOKEN); your reports are kept on this device"
                + (waiting.map { " (\($0) waiting)." } ?? ".")
            isProblem = true
        case let .unreachable(since):
            line = "Server: unreachable since \(dates.time(since)); "
                + (waiting.map { "\($0) waiting on this device, sent when the connection returns." }
                    ?? "everything is saved on this device.")
            isProblem = true
        case let .busy(until):
            line = "Server: it asked to wait until \(dates.time(until)) before more is sent; "
                + (waiting.map { "\($0) waiting on this device, sent then." } ?? "everything is saved on this device.")
            isProblem = true
        case .quotaReached:
            line = "Server: it keeps as much of yours as it allows, so it takes nothing more; delete drafts you no longer need"
                + (waiting.map { " (\($0) waiting on this device)." } ?? ".")
            isProblem = true
        case let .otherAccount(bound, reached):
            line = "Server: " + SyncText.otherAccount(bound: bound, reached: reached)
            isProblem = true
        case let .unusable(reason):
            line = "Server: nothing can be sent — " + SyncText.unusable(reason)
                + (waiting.map { " (\($0) waiting.)" } ?? "")
            isProblem = true
        case .notTriedYet, .reachable:
            if let waiting {
                line = "Server: \(waiting) waiting" + (status.isSending ? ", sending…" : ".")
            } else {
                line = status.connection == .notTriedYet ? "Server: connecting…" : "Server: all sent."
            }
            isProblem = false
        }
        notices = status.notices.map(SyncText.sentence(for:))
    }

    /// "2 photos and 1 report", or `nil` when nothing waits.
    public static func waiting(photos: Int, reports: Int) -> String? {
        var parts: [String] = []
        if photos > 0 { parts.append(photos == 1 ? "1 photo" : "\(photos) photos") }
        if reports > 0 { parts.append(reports == 1 ? "1 report change" : "\(reports) report changes") }
        return parts.isEmpty ? nil : parts.joined(separator: " and ")
    }
}
