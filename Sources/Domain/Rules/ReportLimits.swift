/// The limits a report keeps to, checked in Domain before anything is stored.
public enum ReportLimits {
    /// The most bytes one photo may have: 20 MiB.
    public static let maximumPhotoBytes = 20 * 1024 * 1024
    /// The most photos one section may hold.
    public static let maximumPhotosPerSection = 10
    /// The most characters (as a reader counts them) the other driver's note may have.
    public static let maximumNoteLength = 2_000
    /// The most pixels a photo may have (100 megapixels), so that no photo can exhaust memory when drawn.
    public static let maximumPixelCount = 100_000_000
    /// How far in the future a crash time may lie, to allow for clocks that disagree a little.
    public static let crashTimeTolerance: Double = 5 * 60
    /// A photo time more days than this before the report was started is used for the crash time but
    /// flagged (``PhotoTimeCheck/longBeforeReport(days:)``).
    public static let oldPhotoTimeDays = 30

    /// Refuses a photo larger than ``maximumPhotoBytes``. Callers that read files can check the size
    /// first, so a huge file is refused without being read into memory.
    public static func checkPhotoSize(byteCount: Int, fileName: String) throws(PhotoError) {
        guard byteCount <= maximumPhotoBytes else {
            throw .tooLarge(fileName: fileName, byteCount: byteCount, limit: maximumPhotoBytes)
        }
    }
}
