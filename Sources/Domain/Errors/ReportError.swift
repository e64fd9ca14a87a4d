import Foundation

/// Why an action on a whole report cannot be done.
public enum ReportError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    case notFound(ReportID)
    case crashIDNotFound(CrashID)
    case readOnly(CrashID)
    case nothingToReport
    case notCompleted(CrashID)
    case crashIDUnavailable(attempts: Int)
    /// A save stated a revision the store no longer holds: another writer changed the report since it was
    /// read (`current` is the version now stored), or deleted it (`current` is `nil`). Nothing was stored.
    case conflict(ReportID, current: CrashReport?)

    public var description: String {
        switch self {
        case .notFound:
            "That report no longer exists. Open View crash reports to see the ones kept."
        case let .crashIDNotFound(crashID):
            "No report has the crash ID \(crashID). Check the ID in View crash reports."
        case let .readOnly(crashID):
            "Crash report \(crashID) is completed and can no longer be changed. View or share it instead."
        case .nothingToReport:
            "The report is empty. Choose who was injured, add a photo or write a note first."
        case let .notCompleted(crashID):
            "Crash report \(crashID) is still a draft. Create the crash report first."
        case let .crashIDUnavailable(attempts):
            "No unused crash ID could be issued after \(attempts) tries. Try again."
        case .conflict(_, current: .some):
            "This report was changed elsewhere while you were editing it. Open it again to see the latest version."
        case .conflict(_, current: nil):
            "This report was deleted elsewhere while you were editing it. Open View crash reports to see the ones kept."
        }
    }

    public var errorDescription: String? { description }

    /// Whether this is a ``conflict(_:current:)``.
    public var isConflict: Bool {
        if case .conflict = self { true } else { false }
    }
}
