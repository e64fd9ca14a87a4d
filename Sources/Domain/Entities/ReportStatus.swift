/// Where a report is in its life: editable draft, or completed (read-only).
public enum ReportStatus: String, Sendable, Hashable, CaseIterable {
    case draft
    case completed
}
