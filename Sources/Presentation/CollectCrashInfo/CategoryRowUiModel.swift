import Domain

/// One category row of Collect Crash Info: its key, title, check mark and what it holds.
public struct CategoryRowUiModel: Sendable, Hashable {
    public let key: String
    public let title: String
    public let isComplete: Bool
    /// One line saying what the page holds; `nil` while it holds nothing.
    public let summary: String?

    public init(_ category: InfoCategory, of report: CrashReport) {
        switch category {
        case .injuries:
            key = "1"
            title = "Who was injured?"
            summary = report.injuries.isEmpty ? nil : report.injuries.selected.map(\.displayName).joined(separator: ", ")
        case .otherDriver:
            key = "2"
            title = "Other driver's info"
            var parts: [String] = []
            let photos = category.photoSections.reduce(0) { $0 + report.photos(in: $1).count }
            if photos > 0 { parts.append(Self.photoCount(photos)) }
            if report.hasNote { parts.append("note (\(Self.characters(report.otherDriverNote.count)))") }
            summary = parts.isEmpty ? nil : parts.joined(separator: ", ")
        case .yourInfo:
            key = "3"
            title = "Collect your info"
            let photos = category.photoSections.reduce(0) { $0 + report.photos(in: $1).count }
            summary = photos > 0 ? Self.photoCount(photos) : nil
        case .accidentStatement:
            key = "4"
            title = "Accident statement"
            let statement = report.statement
            summary = statement.isEmpty ? nil : "\(statement.filledParts) of \(AccidentStatement.partCount) parts"
        }
        isComplete = report.hasInformation(in: category)
    }

    static func photoCount(_ count: Int) -> String {
        count == 1 ? "1 photo" : "\(count) photos"
    }

    static func characters(_ count: Int) -> String {
        count == 1 ? "1 character" : "\(count) characters"
    }
}
