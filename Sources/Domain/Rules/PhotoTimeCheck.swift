import Foundation

/// Whether a photo's own time can be taken for the crash time — the one rule, used by the effective scene,
/// the screens and the report.
public enum PhotoTimeCheck: Sendable, Hashable {
    /// Nothing speaks against it.
    case plausible
    /// Later than the moment the photo was added, by more than clocks disagree
    /// (``ReportLimits/crashTimeTolerance``): a camera clock set wrong. Never used as the crash time,
    /// as a typed time in the future is refused.
    case inFuture
    /// More than ``ReportLimits/oldPhotoTimeDays`` days before the report was started: a camera whose clock
    /// was never set, or a crash reported late. Used, but flagged so the driver can check it.
    case longBeforeReport(days: Int)

    /// Checks a photo's time.
    /// - Parameters:
    ///   - takenAt: when the photo says it was taken.
    ///   - addedAt: when it was added to the report (it cannot have been taken later).
    ///   - reportStartedAt: when the report was started.
    public init(takenAt: Date, addedAt: Date, reportStartedAt: Date) {
        if takenAt.timeIntervalSince(addedAt) > ReportLimits.crashTimeTolerance {
            self = .inFuture
            return
        }
        let days = Int(reportStartedAt.timeIntervalSince(takenAt) / 86_400)
        self = days > ReportLimits.oldPhotoTimeDays ? .longBeforeReport(days: days) : .plausible
    }

    /// Whether the time may be the crash time (possibly flagged).
    public var isUsable: Bool { self != .inFuture }
}

extension Photo {
    /// The check of this photo's time in a report started at `reportStartedAt`; `nil` when it has no time.
    public func timeCheck(reportStartedAt: Date) -> PhotoTimeCheck? {
        takenAt.map { PhotoTimeCheck(takenAt: $0, addedAt: addedAt, reportStartedAt: reportStartedAt) }
    }
}
