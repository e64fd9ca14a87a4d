/// The four categories of the Collect Crash Info screen; each is one page the driver fills in.
public enum InfoCategory: String, Sendable, Hashable, CaseIterable {
    case injuries
    case otherDriver
    case yourInfo
    case accidentStatement

    /// The photo sections on this category's page (none for injuries).
    public var photoSections: [PhotoSection] {
        PhotoSection.allCases.filter { $0.category == self }
    }
}
