import Domain
import Foundation

/// Keeps each account within its ``Quotas``: refuses what would go past one, saying what and, for a rate, when to ask
/// again. Counts come from the shared store, so every instance applies the same books.
///
/// Each bound is an ``Allowance`` the store checks inside the transaction that writes what it guards (the report, the
/// crash ID, the crash event, the upload, the photo), so two requests at once cannot both take the last place. The
/// `check…` calls are the same bounds asked early, before work worth sparing (a body read, a lock taken); they refuse
/// sooner, and the write's own check is the one that counts.
package struct QuotaCheck: Sendable {
    package let quotas: Quotas
    package let reports: any ServerReportStore
    package let photos: any PhotoIndex
    package let records: any CrashRecordStore
    package let clock: any Clock

    // MARK: - The bounds, for the writes that take them

    /// The owner's reports: one more may be stored while they hold fewer than the quota.
    package var newReport: Allowance {
        let limit = quotas.reportsPerUser
        return Allowance(limit: limit, since: nil) { _ in .quotaExceeded(what: "reports", limit: limit) }
    }

    /// The bytes of the owner's photos: a photo is recorded when it fits.
    package var photoBytes: Allowance {
        let limit = quotas.photoBytesPerUser
        return Allowance(limit: limit, since: nil) { _ in .quotaExceeded(what: "bytes of photos", limit: limit) }
    }

    /// The owner's uploads under way at once.
    package var uploads: Allowance {
        // Uploads under way finish, or expire: worth asking again in a minute.
        let limit = quotas.uploadsPerUser
        return Allowance(limit: limit, since: nil) { _ in .rateLimited(what: "uploads under way", limit: limit, retryAfter: 60) }
    }

    /// Crash IDs issued to the owner within the window ending now.
    package var crashIDs: Allowance { rate(quotas.crashIDsPerWindow, what: "crash IDs") }

    /// Crash events taken in from the detector within the window ending now.
    package var crashEvents: Allowance { rate(quotas.crashEventsPerWindow, what: "crash events") }

    // MARK: - The same bounds, asked early

    /// Before a new report is stored for the owner.
    package func checkNewReport(owner: AccountID) async throws {
        try newReport.check(held: try await reports.reportCount(owner: owner))
    }

    /// Before an upload of `length` bytes begins for the owner.
    package func checkUpload(owner: AccountID, length: Int) async throws {
        let usage = try await photos.usage(of: owner)
        try photoBytes.check(held: usage.photoBytes, adding: length)
        try uploads.check(held: usage.uploads)
    }

    /// Before a crash ID is issued to the owner.
    package func checkCrashID(owner: AccountID) async throws {
        let allowance = crashIDs
        let count = try await records.crashIDsIssued(to: owner, since: allowance.since ?? .distantPast)
        try allowance.check(held: count.count, earliest: count.earliest)
    }

    /// A rate: at most `limit` within the window ending now; the next may come once the earliest leaves the window.
    private func rate(_ limit: Int, what: String) -> Allowance {
        let now = clock.now()
        let window = Double(quotas.window.components.seconds)
        return Allowance(limit: limit, since: now.addingTimeInterval(-window)) { earliest in
            let frees = (earliest ?? now).addingTimeInterval(window)
            return .rateLimited(what: what, limit: limit, retryAfter: max(1, Int(frees.timeIntervalSince(now).rounded(.up))))
        }
    }
}
