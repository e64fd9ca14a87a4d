import Domain
import Foundation

/// Sends this device's changes to the crash-report server and brings back what others changed, so the app works
/// offline at the roadside and every change and photo arrives exactly once when the server can be reached.
///
/// A pass first drains the outbox in order — photos by SHA-256 (resuming an upload the server holds part of), then
/// reports by the server's revision, deletions — acknowledging each record only after the server confirmed it. A
/// lost answer is sent again; the server's idempotency (content-addressed photos, revision checks) makes that
/// harmless. A report still carrying a locally issued crash ID first gets one from the server. A save the server
/// refuses because another writer changed the report is merged (``ReportMerge``), stored as a new local revision and
/// sent again; the driver is told. Then the pass pulls: reports the server holds that changed (a detected crash, the
/// driver's other device) are stored here with their photos, and server-rendered PDFs replace the local ones.
///
/// In the background (``start()``) a pass runs at start, after every local change (``changed()``), and on a timer:
/// after a failure with capped exponential backoff and jitter, so a queue never waits for the next edit to move, and
/// every few minutes otherwise to bring in what others changed.
public actor SyncEngine: SyncStatusSource {
    private let server: ServerClient
    private let outbox: SQLiteOutbox
    private let state: SQLiteSyncState
    private let repository: CachedReportRepository
    private let photoStore: any PhotoStore
    private let archive: any DocumentArchive
    private let clock: any Clock
    private let backoff: SyncBackoff
    private let pullInterval: Duration

    private var status = SyncStatus()
    private var watchers: [UUID: AsyncStream<SyncStatus>.Continuation] = [:]
    private var running: Task<SyncPass, Never>?
    private var loop: Task<Void, Never>?
    private var wake: CheckedContinuation<Void, Never>?
    private var wakeGeneration = 0
    private var kicked = false
    /// Whether reports stored before a server was configured have been recorded for sending (once per run).
    private var recordedEarlierReports = false

    public init(
        server: ServerClient, outbox: SQLiteOutbox, state: SQLiteSyncState, repository: CachedReportRepository,
        photoStore: any PhotoStore, archive: any DocumentArchive, clock: any Clock,
        backoff: SyncBackoff = .standard, pullInterval: Duration = .seconds(300)
    ) {
        self.server = server
        self.outbox = outbox
        self.state = state
        self.repository = repository
        self.photoStore = photoStore
        self.archive = archive
        self.clock = clock
        self.backoff = backoff
        self.pullInterval = pullInterval
    }

    // MARK: - Running

    /// One pass: push everything waiting, then pull. Waits for a pass already running to end first.
    public func syncOnce() async -> SyncPass {
        if let running { _ = await running.value }
        let pass = Task { await self.runPass() }
        running = pass
        let result = await pass.value
        if running == pass { running = nil }
        return result
    }

    /// Starts the background passes (once).
    public func start() {
        guard loop == nil else { return }
        loop = Task { await self.runLoop() }
    }

    /// Stops the background passes, waiting for one under way to end.
    public func stop() async {
        loop?.cancel()
        wakeUp()
        _ = await loop?.value
        loop = nil
    }

    /// A local change was stored: the background loop sends it now rather than at its next timer.
    public nonisolated func changed() {
        Task { await self.wakeUp() }
    }

    private func runLoop() async {
        var failures = 0
        var generator = SystemRandomNumberGenerator()
        while !Task.isCancelled {
            let pass = await syncOnce()
            let delay: Duration
            if let failure = pass.failure {
                failures += 1
                if case .tokenRefused = failure {
                    delay = backoff.cap
                } else {
                    delay = backoff.delay(afterFailures: failures, using: &generator)
                }
            } else {
                failures = 0
                delay = pullInterval
            }
            if Task.isCancelled { break }
            await sleep(upTo: delay)
        }
    }

    /// Waits for `delay`, or less when a local change wakes the loop.
    private func sleep(upTo delay: Duration) async {
        if kicked {
            kicked = false
            return
        }
        wakeGeneration += 1
        let generation = wakeGeneration
        let timer = Task {
            try? await Task.sleep(for: delay)
            self.timerFired(generation)
        }
        await withCheckedContinuation { continuation in wake = continuation }
        timer.cancel()
    }

    private func timerFired(_ generation: Int) {
        guard generation == wakeGeneration, let waiting = wake else { return }
        wake = nil
        waiting.resume()
    }

    private func wakeUp() {
        if let waiting = wake {
            wake = nil
            waiting.resume()
        } else {
            kicked = true
        }
    }

    // MARK: - Status

    public func statusUpdates() -> AsyncStream<SyncStatus> {
        let (stream, continuation) = AsyncStream.makeStream(of: SyncStatus.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        watchers[id] = continuation
        continuation.onTermination = { _ in Task { await self.unwatch(id) } }
        continuation.yield(status)
        return stream
    }

    public func noticesShown(_ notices: [SyncNotice]) {
        status.notices.removeAll { notices.contains($0) }
        publish()
    }

    /// The status now.
    public var currentStatus: SyncStatus { status }

    private func unwatch(_ id: UUID) {
        watchers[id] = nil
    }

    private func publish() {
        for watcher in watchers.values { watcher.yield(status) }
    }

    private func refreshWaiting(_ pass: inout SyncPass) {
        if let counts = try? outbox.pendingCounts() {
            status.waitingPhotos = counts.photos
            status.waitingReports = counts.reports
            pass.waitingPhotos = counts.photos
            pass.waitingReports = counts.reports
        }
        publish()
    }

    private func note(_ notice: SyncNotice, in pass: inout SyncPass) {
        pass.notices.append(notice)
        status.notices.append(notice)
        publish()
    }

    private func reached() {
        if status.connection != .reachable {
            status.connection = .reachable
            publish()
        }
    }

    private func failed(_ failure: ServerFailure) {
        switch failure {
        case .tokenRefused:
            status.connection = .tokenRefused
        case .unreachable, .serverError:
            if case .unreachable = status.connection {} else { status.connection = .unreachable(since: clock.now()) }
        case .refused, .invalidAnswer:
            break
        }
        publish()
    }

    // MARK: - A pass

    private func runPass() async -> SyncPass {
        var pass = SyncPass()
        status.isSending = true
        refreshWaiting(&pass)
        defer {
            status.isSending = false
            refreshWaiting(&pass)
        }
        do {
            if !recordedEarlierReports {
                try outbox.recordReportsNotSent()
                recordedEarlierReports = true
            }
            try await push(&pass)
            try await pull(&pass)
            reached()
        } catch let failure as ServerFailure {
            pass.failure = failure
            failed(failure)
        } catch {
            pass.failure = .invalidAnswer(server: server.address.description, reason: "the local store failed: \(error)")
        }
        return pass
    }

    // MARK: - Push

    /// What pushing one record led to.
    private enum Step {
        /// Done: the next record.
        case next
        /// The outbox changed (a merge or a new crash ID was stored): read it again from the start.
        case reread
    }

    private func push(_ pass: inout SyncPass) async throws {
        var rereads = 0
        reading: while true {
            let records = try outbox.pending(limit: 64)
            if records.isEmpty { return }
            for record in records {
                let step: Step
                switch record.item {
                case let .photo(contentHash):
                    try await pushPhoto(contentHash, &pass)
                    try outbox.acknowledge(through: record.sequence)
                    // Bytes kept only because they waited to be sent go once nothing refers to them.
                    if try await !repository.isPhotoReferenced(contentHash) { try? await photoStore.remove(contentHash) }
                    step = .next
                case let .report(report):
                    step = try await pushReport(report, sequence: record.sequence, &pass)
                case let .deletion(id):
                    try await server.delete(id)
                    reached()
                    try state.confirmDeletion(of: id, through: record.sequence)
                    pass.deletionsSent += 1
                    step = .next
                }
                refreshWaiting(&pass)
                if step == .reread {
                    rereads += 1
                    // Another writer changing the report again and again must not hold the pass for ever.
                    if rereads > 50 { return }
                    continue reading
                }
            }
        }
    }

    private func pushPhoto(_ contentHash: ContentHash, _ pass: inout SyncPass) async throws {
        // A photo no report holds any more needs no sending.
        guard let reportID = try state.report(holdingPhoto: contentHash) else { return }
        let bytes: Data
        do {
            bytes = try await photoStore.bytes(for: contentHash)
        } catch {
            return  // The bytes are gone from this device: nothing to send (the report says which photo is missing).
        }
        let mediaType = (try? ImageInspector.inspect(bytes, fileName: contentHash.hex).mediaType) ?? .jpeg
        switch try await server.progress(of: contentHash, report: reportID) {
        case .whole:
            reached()
            return
        case let .partial(offset):
            reached()
            try await server.upload(bytes, of: contentHash, mediaType: mediaType, report: reportID, from: offset)
            pass.photosResumed += offset > 0 ? 1 : 0
        case .none:
            try await server.upload(bytes, of: contentHash, mediaType: mediaType, report: reportID, from: 0)
        }
        reached()
        pass.photosUploaded += 1
    }

    private func pushReport(_ report: CrashReport, sequence: Int, _ pass: inout SyncPass) async throws -> Step {
        if report.crashID.isLocal {
            let issued = try await server.issueCrashID()
            reached()
            var renamed = report
            renamed.adoptServerCrashID(issued)
            do {
                try await repository.save(renamed)
                note(SyncNotice(reportID: report.id, crashID: issued, event: .crashIDReplaced(old: report.crashID), date: clock.now()), in: &pass)
            } catch let error as ReportError where error.isConflict {
                // Changed here meanwhile: the newer record gets the server's crash ID on the next read.
            }
            return .reread
        }
        let base = try state.serverRevision(of: report.id) ?? 0
        let outcome: ServerClient.SaveOutcome
        do {
            outcome = try await sendReport(report, base: base, &pass)
        } catch let failure as ServerFailure {
            // Only a refusal of the report itself (a field, a completed report, a size) is for good; anything else (a
            // route the server does not have: the wrong address) stops the pass with the record kept.
            guard case let .refused(status, _, detail, _) = failure, Self.reportRefusals.contains(status) else { throw failure }
            // Refused for good: it stays on this device, and the driver hears why.
            note(SyncNotice(reportID: report.id, crashID: report.crashID, event: .refused(detail: detail), date: clock.now()), in: &pass)
            try outbox.acknowledge(through: sequence)
            return .next
        }
        reached()
        switch outcome {
        case let .stored(serverVersion):
            try state.confirm(serverVersion, sentFromLocalRevision: report.revision, through: sequence)
            await repository.forget(report.id)
            pass.reportsSent += 1
            if serverVersion.isCompleted { try await fetchDocument(of: report, &pass) }
            return .next
        case .conflict(current: nil):
            // Deleted on another device while this one still had changes: send this version again as new.
            try state.forgetServerCopy(of: report.id)
            note(SyncNotice(reportID: report.id, crashID: report.crashID, event: .recreatedAfterDeletion, date: clock.now()), in: &pass)
            return .reread
        case let .conflict(current?):
            // Compared as the server would keep it (times to the microsecond), so only real differences count.
            let sent = server.asSent(report)
            let merge = try ReportMerge.merge(local: sent, remote: current)
            let tell = merge.photosFromOtherWriter > 0 || merge.fieldsFromOtherWriter || merge.completedElsewhere
                || !merge.leftOut.isEmpty || !merge.matchesOtherWriter
            if merge.matchesOtherWriter {
                // The server's version holds everything this one does (a lost answer, or a newer change there).
                if try state.adopt(current, overLocalRevision: report.revision, through: sequence) {
                    await repository.forget(report.id)
                    if current.isCompleted { try await fetchDocument(of: current, &pass) }
                }
            } else {
                guard try state.storeMerge(merge.report, overLocalRevision: report.revision) != nil else { return .reread }
                await repository.forget(report.id)
            }
            if tell && !current.sameContent(as: sent) {
                note(SyncNotice(reportID: report.id, crashID: merge.report.crashID, event: .merged(merge), date: clock.now()), in: &pass)
            }
            return .reread
        }
    }

    /// Sends the report on top of the server's revision `base`. A report completed here whose photos the server lacks
    /// (their uploads were lost there) gets them sent first.
    private func sendReport(_ report: CrashReport, base: Int, _ pass: inout SyncPass) async throws -> ServerClient.SaveOutcome {
        do {
            return try await server.save(report.stored(atRevision: base))
        } catch {
            guard case let .refused(_, title, _, _) = error, title == Self.photosMissingTitle else { throw error }
            for photo in report.allPhotos { try await pushPhoto(photo.contentHash, &pass) }
            return try await server.save(report.stored(atRevision: base))
        }
    }

    /// The statuses with which the server refuses a report's content for good: 400 a field, 409 a completed report or
    /// nothing to report, 413 too large.
    static let reportRefusals: Set<Int> = [400, 409, 413]

    /// The title the server gives a completed report whose photos it does not hold.
    static let photosMissingTitle = "Photos missing"

    /// Keeps the server's PDF of a completed report in place of the one made here.
    private func fetchDocument(of report: CrashReport, _ pass: inout SyncPass) async throws {
        guard let pdf = try await server.document(of: report.id) else { return }
        _ = try await archive.keep(RenderedReport(format: .pdf, bytes: pdf), of: report)
        pass.documentsReceived += 1
    }

    // MARK: - Pull

    private func pull(_ pass: inout SyncPass) async throws {
        let held = try await server.reports()
        reached()
        let known = try state.serverRevisions()
        for serverVersion in held where known[serverVersion.id] != serverVersion.revision {
            switch try state.receive(serverVersion) {
            case let .stored(local):
                await repository.forget(local.id)
                pass.reportsReceived += 1
                try await fetchPhotos(of: local, &pass)
                if local.isCompleted { try await fetchDocument(of: local, &pass) }
            case .unchanged:
                try await fetchPhotos(of: serverVersion, &pass)
            case .pendingChanges:
                break
            }
        }
        let heldIDs = Set(held.map(\.id))
        for id in known.keys where !heldIDs.contains(id) {
            if let removed = try state.removeDeletedElsewhere(id) {
                await repository.forget(id)
                pass.reportsRemoved += 1
                note(SyncNotice(reportID: id, crashID: removed.crashID, event: .deletedElsewhere, date: clock.now()), in: &pass)
            }
        }
    }

    /// Brings the photos of a received report this device does not hold.
    private func fetchPhotos(of report: CrashReport, _ pass: inout SyncPass) async throws {
        for photo in report.allPhotos where try await !photoStore.contains(photo.contentHash) {
            guard let bytes = try await server.download(photo.contentHash, report: report.id) else { continue }
            guard ContentHash.sha256(of: bytes) == photo.contentHash else { continue }
            _ = try await photoStore.put(bytes)
            pass.photosDownloaded += 1
        }
    }
}
