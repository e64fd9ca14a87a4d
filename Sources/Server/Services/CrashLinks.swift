import Domain

/// The two links to a crash an SMS carries: the web link on the server's public address, and the app link.
struct CrashLinks: Sendable {
    /// The address the server is reached at from outside, without a trailing slash, e.g. `https://claims.example.com`.
    let publicURL: String

    init(publicURL: String) {
        var url = publicURL
        while url.hasSuffix("/") { url.removeLast() }
        self.publicURL = url
    }

    func webLink(for crashID: CrashID) -> String { "\(publicURL)/c/\(crashID.rawValue)" }

    func appLink(for crashID: CrashID) -> String { "crashassistant://crash/\(crashID.rawValue)" }
}
