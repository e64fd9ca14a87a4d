import Crypto
import Domain
import Foundation
import Logging
import NIOCore

/// Photo uploads by SHA-256, after the IETF "Resumable Uploads for HTTP" draft: the body streams to storage while
/// it is hashed; it is stored under its hash only when the hash is the one named and the bytes are a photo the app
/// accepts. A body cut off is kept as a partial upload that `HEAD` reports and `PATCH` continues.
package struct PhotoUploads: Sendable {
    /// What became of a request's bytes.
    package enum Outcome: Sendable, Equatable {
        /// The photo is stored whole (`new`: by this request; otherwise it was before).
        case stored(StoredPhoto, new: Bool)
        /// The bytes were appended; the upload holds `offset` bytes and is not whole yet.
        case partial(offset: Int)
    }

    /// How much of an upload the server holds.
    package enum Progress: Sendable, Equatable {
        case whole(StoredPhoto)
        case partial(PartialUpload)
    }

    package let index: any PhotoIndex
    package let blobs: any BlobStore
    package let locks: any UploadLocking
    /// How many of one account's requests may hold or wait for upload locks at once on this instance: a phone sends
    /// a photo or two at a time, and one account must not take every lock (on PostgreSQL, every connection of the
    /// locks' pool) from the others.
    package let inFlight = UploadsInFlight(perOwner: 4)
    package let quotas: QuotaCheck
    package let clock: any Clock
    package let logger: Logger
    /// Told of each photo stored, so a completed report that waited for it gets its PDF.
    package let arrivals: ReportSubmission?

    /// `PUT`: the whole photo in one body of `length` bytes (from `Content-Length`); with no length given, the
    /// photo is whole when the body ends (a cut-off one is finished by a `PATCH` saying `Upload-Complete: ?1`).
    package func put<Body: AsyncSequence & Sendable>(
        _ contentHash: ContentHash, length: Int?, body: Body, owner: Account
    ) async throws -> Outcome where Body.Element == ByteBuffer {
        let outcome = try await receiveWhole(contentHash, length: length, body: body, owner: owner)
        return await announcing(contentHash, owner: owner, outcome)
    }

    private func receiveWhole<Body: AsyncSequence & Sendable>(
        _ contentHash: ContentHash, length: Int?, body: Body, owner: Account
    ) async throws -> Outcome where Body.Element == ByteBuffer {
        if let stored = try await index.photo(contentHash, owner: owner.id) {
            return .stored(stored, new: false)
        }
        // Cheap checks before a lock is taken: the quota (checked again under the lock), the account's share of locks.
        try await quotas.checkUpload(owner: owner.id, length: length ?? 0)
        return try await inFlight.run(for: owner.id) { try await locks.withLock(owner: owner.id, contentHash: contentHash) {
            if let stored = try await index.photo(contentHash, owner: owner.id) {
                return .stored(stored, new: false)
            }
            try await quotas.checkUpload(owner: owner.id, length: length ?? 0)
            let upload = PartialUpload(
                id: UploadID(), owner: owner.id, contentHash: contentHash,
                expectedLength: length ?? ReportLimits.maximumPhotoBytes, offset: 0, startedAt: clock.now()
            )
            if let replaced = try await index.beginUpload(upload, within: quotas.uploads) {
                try await blobs.discardPartial(replaced)
            }
            ServerMetrics.uploadStarted(resuming: false)
            defer { ServerMetrics.uploadEnded() }
            let writer = try await blobs.beginPartial(upload.id)
            return try await receive(body, into: upload, writer: writer, hashing: SHA256(), complete: length == nil)
        } }
    }

    /// `PATCH`: the next part of a partial upload, which must start at the offset the server holds.
    /// - Parameter complete: the request says this part is the last (`Upload-Complete: ?1`).
    package func append<Body: AsyncSequence & Sendable>(
        _ contentHash: ContentHash, at offset: Int, length: Int?, complete: Bool, body: Body, owner: Account
    ) async throws -> Outcome where Body.Element == ByteBuffer {
        let outcome = try await receivePart(contentHash, at: offset, length: length, complete: complete, body: body, owner: owner)
        return await announcing(contentHash, owner: owner, outcome)
    }

    /// Tells ``arrivals`` of a photo this request stored, once its lock is let go. The photo is stored whatever
    /// becomes of the PDF: a render that fails is logged, and drawn again when the driver asks for the PDF.
    private func announcing(_ contentHash: ContentHash, owner: Account, _ outcome: Outcome) async -> Outcome {
        if case .stored(_, new: true) = outcome, let arrivals {
            do {
                try await arrivals.photoArrived(contentHash, owner: owner)
            } catch {
                logger.error("a completed report's PDF was not drawn when its last photo arrived", metadata: [
                    "photo": "\(contentHash.short)", "error": "\(error)",
                ])
            }
        }
        return outcome
    }

    private func receivePart<Body: AsyncSequence & Sendable>(
        _ contentHash: ContentHash, at offset: Int, length: Int?, complete: Bool, body: Body, owner: Account
    ) async throws -> Outcome where Body.Element == ByteBuffer {
        try await inFlight.run(for: owner.id) { try await locks.withLock(owner: owner.id, contentHash: contentHash) {
            guard let upload = try await index.partialUpload(contentHash, owner: owner.id) else {
                if let stored = try await index.photo(contentHash, owner: owner.id) {
                    throw ServerRefusal.offsetMismatch(held: stored.byteCount, given: offset, whole: true)
                }
                throw ServerRefusal.noUpload(contentHash)
            }
            guard offset == upload.offset else {
                throw ServerRefusal.offsetMismatch(held: upload.offset, given: offset, whole: false)
            }
            if let length, offset + length > upload.expectedLength {
                throw ServerRefusal.pastEnd(length: upload.expectedLength)
            }
            var hasher = SHA256()
            try await blobs.readPartial(upload.id, length: upload.offset) { buffer in
                buffer.withUnsafeReadableBytes { hasher.update(bufferPointer: $0) }
            }
            ServerMetrics.uploadStarted(resuming: true)
            defer { ServerMetrics.uploadEnded() }
            let writer = try await blobs.openPartial(upload.id, at: upload.offset)
            return try await receive(body, into: upload, writer: writer, hashing: hasher, complete: complete)
        } }
    }

    /// `HEAD`: how much of the photo the owner's uploads hold. A request still writing to the upload (or one cut
    /// off and being wound up) is waited for, so the offset given is the one the next `PATCH` must state.
    package func progress(_ contentHash: ContentHash, owner: Account) async throws -> Progress? {
        if let stored = try await index.photo(contentHash, owner: owner.id) { return .whole(stored) }
        return try await inFlight.run(for: owner.id) { try await locks.withLock(owner: owner.id, contentHash: contentHash) {
            if let stored = try await index.photo(contentHash, owner: owner.id) { return .whole(stored) }
            return try await index.partialUpload(contentHash, owner: owner.id).map(Progress.partial)
        } }
    }

    // MARK: - Receiving

    private func receive<Body: AsyncSequence & Sendable>(
        _ body: Body, into upload: PartialUpload, writer: any PartialBlobWriter, hashing start: SHA256, complete: Bool
    ) async throws -> Outcome where Body.Element == ByteBuffer {
        var hasher = start
        var received = upload.offset
        do {
            for try await buffer in body {
                received += buffer.readableBytes
                guard received <= upload.expectedLength else {
                    throw ServerRefusal.pastEnd(length: upload.expectedLength)
                }
                buffer.withUnsafeReadableBytes { hasher.update(bufferPointer: $0) }
                try await writer.append(buffer)
            }
        } catch {
            // Cut off (or refused): what arrived is kept for a PATCH to continue from.
            let kept = (try? await writer.finish()) ?? upload.offset
            if error is BodyTooLarge || error is ServerRefusal {
                try? await blobs.discardPartial(upload.id)
                try? await index.endUpload(upload.id)
            } else {
                try? await index.setOffset(kept, of: upload.id)
                logger.info("upload cut off", metadata: ["upload": "\(upload.id)", "offset": "\(kept)", "length": "\(upload.expectedLength)"])
            }
            throw error
        }
        // Whole, and every byte still in the writer: checked there and stored as the photo, never as a segment.
        if received == upload.expectedLength || complete, let held = await writer.heldWhole(), held.bytes.readableBytes == received {
            return try await finish(upload, length: received, digest: hasher.finalize(), held: held)
        }
        let length = try await writer.finish()
        guard length == upload.expectedLength || complete else {
            try await index.setOffset(length, of: upload.id)
            return .partial(offset: length)
        }
        return try await finish(upload, length: length, digest: hasher.finalize(), held: nil)
    }

    /// Checks the whole upload and stores it under its hash, or drops it and says why: from the bytes its writer
    /// `held` (stored by the writer), else read back from the store (and promoted there).
    private func finish(
        _ upload: PartialUpload, length: Int, digest: SHA256.Digest, held: HeldUpload?
    ) async throws -> Outcome {
        let actual = try ContentHash(digest: digest)
        var storedBytes = false
        do {
            guard actual == upload.contentHash else {
                throw ServerRefusal.hashMismatch(expected: upload.contentHash, actual: actual)
            }
            let name = "the upload \(upload.contentHash.short)"
            let info: ImageInfo
            if let held {
                info = try held.bytes.withUnsafeReadableBytes { try ImageInspector.inspect($0, fileName: name) }
                try await held.store(upload.contentHash)
            } else {
                info = try ImageInspector.inspect(try await blobs.partialBytes(upload.id), fileName: name)
                try await blobs.promotePartial(upload.id, as: upload.contentHash)
            }
            storedBytes = true
            let stored = StoredPhoto(contentHash: upload.contentHash, mediaType: info.mediaType, byteCount: length)
            let isNew = try await index.recordPhoto(stored, owner: upload.owner, at: clock.now(), within: quotas.photoBytes)
            try await index.endUpload(upload.id)
            return .stored(stored, new: isNew)
        } catch {
            try? await blobs.discardPartial(upload.id)
            try? await index.endUpload(upload.id)
            // Stored but not recorded (over the quota, counted with the record): the bytes go unless someone holds them.
            if storedBytes, (try? await index.releaseBytes(upload.contentHash, at: clock.now())) == true {
                try? await index.removeReleased(upload.contentHash, from: blobs)
            }
            throw error
        }
    }
}

/// How many of each account's upload requests hold or wait for a lock on this instance, refused beyond the bound.
package actor UploadsInFlight {
    package let perOwner: Int
    private var held: [AccountID: Int] = [:]

    package init(perOwner: Int) {
        self.perOwner = perOwner
    }

    /// Runs `body` counted for `owner`.
    /// - Throws: ``ServerRefusal/busy(what:limit:retryAfter:)`` when the owner has ``perOwner`` under way already.
    package func run<Result: Sendable>(for owner: AccountID, _ body: @Sendable () async throws -> Result) async throws -> Result {
        guard held[owner, default: 0] < perOwner else {
            throw ServerRefusal.busy(what: "photo uploads under way", limit: perOwner, retryAfter: 5)
        }
        held[owner, default: 0] += 1
        defer {
            let left = held[owner, default: 1] - 1
            held[owner] = left > 0 ? left : nil
        }
        return try await body()
    }
}
