/// The one rule for a writer that lost a race for a report: read, change, store from the revision read; when the store
/// refuses with a conflict (another writer stored a newer version meanwhile), start over from that version, a few
/// times at most. The app's editing use cases and the server's writers (the other driver's part) keep it alike.
public enum ConflictRetry {
    /// How often a change is tried before giving up on a report other writers keep changing.
    public static let attempts = 5

    /// Runs `body` (a whole read–change–store) again while it fails with a conflict, up to ``attempts`` times; the
    /// last conflict is thrown.
    public static func run<Result>(_ body: () async throws -> Result) async throws -> Result {
        var attempt = 1
        while true {
            do {
                return try await body()
            } catch let error as ReportError where error.isConflict && attempt < attempts {
                attempt += 1
            }
        }
    }
}
