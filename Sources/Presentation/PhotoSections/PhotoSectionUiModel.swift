import Domain
import Wording

/// One photo section of a page: its number, title and photos.
public struct PhotoSectionUiModel: Sendable, Hashable {
    public let number: Int
    public let title: String
    public let photos: [PhotoRowUiModel]
    /// e.g. `2 of 10 photos`
    public let capacity: String

    public init(_ section: PhotoSection, number: Int, of report: CrashReport, words: Words = .english) {
        self.number = number
        title = ScreenWords(words).section(section)
        photos = report.photos(in: section).enumerated().map { PhotoRowUiModel($1, number: $0 + 1, words: words) }
        capacity = words.plural(
            "{photos} of {count} photo", "{photos} of {count} photos",
            count: ReportLimits.maximumPhotosPerSection, ["photos": words.number(photos.count)]
        )
    }
}
