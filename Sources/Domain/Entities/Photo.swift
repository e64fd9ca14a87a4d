import Foundation

/// One photo in a report. The bytes live in the `PhotoStore` under ``contentHash``.
public struct Photo: Sendable, Hashable, Identifiable {
    public let id: PhotoID
    public let section: PhotoSection
    public let contentHash: ContentHash
    public let mediaType: MediaType
    public let byteCount: Int
    public let pixelSize: PixelSize
    /// The file name the driver added it from (without folders), for captions and lists.
    public let originalFileName: String
    public let addedAt: Date
    /// When the photo was taken, from its own metadata, if it says.
    public let takenAt: Date?
    /// Where the photo was taken, from its own metadata, if it says.
    public let takenWhere: Coordinate?
    /// Metres above sea level where the photo was taken, from its own metadata, if it says.
    public let takenAltitude: Double?
    /// How to turn the stored pixels to show the photo upright, from its own metadata.
    public let orientation: ImageOrientation
    /// The server's name for the uploaded file, once uploaded.
    public let serverFileName: String?
    /// The offset from UTC, in minutes, of the clock that took the photo at the moment it was taken: from its own
    /// metadata, or the zone its time was read in, at that instant (a summer photo reported in winter keeps its
    /// summer offset). `nil` when it has no time, or was stored before this was kept.
    public let takenUTCOffsetMinutes: Int?

    public init(
        id: PhotoID = PhotoID(),
        section: PhotoSection,
        contentHash: ContentHash,
        mediaType: MediaType,
        byteCount: Int,
        pixelSize: PixelSize,
        originalFileName: String,
        addedAt: Date,
        takenAt: Date? = nil,
        takenWhere: Coordinate? = nil,
        takenAltitude: Double? = nil,
        orientation: ImageOrientation = .up,
        serverFileName: String? = nil,
        takenUTCOffsetMinutes: Int? = nil
    ) {
        self.takenUTCOffsetMinutes = takenAt == nil ? nil : takenUTCOffsetMinutes.flatMap { CrashScene.utcOffsetRange.contains($0) ? $0 : nil }
        self.id = id
        self.section = section
        self.contentHash = contentHash
        self.mediaType = mediaType
        self.byteCount = byteCount
        self.pixelSize = pixelSize
        self.originalFileName = originalFileName
        self.addedAt = addedAt
        self.takenAt = takenAt
        self.takenWhere = takenWhere
        self.takenAltitude = takenAltitude
        self.orientation = orientation
        self.serverFileName = serverFileName
    }
}
