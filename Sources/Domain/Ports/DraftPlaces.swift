/// Where the driver was in each draft when they left it — on Collect Crash Info, or on one of its pages — so resuming
/// a draft opens it there. Kept by the store beside the drafts; gone with the draft.
public protocol DraftPlaces: Sendable {
    /// The page the draft was left on; `nil` for Collect Crash Info (or when not known).
    func place(of id: ReportID) async throws -> InfoCategory?

    /// Remembers the page the draft is on now (`nil`: Collect Crash Info).
    func remember(_ place: InfoCategory?, of id: ReportID) async throws
}
