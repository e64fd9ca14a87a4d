/// The five categories of the Collect Crash Info screen; each is one page the driver fills in.
public enum InfoCategory: String, Sendable, Hashable, CaseIterable {
    case injuries
    case otherDriver
    case yourInfo
    case accidentStatement
    /// Cyclists, pedestrians, property and a vehicle that left the scene (``CrashParties``).
    case otherParties

    /// The photo sections on this category's page (none for injuries).
    public var photoSections: [PhotoSection] {
        PhotoSection.allCases.filter { $0.category == self }
    }
}
