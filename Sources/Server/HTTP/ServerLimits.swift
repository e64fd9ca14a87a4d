import Domain

/// The limits the server keeps to, in one place.
enum ServerLimits {
    /// The largest request body on any route: 20 MiB, the largest photo the app accepts.
    static let maximumBodyBytes = ReportLimits.maximumPhotoBytes
    /// How many times a new crash ID is drawn when the one drawn was issued before.
    static let crashIDAttempts = 8
}
