/// "Save as draft": keeps the report as a draft to resume later and tells what was kept — unless nothing was entered
/// in it (``CrashReport/holdsEnteredInformation``) and it never left this device: a draft exists only once something
/// was. A draft the server knows (its crash ID is the server's: the server issued it, a crash detection made it, or it
/// was synced or shared) is kept even when empty — removing its last item must not discard it on every device; only
/// the driver's Discard does.
///
/// Every change is already stored when its use case returns, so nothing is lost if the app is killed;
/// saving records the moment the driver chose to keep it (the draft moves to the top of the list's
/// "last changed") and refuses a report that is already completed.
public struct SaveDraft: Sendable {
    let repository: any ReportRepository
    let clock: any Clock

    public init(repository: any ReportRepository, clock: any Clock) {
        self.repository = repository
        self.clock = clock
    }

    /// - Returns: the draft kept; `nil` when nothing was entered in it, so there is nothing to keep (and it is gone).
    public func execute(reportID: ReportID) async throws -> ReportSummary? {
        let report = try await repository.update(reportID, at: clock) { report in try report.keepAsDraft() }.report
        guard report.holdsEnteredInformation || report.isKnownToTheServer else {
            try await repository.delete(reportID)
            return nil
        }
        return report.summary
    }
}
