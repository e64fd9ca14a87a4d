import Domain
import Foundation

/// Completes reports and renders their PDF with the app's renderer. A report is completed once it holds something to
/// report, whether or not every photo it names has arrived: on a weak signal the insurer hears of an injury at once,
/// not after the last photo. Its PDF is drawn when its photos are all in — before the completion is stored when they
/// already are (so a render that fails leaves the report as it was), else when the last one lands
/// (``photoArrived(_:owner:)``).
package struct ReportSubmission: Sendable {
    package let reports: any ServerReportStore
    package let rendering: DocumentRendering
    package let blobs: any BlobStore
    package let clock: any Clock
    /// Whether a completed report is told to the insurer's claims system: its first notice queued with the completion,
    /// and the event saying every document is in queued with its first PDF.
    package var notifiesInsurer = false
    /// Told when a notice was queued, so it goes at once.
    package var worker: JobWorker?

    /// Completes the owner's report and renders its PDF. A completed report answers as it is (its PDF drawn again
    /// only if it is missing and its photos are all in).
    package func submit(_ id: ReportID, owner: Account) async throws -> CrashReport {
        guard var report = try await reports.report(id, owner: owner.id) else { throw ReportError.notFound(id) }
        if report.isCompleted {
            if try await reports.document(for: id, owner: owner.id) == nil { _ = try await drawIfWhole(report, owner: owner) }
            return report
        }
        try report.complete(at: clock.now())
        return try await storeCompleted(report, owner: owner)
    }

    /// Stores a report completed (here or on the device), once it holds something to report, with its PDF when its
    /// photos are all in.
    /// - Parameter newReports: the bound on the owner's reports, when the report may be new.
    package func storeCompleted(_ report: CrashReport, owner: Account, within newReports: Allowance? = nil) async throws -> CrashReport {
        guard report.hasInformation else { throw ReportError.nothingToReport }
        let document: ContentHash?
        do {
            document = try await rendering.render(report, owner: owner.id, language: owner.language)
        } catch ServerRefusal.photosMissing {
            document = nil  // Drawn when the last photo lands.
        }
        let stored: CrashReport
        do {
            stored = try await reports.save(
                report, owner: owner.id, queueing: notifiesInsurer ? .notifyInsurer(owner: owner.id, report: report.id) : nil,
                within: newReports
            )
        } catch {
            // Not stored (another writer came first): the PDF drawn for it goes, unless it is another report's.
            if let document { try? await blobs.removeDocument(document, unlessRecordedIn: reports) }
            throw error
        }
        if let document { try await record(document, for: stored, owner: owner.id) }
        if notifiesInsurer { worker?.nudge() }
        return stored
    }

    /// A photo of the owner's was stored: each completed report of theirs that waited for it and now holds every
    /// photo gets its PDF (and the claims system hears that every document is in).
    package func photoArrived(_ contentHash: ContentHash, owner: Account) async throws {
        for id in try await reports.completedReportsWithoutDocument(naming: contentHash, owner: owner.id) {
            guard let report = try await reports.report(id, owner: owner.id), report.isCompleted else { continue }
            _ = try await drawIfWhole(report, owner: owner)
        }
    }

    /// Draws and records the PDF of a completed report whose photos are all in, unless one was recorded meanwhile
    /// (by a handler's acknowledgement, from a version at least as new). A report stored again while it was drawn (an
    /// acknowledgement) is drawn again from that version.
    /// - Returns: the report's PDF, or `nil` while photos are still arriving.
    package func drawIfWhole(_ given: CrashReport, owner: Account) async throws -> ContentHash? {
        var report = given
        for _ in 0..<3 {
            let document: ContentHash
            do {
                // Not held to the driver's renders at once: it is the server's doing, once per report.
                document = try await rendering.render(report, owner: owner.id, bounded: false, language: owner.language)
            } catch ServerRefusal.photosMissing {
                return nil
            }
            if let recorded = try await reports.document(for: report.id, owner: owner.id) {
                try await dropIfUnrecorded(document)
                return recorded
            }
            guard let current = try await reports.report(report.id, owner: owner.id) else {
                try await dropIfUnrecorded(document)
                throw ReportError.notFound(report.id)
            }
            if current.revision != report.revision {
                try await dropIfUnrecorded(document)
                report = current
                continue
            }
            try await record(document, for: report, owner: owner.id)
            if notifiesInsurer { worker?.nudge() }
            return document
        }
        return nil
    }

    /// Draws the PDF of a completed report again — with the insurer's acknowledgement, before it is stored — and keeps
    /// it as a blob; the caller records it (``ClaimStore/acknowledge(_:with:document:drawnAt:queueingIfFirst:at:)``).
    /// - Returns: `nil` while its photos are still arriving (the PDF drawn when they are in names the acknowledgement).
    package func draw(_ report: CrashReport, owner: AccountID) async throws -> ContentHash? {
        do {
            return try await rendering.render(report, owner: owner, bounded: false)
        } catch ServerRefusal.photosMissing {
            return nil
        }
    }

    /// The job queued with a report's first PDF: the claims system told that every document is in.
    package func documentsCompleteJob(owner: AccountID, report: ReportID) -> ServerJob? {
        notifiesInsurer ? .tellDocumentsComplete(owner: owner, report: report) : nil
    }

    /// Removes a PDF's bytes unless a report names them.
    package func dropIfUnrecorded(_ document: ContentHash) async throws {
        try await blobs.removeDocument(document, unlessRecordedIn: reports)
    }

    /// Records the PDF as the report's, removing the one it replaces when no report names that any more.
    private func record(_ document: ContentHash, for report: CrashReport, owner: AccountID) async throws {
        // The PDF it follows stays as an earlier version (``DocumentVersion``); removed only when nothing names it.
        if let replaced = try await reports.setDocument(
            document, for: report.id, owner: owner, queueingIfFirst: documentsCompleteJob(owner: owner, report: report.id), at: clock.now()
        ) {
            try await blobs.removeDocument(replaced, unlessRecordedIn: reports)
        }
    }
}
