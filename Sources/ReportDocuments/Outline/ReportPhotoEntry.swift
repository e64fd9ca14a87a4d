import Domain

/// One photo in the report: the photo itself (so the PDF can place it) and the words describing it.
public struct ReportPhotoEntry: Sendable, Equatable {
    /// The photo to draw.
    public let photo: Photo
    /// Its place in its section, counted from 1.
    public let number: Int
    /// Where it belongs when it stands on its own, as under a photo on a page:
    /// "Licence and insurance, photo 1 of 2".
    public let label: String
    /// When and where it was taken, when it was added, and remarks: "Taken 22 Nov 2026, 17:40 (UTC+01:00) at …".
    public let description: String

    /// The label and the description together, as a caption: "Licence and insurance, photo 1 of 2: Taken …".
    public var caption: String { "\(label): \(description)" }
}
