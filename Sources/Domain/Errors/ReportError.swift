import Foundation

/// Why an action on a whole report cannot be done. Each case carries the facts; the edges choose the words.
public enum ReportError: Error, Sendable, Hashable {
    case notFound(ReportID)
    case crashIDNotFound(CrashID)
    case readOnly(CrashID)
    case nothingToReport
    case notCompleted(CrashID)
    case crashIDUnavailable(attempts: Int)
}
