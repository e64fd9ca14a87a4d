/// The four categories of the Collect Crash Info screen; each is one page the driver fills in.
public enum InfoCategory: String, Sendable, Hashable, CaseIterable {
    case injuries
    case otherDriver
    case yourInfo
    case accidentStatement

    public var displayName: String {
        switch self {
        case .injuries: "Who was injured?"
        case .otherDriver: "Other driver's info"
        case .yourInfo: "Your info"
        case .accidentStatement: "Accident statement"
        }
    }

    /// The photo sections on this category's page (none for injuries).
    public var photoSections: [PhotoSection] {
        PhotoSection.allCases.filter { $0.category == self }
    }
}
