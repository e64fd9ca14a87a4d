import Domain
import Foundation
import Logging
import ReportDocuments
import Wording

/// Draws reports' PDFs with the app's renderer, a few at a time (``RenderPool``), so rendering never takes every
/// thread from the requests that only read. Photos are drawn as the server stored and inspected them — their media
/// type and size from its own record, never from what the report claims — and read one at a time from the blob store.
package struct DocumentRendering: Sendable {
    package let photos: any PhotoIndex
    package let blobs: any BlobStore
    package let pool: RenderPool
    package let clock: any Clock
    /// Where PDFs are drawn before they are stored under their hash.
    package let scratchFolder: String
    /// The server's key and certificate, with which the PDF of a statement both drivers signed is sealed; `nil`: not
    /// sealed (the PDF says so).
    package let seal: DocumentSeal?
    package let logger: Logger

    package init(
        photos: any PhotoIndex, blobs: any BlobStore, pool: RenderPool, clock: any Clock, scratchFolder: String,
        seal: DocumentSeal? = nil, logger: Logger
    ) {
        self.photos = photos
        self.blobs = blobs
        self.pool = pool
        self.clock = clock
        self.scratchFolder = scratchFolder
        self.seal = seal
        self.logger = logger
    }

    /// Renders the owner's report as it is given (not as stored) and keeps the PDF as a blob.
    /// - Returns: the PDF's hash.
    /// - Throws: ``ServerRefusal/photosMissing(_:_:)`` when a photo was not uploaded; a render failure otherwise.
    /// - Parameter bounded: whether the owner's renders at once are held to ``RenderPool/perOwner`` (a driver's
    ///   saves and submits are; a handler's acknowledgement is not the driver's doing and is never refused for it).
    /// - Parameter language: the owner's language, for a report that does not say its own (the PDF is written in the
    ///   report's, else this one, else English).
    package func render(_ report: CrashReport, owner: AccountID, bounded: Bool = true, language: LanguageTag? = nil) async throws -> ContentHash {
        let words = Self.words(for: report, owner: language)
        let checked = try await asStored(report, owner: owner)
        return try await pool.run(for: bounded ? owner : nil) {
            let path = scratchFolder + "/render-\(UUID().uuidString.lowercased()).pdf"
            defer { unlink(path) }
            let renderer = PDFReportRenderer(
                photoSource: BlobPhotoSource(blobs: blobs), timeZone: clock.timeZone, seal: seal?.note ?? .serverHasNoKey, words: words
            )
            try await withTaskExecutorPreference(BlockingWorkExecutor.shared) {
                try await renderer.render(checked, toFileAt: path)
                // Sealed as soon as one of its statements is signed by both drivers; the seal names each one that is.
                if let seal, checked.hasSignedStatement {
                    try seal.seal(fileAt: path, report: checked, at: clock.now())
                }
            }
            let hash = try await blobs.store(fileAt: path, kind: .document)
            logger.info("report rendered", metadata: ["report": "\(report.id)", "crash-id": "\(report.crashID)"])
            return hash
        }
    }

    /// The other driver's copy of the statement through their link: drawn once in each language asked for — the
    /// link's statement alone (nothing of the report's others), sealed once both drivers signed it — kept as a document blob named by the link, and the same bytes
    /// at every later download in that language (``StatementLinkStore/keepStatementCopy(_:language:copy:)``).
    /// - Parameters:
    ///   - owner: the driver whose report it is: their renders at once are bounded as for their own PDFs.
    ///   - words: the language of the other driver, who reads it.
    /// - Returns: the copy's hash (its bytes are in the blob store).
    package func statementCopy(
        of report: CrashReport, link: StatementLink, links: any StatementLinkStore, words: Words = .english
    ) async throws -> ContentHash {
        if let kept = try await links.statementCopy(link.digest, language: words.code),
           try await blobs.length(of: kept, kind: .document) != nil {
            return kept
        }
        let drawn = try await pool.run(for: link.owner) {
            let path = scratchFolder + "/statement-\(UUID().uuidString.lowercased()).pdf"
            defer { unlink(path) }
            let renderer = PDFReportRenderer(
                photoSource: BlobPhotoSource(blobs: blobs), timeZone: clock.timeZone, seal: seal?.note ?? .serverHasNoKey, words: words
            )
            try await withTaskExecutorPreference(BlockingWorkExecutor.shared) {
                try await renderer.renderStatement(report, pair: link.pair, toFileAt: path)
                if let seal, report.isStatementSigned(link.pair) {
                    try seal.seal(fileAt: path, report: report, [link.pair], at: clock.now())
                }
            }
            return try await blobs.store(fileAt: path, kind: .document)
        }
        // Two downloads at once: one copy is kept, the other's bytes go.
        guard let kept = try await links.keepStatementCopy(link.digest, language: words.code, copy: drawn) else {
            try await blobs.remove(drawn, kind: .document)
            throw ServerRefusal.statementLinkGone
        }
        if kept != drawn { try await blobs.remove(drawn, kind: .document) }
        return kept
    }

    /// The language a driver's document is written in: the report's, else its owner's, else English.
    package static func words(for report: CrashReport, owner: LanguageTag?) -> Words {
        Languages.shipped.best([report.language, owner].compactMap { $0?.rawValue })
    }

    /// The report with each photo's media type and size as the server stored them.
    private func asStored(_ report: CrashReport, owner: AccountID) async throws -> CrashReport {
        var stored: [ContentHash: StoredPhoto] = [:]
        var missing: [ContentHash] = []
        for hash in Set(report.allPhotos.map(\.contentHash)) {
            if let photo = try await photos.photo(hash, owner: owner) { stored[hash] = photo } else { missing.append(hash) }
        }
        guard missing.isEmpty else {
            throw ServerRefusal.photosMissing(report.id, report.allPhotos.map(\.contentHash).filter(missing.contains))
        }
        let photos = report.allPhotos.map { photo in
            let held = stored[photo.contentHash]
            return Photo(
                id: photo.id, section: photo.section, contentHash: photo.contentHash,
                mediaType: held?.mediaType ?? photo.mediaType, byteCount: held?.byteCount ?? photo.byteCount,
                pixelSize: photo.pixelSize, originalFileName: photo.originalFileName, addedAt: photo.addedAt,
                takenAt: photo.takenAt, takenWhere: photo.takenWhere, takenAltitude: photo.takenAltitude,
                orientation: photo.orientation, serverFileName: photo.serverFileName,
                takenUTCOffsetMinutes: photo.takenUTCOffsetMinutes
            )
        }
        return try report.replacingPhotos(with: photos)
    }
}

/// Lets at most `capacity` renders run at once; the rest wait their turn. One account holds at most `perOwner` of
/// them, running or waiting, and never every slot (with two or more slots, at most one fewer than there are): a
/// driver sending many large reports at once is refused the excess rather than queueing every other driver's PDF
/// behind theirs. When a slot frees, it goes to the waiting render whose account runs the fewest now (the longest
/// waiting of those), so one account's queue never stands before another's first.
package actor RenderPool {
    package nonisolated let capacity: Int
    package nonisolated let perOwner: Int
    private var running = 0
    private var waiting: [(owner: AccountID?, turn: CheckedContinuation<Void, Never>)] = []
    private var held: [AccountID: Int] = [:]
    /// Renders running now, by account (those held to none under `nil`).
    private var runningBy: [AccountID?: Int] = [:]
    /// How many renders have begun since the server started.
    package private(set) var started = 0

    package init(capacity: Int, perOwner: Int = 2) {
        self.capacity = max(capacity, 1)
        self.perOwner = max(min(perOwner, self.capacity > 1 ? self.capacity - 1 : 1), 1)
    }

    /// Runs `body` in turn.
    /// - Parameter owner: the account the render is for, held to ``perOwner``; `nil`: not held.
    /// - Throws: ``ServerRefusal/busy(what:limit:retryAfter:)`` when the owner has ``perOwner`` renders
    ///   already, running nothing.
    package func run<Result: Sendable>(for owner: AccountID? = nil, _ body: @Sendable () async throws -> Result) async throws -> Result {
        if let owner {
            guard held[owner, default: 0] < perOwner else {
                throw ServerRefusal.busy(what: "PDFs being drawn", limit: perOwner, retryAfter: 5)
            }
            held[owner, default: 0] += 1
        }
        defer {
            if let owner {
                held[owner, default: 1] -= 1
                if held[owner] == 0 { held[owner] = nil }
            }
        }
        await acquire(for: owner)
        defer { release(for: owner) }
        started += 1
        let began = ContinuousClock.now
        defer {
            ServerMetrics.rendered(seconds: (ContinuousClock.now - began).inSeconds)
        }
        return try await body()
    }

    /// How many renders run now, and how many wait their turn.
    package var load: (running: Int, waiting: Int) {
        (running, waiting.count)
    }

    private func acquire(for owner: AccountID?) async {
        if running < capacity {
            running += 1
            runningBy[owner, default: 0] += 1
            return
        }
        // The slot is counted for this render by the one that hands it over (``release(for:)``).
        await withCheckedContinuation { waiting.append((owner, $0)) }
    }

    private func release(for owner: AccountID?) {
        runningBy[owner, default: 1] -= 1
        if runningBy[owner] == 0 { runningBy[owner] = nil }
        guard !waiting.isEmpty else {
            running -= 1
            return
        }
        // The waiting render whose account runs the fewest now; of those, the one waiting longest.
        var next = 0
        for index in waiting.indices.dropFirst() where runningBy[waiting[index].owner, default: 0] < runningBy[waiting[next].owner, default: 0] {
            next = index
        }
        let chosen = waiting.remove(at: next)
        runningBy[chosen.owner, default: 0] += 1
        chosen.turn.resume()
    }
}
