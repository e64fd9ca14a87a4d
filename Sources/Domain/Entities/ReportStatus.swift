/// Where a report is in its life: editable draft, or completed (read-only).
public enum ReportStatus: String, Sendable, Hashable, CaseIterable {
    case draft
    case completed

    /// The word a screen or document shows for the status.
    public var displayName: String {
        switch self {
        case .draft: "Draft"
        case .completed: "Completed"
        }
    }
}
