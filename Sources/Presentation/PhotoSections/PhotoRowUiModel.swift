import Domain

/// One photo in a section's list: number, file name, size, pixel size and format.
public struct PhotoRowUiModel: Sendable, Hashable {
    public let number: Int
    public let fileName: String
    public let size: String
    public let pixelSize: String
    public let format: String

    public init(_ photo: Photo, number: Int) {
        self.number = number
        fileName = photo.originalFileName
        size = ByteCountText.describe(photo.byteCount)
        pixelSize = "\(photo.orientation.uprightSize(of: photo.pixelSize)) px"
        format = photo.mediaType.displayName
    }
}
