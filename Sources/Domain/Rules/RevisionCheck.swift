/// The compare-and-set rule every report store applies when saving, written once.
///
/// A save states the revision it was made from in `report.revision`: 0 when the report was never stored.
/// It goes through when the store still holds exactly that revision (or, for 0, no report with this id),
/// and the stored version gets the next revision. Otherwise another writer saved or deleted the report since
/// it was read, and the store refuses with ``ReportError/conflict(_:current:)``, storing nothing.
public enum RevisionCheck {
    /// Whether a save of `report` goes through when the store holds `currentRevision` (`nil`: no such report).
    public static func accepts(_ report: CrashReport, currentRevision: Int?) -> Bool {
        switch currentRevision {
        case nil: report.revision == 0
        case let stored?: report.revision == stored
        }
    }

    /// The version to store for a save of `report` when the store holds `current` (or nothing).
    /// - Throws: ``ReportError/conflict(_:current:)`` carrying `current` when the save does not go through.
    public static func next(for report: CrashReport, current: CrashReport?) throws(ReportError) -> CrashReport {
        guard accepts(report, currentRevision: current?.revision) else { throw .conflict(report.id, current: current) }
        return accepted(report)
    }

    /// The version stored for a save that went through: the report at the next revision.
    public static func accepted(_ report: CrashReport) -> CrashReport {
        report.stored(atRevision: report.revision + 1)
    }
}
