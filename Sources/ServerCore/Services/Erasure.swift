import Domain
import Foundation
import Logging

/// Removes personal data when its last reference goes: the photos of a deleted draft that no other report of its
/// owner names (and their bytes, when no other owner holds the same), a PDF replaced by a newer one, uploads left
/// unfinished past their bound — and, on a data-protection request, everything of one person.
package struct Erasure: Sendable {
    package let accounts: any AccountStore
    package let reports: any ServerReportStore
    package let photos: any PhotoIndex
    package let blobs: any BlobStore
    package let sms: any SMSSender
    package let logger: Logger

    /// What a person's erasure removed.
    package struct Summary: Sendable, Hashable {
        package var reports = 0
        package var photoRecords = 0
        package var photoBlobs = 0
        package var documents = 0
        package var uploads = 0
        package var crashIDs = 0
        package var messages = 0
    }

    /// After a draft was deleted: the owner's photos no other report of theirs names are forgotten, and their bytes
    /// removed when no one else holds them.
    package func afterDeleting(_ report: CrashReport, owner: AccountID) async throws {
        for hash in Set(report.allPhotos.map(\.contentHash)) where try await !reports.namesPhoto(hash, owner: owner) {
            if try await photos.releasePhoto(hash, owner: owner, at: Date()) {
                try await photos.removeReleased(hash, from: blobs)
            }
        }
    }

    /// Ends the uploads begun before `date` and removes what they held.
    /// - Returns: how many were ended.
    @discardableResult
    package func sweepUploads(startedBefore date: Date) async throws -> Int {
        let swept = try await photos.sweepUploads(startedBefore: date)
        for upload in swept { try await blobs.discardPartial(upload.id) }
        if !swept.isEmpty { logger.notice("unfinished uploads removed", metadata: ["count": "\(swept.count)"]) }
        return swept.count
    }

    /// Removes everything of one user: their reports and PDFs, their photos (the bytes when no other user holds the
    /// same), uploads under way, crash IDs and events, the SMS kept about them, and their token.
    /// - Returns: what was removed, or `nil` when there is no such user.
    package func eraseUser(named name: String) async throws -> Summary? {
        guard let erased = try await accounts.eraseAccount(name: name, kind: .user) else { return nil }
        var summary = Summary(reports: erased.reports, photoRecords: erased.photos.count, uploads: erased.uploads.count, crashIDs: erased.crashIDs.count)
        for hash in Set(erased.photos) where try await photos.releaseBytes(hash, at: Date()) {
            try await photos.removeReleased(hash, from: blobs)
            summary.photoBlobs += 1
        }
        for hash in Set(erased.documents) where try await !reports.isDocumentRecorded(hash) {
            try await blobs.remove(hash, kind: .document)
            summary.documents += 1
        }
        for upload in erased.uploads { try await blobs.discardPartial(upload) }
        summary.messages = try await sms.erase(crashIDs: erased.crashIDs)
        return summary
    }

}
