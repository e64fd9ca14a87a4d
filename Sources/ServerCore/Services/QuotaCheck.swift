import Domain
import Foundation

/// Keeps each account within its ``Quotas``: refuses what would go past one, saying what and, for a rate, when to ask
/// again. Counts come from the shared store, so every instance applies the same books.
package struct QuotaCheck: Sendable {
    package let quotas: Quotas
    package let reports: any ServerReportStore
    package let photos: any PhotoIndex
    package let records: any CrashRecordStore
    package let clock: any Clock

    /// Before a new report is stored for the owner.
    package func checkNewReport(owner: AccountID) async throws {
        guard try await reports.reportCount(owner: owner) < quotas.reportsPerUser else {
            throw ServerRefusal.quotaExceeded(what: "reports", limit: quotas.reportsPerUser)
        }
    }

    /// Before an upload of `length` bytes begins for the owner.
    package func checkUpload(owner: AccountID, length: Int) async throws {
        let usage = try await photos.usage(of: owner)
        guard usage.photoBytes + length <= quotas.photoBytesPerUser else {
            throw ServerRefusal.quotaExceeded(what: "bytes of photos", limit: quotas.photoBytesPerUser)
        }
        guard usage.uploads < quotas.uploadsPerUser else {
            // Uploads under way finish, or expire: worth asking again in a minute.
            throw ServerRefusal.rateLimited(what: "uploads under way", limit: quotas.uploadsPerUser, retryAfter: 60)
        }
    }

    /// Before a crash ID is issued to the owner.
    package func checkCrashID(owner: AccountID) async throws {
        let now = clock.now()
        let count = try await records.crashIDsIssued(to: owner, since: windowStart(now))
        try check(count, limit: quotas.crashIDsPerWindow, what: "crash IDs", now: now)
    }

    /// Before a crash event from the detector is taken in.
    package func checkCrashEvent(detector: AccountID) async throws {
        let now = clock.now()
        let count = try await records.crashEventsReceived(from: detector, since: windowStart(now))
        try check(count, limit: quotas.crashEventsPerWindow, what: "crash events", now: now)
    }

    private var windowSeconds: Double { Double(quotas.window.components.seconds) }

    private func windowStart(_ now: Date) -> Date { now.addingTimeInterval(-windowSeconds) }

    /// Refuses when the window holds `limit` already; the next may come once the earliest leaves the window.
    private func check(_ count: RateCount, limit: Int, what: String, now: Date) throws {
        guard count.count >= limit else { return }
        let frees = (count.earliest ?? now).addingTimeInterval(windowSeconds)
        let retryAfter = max(1, Int(frees.timeIntervalSince(now).rounded(.up)))
        throw ServerRefusal.rateLimited(what: what, limit: limit, retryAfter: retryAfter)
    }
}
