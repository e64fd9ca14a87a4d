import Domain
import Wording

/// What the landing screen says about sending to the server: one status line, and what sync did that the driver
/// should know, one line each.
public struct SyncStatusUiModel: Sendable, Hashable {
    /// e.g. "Server: 2 photos waiting to upload", "Server: all sent", "Server: unreachable since 14:02 — …".
    public let line: String
    /// Whether the line tells of a problem (shown as one).
    public let isProblem: Bool
    /// What sync did, oldest first, as sentences.
    public let notices: [String]

    public init(_ status: SyncStatus, dates: DateText, words: Words = .english) {
        let waiting = Self.waiting(photos: status.waitingPhotos, reports: status.waitingReports, words: words)
        switch status.connection {
        case .tokenRefused:
            let values = ["variable": "CRASH_ASSISTANT_TOKEN", "waiting": waiting ?? ""]
            line = waiting == nil
                ? words(
                    "Server: it refused the token, so nothing is sent. Start the app with the right --token (or {variable}); your reports are kept on this device.",
                    values
                )
                : words(
                    "Server: it refused the token, so nothing is sent. Start the app with the right --token (or {variable}); your reports are kept on this device ({waiting} waiting).",
                    values
                )
            isProblem = true
        case let .unreachable(since):
            let values = ["time": dates.time(since), "waiting": waiting ?? ""]
            line = waiting == nil
                ? words("Server: unreachable since {time}; everything is saved on this device.", values)
                : words("Server: unreachable since {time}; {waiting} waiting on this device, sent when the connection returns.", values)
            isProblem = true
        case let .busy(until):
            let values = ["time": dates.time(until), "waiting": waiting ?? ""]
            line = waiting == nil
                ? words("Server: it asked to wait until {time} before more is sent; everything is saved on this device.", values)
                : words("Server: it asked to wait until {time} before more is sent; {waiting} waiting on this device, sent then.", values)
            isProblem = true
        case .quotaReached:
            line = waiting.map {
                words(
                    "Server: it keeps as much of yours as it allows, so it takes nothing more; delete drafts you no longer need ({waiting} waiting on this device).",
                    ["waiting": $0]
                )
            } ?? words("Server: it keeps as much of yours as it allows, so it takes nothing more; delete drafts you no longer need.")
            isProblem = true
        case let .otherAccount(bound, reached):
            line = words("Server: {problem}", context: "the server's status line", [
                "problem": SyncText.otherAccount(bound: bound, reached: reached, words: words),
            ])
            isProblem = true
        case let .notADriversToken(account, kind):
            line = words("Server: {problem}", context: "the server's status line", [
                "problem": SyncText.notADriversToken(account, kind: kind, words: words),
            ])
            isProblem = true
        case let .unusable(reason):
            let values = ["problem": SyncText.unusable(reason, words: words), "waiting": waiting ?? ""]
            line = waiting == nil
                ? words("Server: nothing can be sent — {problem}", values)
                : words("Server: nothing can be sent — {problem} ({waiting} waiting.)", values)
            isProblem = true
        case .notTriedYet, .reachable:
            if let waiting {
                line = status.isSending
                    ? words("Server: {waiting} waiting, sending…", ["waiting": waiting])
                    : words("Server: {waiting} waiting.", ["waiting": waiting])
            } else {
                line = status.connection == .notTriedYet ? words("Server: connecting…") : words("Server: all sent.")
            }
            isProblem = false
        }
        notices = status.notices.map { SyncText.sentence(for: $0, words: words) }
    }

    /// "2 photos and 1 report change", or `nil` when nothing waits.
    public static func waiting(photos: Int, reports: Int, words: Words) -> String? {
        let photoText = words.plural("{count} photo", "{count} photos", count: photos)
        let reportText = words.plural("{count} report change", "{count} report changes", count: reports)
        switch (photos > 0, reports > 0) {
        case (true, true): return words("{photos} and {reports}", context: "what waits to be sent", ["photos": photoText, "reports": reportText])
        case (true, false): return photoText
        case (false, true): return reportText
        case (false, false): return nil
        }
    }
}
