import Domain

/// One photo in the report: the photo itself (so the PDF can place it) and the words describing it.
public struct ReportPhotoEntry: Sendable, Equatable {
    /// The photo to draw.
    public let photo: Photo
    /// Its place in its section, counted from 1.
    public let number: Int
    /// Where it belongs when it stands on its own, as under a photo on a page:
    /// "License / Insurance info, photo 1 of 2".
    public let label: String
    /// What it is: "licence.jpg — JPEG, 1.2 KB, 64 × 48 px, added …, taken … at …".
    public let description: String

    /// The label and the description together, as a caption: "License / Insurance info, photo 1 of 2: licence.jpg — …".
    public var caption: String { "\(label): \(description)" }
}
