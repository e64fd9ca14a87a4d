/// The rules every report store applies when it writes, written once: compare-and-set on the revision, a completed
/// report read-only, and (for stores that keep a user's reports together) one report per crash ID.
///
/// A save states the revision it was made from in `report.revision`: 0 when the report was never stored. It goes
/// through when the store still holds exactly that revision (or, for 0, no report with this id), and the stored
/// version gets the next revision; otherwise another writer saved or deleted the report since it was read, and the
/// store refuses with ``ReportError/conflict(_:current:)``, storing nothing. A completed report stays as it was
/// completed (``CrashReport/checkReplacement(by:)``) and is never deleted (``CrashReport/checkDeletion()``).
///
/// Every path that writes goes through here: the use cases (through the app's stores), the server's `PUT` and
/// `DELETE` (through the server's stores).
public enum WriteCheck {
    /// The version to store for a save of `report` when the store holds `current` (or nothing).
    /// - Throws: ``ReportError/conflict(_:current:)`` carrying `current` when the revision is not the one held;
    ///   ``ReportError/readOnly(_:)`` when `current` is completed and `report` changes it.
    public static func next(for report: CrashReport, current: CrashReport?) throws(ReportError) -> CrashReport {
        guard accepts(report, currentRevision: current?.revision) else { throw .conflict(report.id, current: current) }
        try current?.checkReplacement(by: report)
        return accepted(report)
    }

    /// Whether a save of `report` is a plain one a store may take without reading what it holds: the store holds the
    /// stated revision of a draft (or, for revision 0, nothing). Anything else goes through ``next(for:current:)``
    /// with the stored version.
    public static func isPlain(_ report: CrashReport, currentRevision: Int?, currentIsCompleted: Bool) -> Bool {
        accepts(report, currentRevision: currentRevision) && !currentIsCompleted
    }

    /// The version stored for a save that went through: the report at the next revision.
    public static func accepted(_ report: CrashReport) -> CrashReport {
        report.stored(atRevision: report.revision + 1)
    }

    /// Checks that the report a store holds (`nil`: none) may be deleted.
    /// - Throws: ``ReportError/readOnly(_:)`` for a completed report.
    public static func checkDeletion(of current: CrashReport?) throws(ReportError) {
        try current?.checkDeletion()
    }

    /// Checks that `report` may be stored among reports where `holder` already carries its crash ID (`nil`: none
    /// does): a crash ID names one report.
    /// - Throws: ``ReportError/crashIDTaken(_:holder:)`` when another report holds it.
    public static func checkCrashID(of report: CrashReport, holder: CrashReport?) throws(ReportError) {
        guard let holder, holder.id != report.id, holder.crashID == report.crashID else { return }
        throw .crashIDTaken(report.crashID, holder: holder)
    }

    private static func accepts(_ report: CrashReport, currentRevision: Int?) -> Bool {
        switch currentRevision {
        case nil: report.revision == 0
        case let stored?: report.revision == stored
        }
    }
}
