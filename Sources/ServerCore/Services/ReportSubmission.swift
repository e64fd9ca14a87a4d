import Domain
import Foundation

/// Completes reports and renders their PDF with the app's renderer: a report is completed only when it holds
/// something to report and every photo it names was uploaded by its owner. The PDF is drawn before the completion is
/// stored, so a render that fails leaves the report as it was.
package struct ReportSubmission: Sendable {
    package let reports: any ServerReportStore
    package let rendering: DocumentRendering
    package let blobs: any BlobStore
    package let clock: any Clock
    /// Whether a completed report is told to the insurer's claims system (a job queued with the completion).
    package var notifiesInsurer = false
    /// Told when a notice was queued, so it goes at once.
    package var worker: JobWorker?

    /// Completes the owner's report and renders its PDF. A completed report answers as it is (its PDF rendered
    /// again only if it is missing).
    package func submit(_ id: ReportID, owner: Account) async throws -> CrashReport {
        guard var report = try await reports.report(id, owner: owner.id) else { throw ReportError.notFound(id) }
        if report.isCompleted {
            if try await reports.document(for: id, owner: owner.id) == nil {
                try await record(try await rendering.render(report, owner: owner.id, language: owner.language), for: report, owner: owner.id)
            }
            return report
        }
        try report.complete(at: clock.now())
        return try await storeCompleted(report, owner: owner)
    }

    /// Stores a report completed (here or on the device), once it holds something to report and its PDF is drawn.
    /// - Parameter newReports: the bound on the owner's reports, when the report may be new.
    package func storeCompleted(_ report: CrashReport, owner: Account, within newReports: Allowance? = nil) async throws -> CrashReport {
        guard report.hasInformation else { throw ReportError.nothingToReport }
        let document = try await rendering.render(report, owner: owner.id, language: owner.language)
        let stored: CrashReport
        do {
            stored = try await reports.save(
                report, owner: owner.id, queueing: notifiesInsurer ? .notifyInsurer(owner: owner.id, report: report.id) : nil,
                within: newReports
            )
        } catch {
            // Not stored (another writer came first): the PDF drawn for it goes, unless it is another report's.
            if try await !reports.isDocumentRecorded(document) { try? await blobs.remove(document, kind: .document) }
            throw error
        }
        try await record(document, for: stored, owner: owner.id)
        if notifiesInsurer { worker?.nudge() }
        return stored
    }

    /// Draws the PDF of a completed report again — with the insurer's acknowledgement, before it is stored — and keeps
    /// it as a blob; the caller records it (``ClaimStore/acknowledge(_:with:document:drawnAt:)``).
    package func draw(_ report: CrashReport, owner: AccountID) async throws -> ContentHash {
        try await rendering.render(report, owner: owner, bounded: false)
    }

    /// Removes a PDF's bytes unless a report names them.
    package func dropIfUnrecorded(_ document: ContentHash) async throws {
        if try await !reports.isDocumentRecorded(document) { try await blobs.remove(document, kind: .document) }
    }

    /// Records the PDF as the report's, removing the one it replaces when no report names that any more.
    private func record(_ document: ContentHash, for report: CrashReport, owner: AccountID) async throws {
        if let replaced = try await reports.setDocument(document, for: report.id, owner: owner),
           try await !reports.isDocumentRecorded(replaced) {
            try await blobs.remove(replaced, kind: .document)
        }
    }
}
