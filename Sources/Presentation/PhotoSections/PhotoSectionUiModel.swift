import Domain

/// One photo section of a page: its number, title and photos.
public struct PhotoSectionUiModel: Sendable, Hashable {
    public let number: Int
    public let title: String
    public let photos: [PhotoRowUiModel]
    /// e.g. `2 of 10 photos`
    public let capacity: String

    public init(_ section: PhotoSection, number: Int, of report: CrashReport) {
        self.number = number
        title = section.displayName
        photos = report.photos(in: section).enumerated().map { PhotoRowUiModel($1, number: $0 + 1) }
        capacity = "\(photos.count) of \(ReportLimits.maximumPhotosPerSection) photos"
    }
}
