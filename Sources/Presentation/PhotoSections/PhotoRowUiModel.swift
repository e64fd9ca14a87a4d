import Domain
import Wording

/// One photo in a section's list: number, file name, size, pixel size and format.
public struct PhotoRowUiModel: Sendable, Hashable {
    public let number: Int
    public let fileName: String
    public let size: String
    public let pixelSize: String
    public let format: String

    public init(_ photo: Photo, number: Int, words: Words = .english) {
        self.number = number
        fileName = photo.originalFileName
        size = Self.size(photo.byteCount, words: words)
        pixelSize = "\(photo.orientation.uprightSize(of: photo.pixelSize)) px"
        format = photo.mediaType.displayName
    }

    /// A file's size as ``ByteCountText`` writes it (`2.4 MB`), with bytes counted in words and this language's
    /// decimal separator.
    private static func size(_ byteCount: Int, words: Words) -> String {
        guard byteCount >= 1024 else { return words.plural("{count} byte", "{count} bytes", count: byteCount) }
        let english = ByteCountText.describe(byteCount)
        guard words.code != "en", let separator = words.locale.decimalSeparator, separator != "." else { return english }
        return english.replacingOccurrences(of: ".", with: separator)
    }
}
