import Data
import Domain
import Foundation
import Logging

/// Does a ``ServerJob``: draws a report's PDF with the app's renderer and records it, or sends an SMS.
struct JobPerformer: Sendable {
    let reports: any ServerReportStore
    let blobs: any BlobStore
    let sms: any SMSSender
    let clock: any Clock
    /// Where PDFs are drawn before they are stored under their hash.
    let scratchFolder: String
    let logger: Logger

    func perform(_ job: ServerJob) async throws {
        switch job {
        case let .renderDocument(id, owner):
            // The report as stored now; one deleted since has nothing left to render.
            guard let report = try await reports.report(id, owner: owner) else { return }
            try await render(report, owner: owner)
        case let .sendSMS(message):
            try await sms.send(message)
        }
    }

    private func render(_ report: CrashReport, owner: AccountID) async throws {
        let path = scratchFolder + "/render-\(UUID().uuidString.lowercased()).pdf"
        defer { unlink(path) }
        let renderer = PDFReportRenderer(photoSource: BlobPhotoSource(blobs: blobs), timeZone: clock.timeZone)
        try await withTaskExecutorPreference(BlockingWorkExecutor.shared) {
            try await renderer.render(report, toFileAt: path)
        }
        let hash = try await blobs.store(fileAt: path, kind: .document)
        if let replaced = try await reports.setDocument(hash, for: report.id, owner: owner),
           try await !reports.isDocumentRecorded(replaced) {
            try await blobs.remove(replaced, kind: .document)
        }
        logger.info("report rendered", metadata: ["report": "\(report.id)", "crash-id": "\(report.crashID)"])
    }
}
