import Foundation

/// Why an action on a whole report cannot be done. Each case carries the facts; the edges choose the words.
public enum ReportError: Error, Sendable, Hashable {
    case notFound(ReportID)
    case crashIDNotFound(CrashID)
    case readOnly(CrashID)
    /// Both drivers signed the statement's front side as it is: it no longer changes (nor what it shows: injuries,
    /// when and where).
    case statementSigned(CrashID)
    case nothingToReport
    case notCompleted(CrashID)
    /// The claim's timeline holds ``ClaimStatusUpdate/timelineLimit`` steps: no more are recorded.
    case timelineFull(CrashID)
    case crashIDUnavailable(attempts: Int)
    /// A save stated a revision the store no longer holds: another writer changed the report since it was
    /// read (`current` is the version now stored), or deleted it (`current` is `nil`). Nothing was stored.
    case conflict(ReportID, current: CrashReport?)
    /// Another report (`holder`) carries this crash ID already, and a crash ID names one report. Nothing was stored.
    case crashIDTaken(CrashID, holder: CrashReport)

    /// Whether this is a ``conflict(_:current:)``.
    public var isConflict: Bool {
        if case .conflict = self { true } else { false }
    }
}
