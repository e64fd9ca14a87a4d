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
            if status.isSending, let upload = status.photoUpload, upload.sent < upload.total {
                line = words("Server: the reports are sent; now the photos, smallest first: {progress}…", [
                    "progress": Self.photoUpload(upload, words: words),
                ])
            } else if let waiting {
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

    /// "3 photos left (11.2 MB) at 118 KB/s, about 2 minutes", or "3 photos left (11.2 MB)" before the pace is known.
    public static func photoUpload(_ progress: PhotoUploadProgress, words: Words) -> String {
        let left = progress.total - progress.sent
        let size = ErrorText.size(max(progress.remainingBytes, 0), words)
        guard let pace = progress.bytesPerSecond, let seconds = progress.secondsLeft else {
            return words.plural("{count} photo left ({size})", "{count} photos left ({size})", count: left, ["size": size])
        }
        let time = seconds < 60 ? words("under a minute") : words("about {time}", ["time": FactText(words).duration(seconds: (seconds / 60).rounded(.up) * 60)])
        return words.plural(
            "{count} photo left ({size}) at {pace}/s, {time}", "{count} photos left ({size}) at {pace}/s, {time}", count: left,
            ["size": size, "pace": ErrorText.size(Int(pace.rounded()), words), "time": time]
        )
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
