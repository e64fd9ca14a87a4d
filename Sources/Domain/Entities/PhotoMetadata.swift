import Foundation

/// What a photo's own metadata (EXIF, and the XMP packet for a time zone) says about it. Every part is
/// optional: a photo without metadata, or with metadata that cannot be read, has none of it and is shown as
/// stored.
public struct PhotoMetadata: Sendable, Hashable {
    /// How the time zone of a camera's time was found: cameras write their clock's wall-clock time, and
    /// the zone only sometimes. Looked for in this order.
    public enum TimeZoneSource: Sendable, Hashable {
        /// The EXIF offset tag (OffsetTimeOriginal, else OffsetTime) gave this offset in seconds.
        case exifOffset(Int)
        /// A date in the file's XMP packet carried this offset.
        case xmp(Int)
        /// The GPS date and time (UTC) differ from the camera time by this offset, to within a few minutes
        /// of a whole quarter hour.
        case gpsTime(Int)
        /// Nothing in the file said; the time was read in this zone (the machine's), as typed times are.
        case assumedLocal(String)
    }

    /// When the photo was taken.
    public let takenAt: Date?
    /// How ``takenAt``'s zone was found; `nil` when there is no time.
    public let timeZoneSource: TimeZoneSource?
    /// Where the photo was taken.
    public let takenWhere: Coordinate?
    /// Metres above sea level where the photo was taken (negative below it).
    public let altitude: Double?
    /// How to turn the stored pixels to show the photo upright.
    public let orientation: ImageOrientation

    /// The offset from UTC, in seconds, of the clock that took the photo at ``takenAt``: the one the file gave, or the
    /// zone it was read in at that instant; `nil` when there is no time.
    public var takenUTCOffsetSeconds: Int? {
        guard let takenAt, let timeZoneSource else { return nil }
        switch timeZoneSource {
        case let .exifOffset(seconds), let .xmp(seconds), let .gpsTime(seconds): return seconds
        case let .assumedLocal(identifier): return TimeZone(identifier: identifier)?.secondsFromGMT(for: takenAt)
        }
    }

    /// Nothing known: no time, no place, stored upright.
    public static let none = PhotoMetadata()

    public init(
        takenAt: Date? = nil,
        timeZoneSource: TimeZoneSource? = nil,
        takenWhere: Coordinate? = nil,
        altitude: Double? = nil,
        orientation: ImageOrientation = .up
    ) {
        self.takenAt = takenAt
        self.timeZoneSource = takenAt == nil ? nil : timeZoneSource
        self.takenWhere = takenWhere
        self.altitude = altitude
        self.orientation = orientation
    }
}
