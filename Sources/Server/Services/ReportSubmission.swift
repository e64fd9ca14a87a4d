import Domain
import Foundation

/// Completes reports and renders their PDF with the app's renderer: a report is completed only when it holds
/// something to report and every photo it names was uploaded by its owner.
struct ReportSubmission: Sendable {
    let reports: any ServerReportStore
    let photos: any PhotoIndex
    /// Renders the PDF (``ServerJob/renderDocument(_:owner:)``); a submit waits for it.
    let jobs: any JobQueue
    let clock: any Clock

    /// Completes the owner's report and renders its PDF. A completed report answers as it is (its PDF rendered
    /// again only if it is missing).
    func submit(_ id: ReportID, owner: Account) async throws -> CrashReport {
        guard var report = try await reports.report(id, owner: owner.id) else { throw ReportError.notFound(id) }
        if report.isCompleted {
            if try await reports.document(for: id, owner: owner.id) == nil {
                try await render(report, owner: owner)
            }
            return report
        }
        try await checkPhotosUploaded(report, owner: owner)
        try report.complete(at: clock.now())
        let stored = try await reports.save(report, owner: owner.id)
        try await render(stored, owner: owner)
        return stored
    }

    /// Stores a report completed on the device, after the same checks as ``submit(_:owner:)``, and renders it.
    func storeCompleted(_ report: CrashReport, owner: Account) async throws -> CrashReport {
        guard report.hasInformation else { throw ReportError.nothingToReport }
        try await checkPhotosUploaded(report, owner: owner)
        let stored = try await reports.save(report, owner: owner.id)
        try await render(stored, owner: owner)
        return stored
    }

    private func checkPhotosUploaded(_ report: CrashReport, owner: Account) async throws {
        var seen = Set<ContentHash>()
        let hashes = report.allPhotos.map(\.contentHash).filter { seen.insert($0).inserted }
        let missing = try await photos.missingPhotos(hashes, owner: owner.id)
        guard missing.isEmpty else { throw ServerRefusal.photosMissing(report.id, missing) }
    }

    private func render(_ report: CrashReport, owner: Account) async throws {
        try await jobs.perform(.renderDocument(report.id, owner: owner.id))
    }
}
