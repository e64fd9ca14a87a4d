import Domain

/// A write the cached repository has made durable locally, as handed to a ``ReportOutbox``.
public enum ReportChange: Sendable, Hashable {
    case saved(CrashReport)
    case deleted(ReportID)

    /// The report the change is about.
    public var reportID: ReportID {
        switch self {
        case let .saved(report): report.id
        case let .deleted(id): id
        }
    }
}
