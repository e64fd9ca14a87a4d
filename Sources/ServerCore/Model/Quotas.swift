/// How much each account may keep and ask for, so one user (or a leaked token) cannot fill the server or wear it out.
/// Counted in the shared database, so every instance keeps the same books.
package struct Quotas: Sendable, Hashable {
    /// Reports a user may keep.
    package var reportsPerUser: Int
    /// Bytes of photos a user may keep.
    package var photoBytesPerUser: Int
    /// Uploads a user may have under way at once.
    package var uploadsPerUser: Int
    /// Crash IDs a user may be issued per ``window``.
    package var crashIDsPerWindow: Int
    /// Crash events a detector may post per ``window``.
    package var crashEventsPerWindow: Int
    /// The window the rates are counted over.
    package var window: Duration

    package static let standard = Quotas(
        reportsPerUser: 1_000, photoBytesPerUser: 2 * 1_024 * 1_024 * 1_024, uploadsPerUser: 20,
        crashIDsPerWindow: 60, crashEventsPerWindow: 1_000, window: .seconds(3_600)
    )

    package init(reportsPerUser: Int, photoBytesPerUser: Int, uploadsPerUser: Int, crashIDsPerWindow: Int, crashEventsPerWindow: Int, window: Duration) {
        self.reportsPerUser = reportsPerUser
        self.photoBytesPerUser = photoBytesPerUser
        self.uploadsPerUser = uploadsPerUser
        self.crashIDsPerWindow = crashIDsPerWindow
        self.crashEventsPerWindow = crashEventsPerWindow
        self.window = window
    }
}
