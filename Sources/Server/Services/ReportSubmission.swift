import Data
import Domain
import Foundation
import Logging

/// Completes reports and renders their PDF with the app's renderer: a report is completed only when it holds
/// something to report and every photo it names was uploaded by its owner.
struct ReportSubmission: Sendable {
    let reports: any ServerReportStore
    let photos: any PhotoIndex
    let blobs: any BlobStore
    let clock: any Clock
    /// Where PDFs are drawn before they are stored under their hash.
    let scratchFolder: String
    let logger: Logger

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
        let path = scratchFolder + "/render-\(UUID().uuidString.lowercased()).pdf"
        defer { unlink(path) }
        let renderer = PDFReportRenderer(photoSource: BlobPhotoSource(blobs: blobs), timeZone: clock.timeZone)
        try await withTaskExecutorPreference(BlockingWorkExecutor.shared) {
            try await renderer.render(report, toFileAt: path)
        }
        let hash = try await blobs.store(fileAt: path, kind: .document)
        try await reports.setDocument(hash, for: report.id, owner: owner.id)
        logger.info("report rendered", metadata: ["report": "\(report.id)", "crash-id": "\(report.crashID)"])
    }
}
