import Foundation

/// What a photo's own metadata (EXIF) says about it. Every part is optional: a photo without
/// metadata, or with metadata that cannot be read, has none of it and is shown as stored.
public struct PhotoMetadata: Sendable, Hashable {
    /// When the photo was taken.
    public let takenAt: Date?
    /// Where the photo was taken.
    public let takenWhere: Coordinate?
    /// How to turn the stored pixels to show the photo upright.
    public let orientation: ImageOrientation

    /// Nothing known: no time, no place, stored upright.
    public static let none = PhotoMetadata()

    public init(takenAt: Date? = nil, takenWhere: Coordinate? = nil, orientation: ImageOrientation = .up) {
        self.takenAt = takenAt
        self.takenWhere = takenWhere
        self.orientation = orientation
    }
}
