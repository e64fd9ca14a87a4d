import Domain
import Foundation
import Storage
import Synchronization

/// Sends this device's changes to the crash-report server and brings back what others changed, so the app works
/// offline at the roadside and every change and photo arrives exactly once when the server can be reached.
///
/// A pass first drains the outbox in order — photos by SHA-256 (resuming an upload the server holds part of), then
/// reports by the server's revision, deletions — acknowledging each record only after the server confirmed it. A
/// lost answer is sent again; the server's idempotency (content-addressed photos, revision checks) makes that
/// harmless. A report still carrying a locally issued crash ID first gets one from the server. A save the server
/// refuses because another writer changed the report is merged against the last version both agreed on
/// (`ReportMerge`, three-way), stored as a new local revision and sent again; a report made here for a crash ID the
/// server has a report for (a link opened offline) is joined into that one. Then the pass pulls: reports the server
/// holds that changed (a detected crash, the driver's other device) are stored here with their photos, and
/// server-rendered PDFs replace the local ones. What the driver should hear of is kept with the sync state until shown.
///
/// The engine works over ports only — the `Outbox` and `SyncState` the local store implements, the
/// ``SyncRemote`` — so its rules are tested with the in-memory store and a fake server as well as SQLite and the real
/// one. The store tells the cache of every write sync makes (``StoreWrites``).
///
/// In the background (``start()``) a pass runs at start, after every local change (``changed()``), and on a timer:
/// after a failure with capped exponential backoff and jitter, so a queue never waits for the next edit to move, and
/// every few minutes otherwise to bring in what others changed.
public actor SyncEngine: SyncStatusSource {
    private let server: any SyncRemote
    private let outbox: any Outbox
    private let state: any SyncState
    /// What the use cases write to (the cache), for the crash ID a report is started with and photo references.
    private let repository: any ReportRepository
    private let photoStore: any PhotoStore
    private let archive: any DocumentArchive
    private let clock: any Clock
    private let backoff: SyncBackoff
    /// How many times sync stored what came from the server (a report received, merged, joined or removed), so an open
    /// screen can tell that what it shows changed under it (``OtherProgramsChanges``).
    public nonisolated let storedFromServer = Atomic<Int>(0)
    private let pullInterval: Duration

    private var status = SyncStatus()
    private var watchers: [UUID: AsyncStream<SyncStatus>.Continuation] = [:]
    private var running: Task<SyncPass, Never>?
    private var loop: Task<Void, Never>?
    private var wake: CheckedContinuation<Void, Never>?
    private var wakeGeneration = 0
    private var kicked = false
    /// Whether reports stored before a server was configured have been recorded for sending, and the notices kept
    /// from earlier runs read (once per run).
    private var started = false
    /// Completed reports whose PDF the server had not drawn when asked (their photos were on their way), asked again
    /// after the photos are sent.
    private var awaitingDocuments: Set<ReportID> = []

    public init(
        server: any SyncRemote, outbox: any Outbox, state: any SyncState, repository: any ReportRepository,
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
                if !failure.isTransient {
                    // Nothing changes until the driver does something (another token, another address): no haste.
                    delay = backoff.cap
                } else if case let .busy(_, retryAfter) = failure {
                    // The server said when to ask again: that, not a guess.
                    delay = .seconds(retryAfter)
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

    public func statusUpdates() async -> AsyncStream<SyncStatus> {
        await loadKeptNotices()
        let (stream, continuation) = AsyncStream.makeStream(of: SyncStatus.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        watchers[id] = continuation
        continuation.onTermination = { _ in Task { await self.unwatch(id) } }
        continuation.yield(status)
        return stream
    }

    /// The driver has seen these notices: they are forgotten here and in the store, so no later run shows them again.
    public func noticesShown(_ notices: [SyncNotice]) async {
        status.notices.removeAll { notices.contains($0) }
        try? await state.forget(notices)
        publish()
    }

    /// The notices kept from earlier runs (and passes of other programs on this store) not shown yet, with this run's.
    private func loadKeptNotices() async {
        guard let kept = try? await state.keptNotices() else { return }
        for notice in kept where !status.notices.contains(notice) { status.notices.append(notice) }
    }

    /// The status now.
    public var currentStatus: SyncStatus { status }

    private func unwatch(_ id: UUID) {
        watchers[id] = nil
    }

    private func publish() {
        for watcher in watchers.values { watcher.yield(status) }
    }

    private func refreshWaiting(_ pass: inout SyncPass) async {
        if let counts = try? await outbox.pendingCounts() {
            status.waitingPhotos = counts.photos
            status.waitingReports = counts.reports
            pass.waitingPhotos = counts.photos
            pass.waitingReports = counts.reports
        }
        publish()
    }

    /// Keeps a notice for the driver: in the store until shown (so quitting loses none), and in this pass.
    private func note(_ event: SyncNotice.Event, reportID: ReportID, crashID: CrashID, in pass: inout SyncPass) async throws {
        let notice = SyncNotice(reportID: reportID, crashID: crashID, event: event, date: clock.now())
        try await state.keep(notice)
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
        case let .busy(_, retryAfter):
            status.connection = .busy(until: clock.now().addingTimeInterval(Double(retryAfter)))
        case .refused(_, .quotaExceeded?, _, _):
            status.connection = .quotaReached
        case .refused(_, .storageFull?, _, _):
            // The server's disk is full: nothing of this device's is wrong; tried again after a while.
            status.connection = .busy(until: clock.now().addingTimeInterval(60))
        case let .otherAccount(bound, reached):
            status.connection = .otherAccount(bound: bound, reached: reached)
        case let .notADriversToken(account, kind):
            status.connection = .notADriversToken(account, kind: kind)
        case let .invalidAnswer(_, reason):
            status.connection = .unusable(reason: reason)
        case .refused, .localStore:
            break
        }
        publish()
    }

    // MARK: - A pass

    private func runPass() async -> SyncPass {
        var pass = SyncPass()
        status.isSending = true
        await refreshWaiting(&pass)
        do {
            if !started {
                try await outbox.recordReportsNotSent()
                await loadKeptNotices()
                started = true
            }
            try await push(&pass)
            try await pull(&pass)
            reached()
        } catch let failure as ServerFailure {
            pass.failure = failure
            failed(failure)
        } catch {
            pass.failure = .invalidAnswer(server: server.serverDescription, reason: "the local store failed: \(error)")
        }
        status.isSending = false
        await refreshWaiting(&pass)
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

    /// Sends what this device changed: the reports and deletions first, in order — so the server (and through it the
    /// insurer) has a completed report at once — then the photos, smallest first, so the most of them arrive in the
    /// least time on a weak signal; then the PDFs the server drew once the photos of a completed report were in.
    private func push(_ pass: inout SyncPass) async throws {
        try await pushChanges(&pass)
        try await pushPhotos(&pass)
        try await fetchAwaitedDocuments(&pass)
    }

    private func pushChanges(_ pass: inout SyncPass) async throws {
        var rereads = 0
        reading: while true {
            let records = try await outbox.pendingChanges(limit: 64)
            if records.isEmpty { return }
            for record in records {
                let step: Step
                switch record.item {
                case .photo:
                    step = .next
                case let .report(report):
                    step = try await pushReport(report, sequence: record.sequence, &pass)
                case let .deletion(id):
                    try await pushDeletion(id, sequence: record.sequence, &pass)
                    step = .next
                }
                await refreshWaiting(&pass)
                if step == .reread {
                    rereads += 1
                    // Another writer changing the report again and again must not hold the pass for ever.
                    if rereads > 50 { return }
                    continue reading
                }
            }
        }
    }

    /// Sends the waiting photos smallest first, saying after each how much is left and at what pace. A report
    /// changed meanwhile goes before the next photo.
    private func pushPhotos(_ pass: inout SyncPass) async throws {
        defer {
            status.photoUpload = nil
            publish()
        }
        while true {
            let records = try await outbox.pendingPhotos(limit: 10_000)
            if records.isEmpty { return }
            var sized: [(record: OutboxRecord, hash: ContentHash, size: Int)] = []
            for record in records {
                guard case let .photo(hash) = record.item else { continue }
                sized.append((record, hash, (try? await photoStore.byteCount(of: hash)) ?? 0))
            }
            sized.sort { ($0.size, $0.record.sequence) < ($1.size, $1.record.sequence) }
            var progress = PhotoUploadProgress(sent: 0, total: sized.count, remainingBytes: sized.reduce(0) { $0 + $1.size }, bytesPerSecond: nil)
            status.photoUpload = progress
            publish()
            let started = ContinuousClock.now
            var sentBytes = 0
            for photo in sized {
                sentBytes += try await pushPhoto(photo.hash, &pass)
                try await outbox.acknowledgePhoto(photo.record.sequence)
                // Bytes kept only because they waited to be sent go once nothing refers to them.
                if try await !repository.isPhotoReferenced(photo.hash) { try? await photoStore.remove(photo.hash) }
                let elapsed = (ContinuousClock.now - started).components
                let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
                progress.sent += 1
                progress.remainingBytes -= photo.size
                if sentBytes > 0, seconds > 0 { progress.bytesPerSecond = Double(sentBytes) / seconds }
                status.photoUpload = progress
                await refreshWaiting(&pass)
                // The driver changed a report meanwhile: it goes before the remaining photos.
                if pass.waitingReports > 0 { try await pushChanges(&pass) }
            }
        }
    }

    /// Brings the PDFs of reports completed while their photos were on their way, which the server draws once the
    /// last one is in.
    private func fetchAwaitedDocuments(_ pass: inout SyncPass) async throws {
        for id in awaitingDocuments {
            guard let report = try await repository.report(withID: id), report.isCompleted else {
                awaitingDocuments.remove(id)
                continue
            }
            try await fetchDocument(of: report, &pass)
        }
    }

    /// Sends one photo, resuming an upload the server holds part of.
    /// - Returns: how many bytes went (none when the server held it whole, or no report holds it any more).
    @discardableResult
    private func pushPhoto(_ contentHash: ContentHash, _ pass: inout SyncPass) async throws -> Int {
        // A photo no report holds any more needs no sending.
        guard try await state.holdsPhoto(contentHash) else { return 0 }
        let bytes: Data
        do {
            bytes = try await photoStore.bytes(for: contentHash)
        } catch {
            return 0  // The bytes are gone from this device: nothing to send (the report says which photo is missing).
        }
        let mediaType = (try? ImageInspector.inspect(bytes, fileName: contentHash.hex).mediaType) ?? .jpeg
        let sent: Int
        switch try await server.progress(of: contentHash) {
        case .whole:
            reached()
            return 0
        case let .partial(offset):
            reached()
            try await server.upload(bytes, of: contentHash, mediaType: mediaType, from: offset)
            pass.photosResumed += offset > 0 ? 1 : 0
            sent = bytes.count - offset
        case .none:
            try await server.upload(bytes, of: contentHash, mediaType: mediaType, from: 0)
            sent = bytes.count
        }
        reached()
        pass.photosUploaded += 1
        return sent
    }

    private func pushDeletion(_ id: ReportID, sequence: Int, _ pass: inout SyncPass) async throws {
        do {
            try await server.delete(id)
        } catch let failure where Self.isRefusalOfTheReport(failure) {
            // The server keeps it (completed there): nothing more to send; the driver hears why.
            // The next pull brings it back here as the server keeps it.
            reached()
            if let crashID = try await state.base(of: id)?.crashID {
                try await note(.refused(Self.refusal(failure)), reportID: id, crashID: crashID, in: &pass)
            }
            try await state.confirmDeletion(of: id, through: sequence)
            return
        }
        reached()
        try await state.confirmDeletion(of: id, through: sequence)
        pass.deletionsSent += 1
    }

    private func pushReport(_ report: CrashReport, sequence: Int, _ pass: inout SyncPass) async throws -> Step {
        if report.crashID.isLocal {
            let issued = try await server.issueCrashID()
            reached()
            // Changed here meanwhile: the newer record gets the server's crash ID on the next read.
            if let renamed = try await state.adoptCrashID(issued, forReportAt: report.revision, id: report.id), renamed.crashID == issued {
                try await note(.crashIDReplaced(old: report.crashID), reportID: report.id, crashID: issued, in: &pass)
            }
            return .reread
        }
        let base = try await state.serverRevision(of: report.id) ?? 0
        let outcome: RemoteSave
        do {
            outcome = try await sendReport(report, base: base, &pass)
        } catch let failure where Self.isRefusalOfTheReport(failure) {
            // Refused for good: it stays on this device, and the driver hears why.
            reached()
            try await note(.refused(Self.refusal(failure)), reportID: report.id, crashID: report.crashID, in: &pass)
            try await outbox.acknowledge(through: sequence)
            return .next
        }
        reached()
        switch outcome {
        case let .stored(serverVersion):
            try await state.confirm(serverVersion, sentFromLocalRevision: report.revision, through: sequence)
            pass.reportsSent += 1
            if serverVersion.isCompleted { try await fetchDocument(of: serverVersion, &pass) }
            return .next
        case .conflict(current: nil):
            // Deleted on another device while this one still had changes: send this version again as new.
            try await state.forgetServerCopy(of: report.id)
            try await note(.recreatedAfterDeletion, reportID: report.id, crashID: report.crashID, in: &pass)
            return .reread
        case let .conflict(current?):
            try await merge(report, into: current, &pass, sequence: sequence)
            return .reread
        case let .crashIDTaken(holder):
            try await join(report, into: holder, &pass)
            return .reread
        }
    }

    /// Sends the report on top of the server's revision `base`. A report completed here whose photos the server lacks
    /// (their uploads were lost there) gets them sent first.
    private func sendReport(_ report: CrashReport, base: Int, _ pass: inout SyncPass) async throws -> RemoteSave {
        do {
            return try await server.save(report.stored(atRevision: base))
        } catch .refused(_, .photosMissing?, _, _) {
            for photo in report.allPhotos { try await pushPhoto(photo.contentHash, &pass) }
            return try await server.save(report.stored(atRevision: base))
        }
    }

    /// Merges this device's version with the server's newer one, against the last version both agreed on.
    private func merge(_ report: CrashReport, into current: CrashReport, _ pass: inout SyncPass, sequence: Int) async throws {
        // Compared as the server would keep it (times to the microsecond), so only real differences count.
        let sent = server.asSent(report)
        let base = try await state.base(of: report.id)
        let merge = try ReportMerge.merge(base: base, local: sent, remote: current)
        let kept: CrashReport
        if merge.matchesOtherWriter {
            // The server's version holds everything this one does (a lost answer, or a newer change there).
            guard try await state.adopt(current, overLocalRevision: report.revision, through: sequence) else { return }
            if current.isCompleted { try await fetchDocument(of: current, &pass) }
            kept = current
        } else {
            guard try await state.storeMerge(merge.report, over: current, localRevision: report.revision) != nil else { return }
            storedFromServer.add(1, ordering: .relaxed)
            kept = merge.report
        }
        if merge.isWorthTelling && !current.sameContent(as: sent) {
            try await note(.merged(merge.summary), reportID: report.id, crashID: merge.report.crashID, in: &pass)
        }
        // What the server's version brought is told as when it arrives with nothing pending here.
        try await tellNews(in: kept, since: base, &pass)
    }

    /// Tells the driver what a version from the server brought that the last one this device had from it
    /// (`base`) did not: the insurer's answer, and for each statement the other driver's part, signature or decline,
    /// and a signature that no longer counts.
    private func tellNews(in report: CrashReport, since base: CrashReport?, _ pass: inout SyncPass) async throws {
        if let acknowledgement = report.acknowledgement, acknowledgement != base?.acknowledgement {
            try await note(
                .acknowledged(claimNumber: acknowledgement.claimNumber, message: acknowledgement.message),
                reportID: report.id, crashID: report.crashID, in: &pass
            )
        }
        // Each step of the claim this device has not had yet, in order (a timeline only grows).
        for step in report.claimTimeline.dropFirst(base?.claimTimeline.count ?? 0) {
            try await note(.claimStatus(step), reportID: report.id, crashID: report.crashID, in: &pass)
        }
        for pair in report.statementPairs {
            guard let statement = report.statement(pair) else { continue }
            let before = base?.statement(pair)
            let party: Int? = if case let .vehicle(id) = pair { report.parties.number(of: id) } else { nil }
            if let entered = statement.vehicleB.enteredByOtherDriverAt, entered != before?.vehicleB.enteredByOtherDriverAt {
                try await note(.otherDriverEntered(party: party), reportID: report.id, crashID: report.crashID, in: &pass)
            }
            // Signed on their own phone (a code texted to them): news; signed on this device, the driver saw it.
            if case let .holds(signature) = report.signatureState(of: .b, in: pair), case .smsCode = signature.verification,
               signature != before?.signature(of: .b) {
                try await note(.otherDriverSigned(party: party), reportID: report.id, crashID: report.crashID, in: &pass)
            }
            if let decline = statement.decline, decline != before?.decline {
                try await note(.otherDriverDeclined(reason: decline.reason, party: party), reportID: report.id, crashID: report.crashID, in: &pass)
            }
            for side in VehicleSide.allCases {
                if case .void = report.signatureState(of: side, in: pair), case .holds? = base?.signatureState(of: side, in: pair) {
                    try await note(.signatureVoided(side, party: party), reportID: report.id, crashID: report.crashID, in: &pass)
                }
            }
        }
    }

    /// Joins a report made here for a crash ID the server has a report for (a link opened offline) into that report:
    /// what the driver added here is merged in against an empty draft, so each side's entries are kept.
    private func join(_ report: CrashReport, into holder: CrashReport, _ pass: inout SyncPass) async throws {
        let target = try await repository.report(withID: holder.id) ?? holder
        let empty = CrashReport(
            id: holder.id, crashID: report.crashID, createdAt: report.createdAt, utcOffsetMinutes: report.scene.utcOffsetMinutes,
            language: report.language
        )
        let merge = try ReportMerge.merge(base: empty, local: report, remote: target)
        var merged = merge.report
        // The server's scene (the detected one) may not know its zone; this device, at the scene, did.
        if let offset = report.scene.utcOffsetMinutes { merged.takeUTCOffsetIfUnknown(offset) }
        guard let joined = try await state.join(report, as: merged, remote: holder) else { return }
        storedFromServer.add(1, ordering: .relaxed)
        try await note(.joined(merge.summary), reportID: joined.id, crashID: joined.crashID, in: &pass)
        try await fetchPhotos(of: joined, &pass)
    }

    /// Whether the server refused the report (or its deletion) itself, for good: a field, a completed report, nothing
    /// to report, a size. Anything else (a route it does not have, a refusal this program does not know) stops the
    /// pass with the record kept.
    private static func isRefusalOfTheReport(_ failure: any Error) -> Bool {
        switch (failure as? ServerFailure)?.problemType {
        case .invalidReport, .invalidParameter, .reportCompleted, .nothingToReport, .bodyTooLarge: true
        default: false
        }
    }

    /// The refusal as facts, by its problem type.
    private static func refusal(_ failure: any Error) -> SyncRefusal {
        guard case let .refused(_, type, detail, field)? = failure as? ServerFailure else { return .other(detail: "\(failure)") }
        switch type {
        case .invalidReport?, .invalidParameter?: return .invalid(field: field)
        case .reportCompleted?: return .completedThere
        case .nothingToReport?: return .nothingToReport
        case .bodyTooLarge?: return .tooLarge
        default: return .other(detail: detail)
        }
    }

    /// Keeps the server's PDF of a completed report in place of the one made here, and removes one still named after
    /// a crash ID the server replaced.
    private func fetchDocument(of report: CrashReport, _ pass: inout SyncPass) async throws {
        guard let pdf = try await server.document(of: report.id) else {
            // Completed with photos still on their way: the server draws it when they are in.
            awaitingDocuments.insert(report.id)
            return
        }
        awaitingDocuments.remove(report.id)
        _ = try await archive.keep(RenderedReport(format: .pdf, bytes: pdf), of: report)
        pass.documentsReceived += 1
        if let old = try await state.replacedCrashID(of: report.id), old != report.crashID {
            try await archive.remove(namedAfter: old, format: .pdf)
            try await state.forgetReplacedCrashID(of: report.id)
        }
    }

    // MARK: - Pull

    private func pull(_ pass: inout SyncPass) async throws {
        var cursor = try await state.changesCursor()
        var fromStart = cursor == nil
        var seen: Set<ReportID> = []
        while true {
            let page: RemoteChanges
            do {
                page = try await server.changes(since: cursor)
            } catch {
                guard cursor != nil, error.problemType == .changesExpired else { throw error }
                // The server no longer remembers every deletion since this device last asked: read everything again.
                try await state.keepChangesCursor(nil)
                cursor = nil
                fromStart = true
                seen = []
                continue
            }
            reached()
            let known = try await state.serverRevisions()
            for serverVersion in page.reports {
                seen.insert(serverVersion.id)
                guard known[serverVersion.id] != serverVersion.revision else { continue }
                // The report as this device last had it from the server, to tell what is new.
                let base = try await state.base(of: serverVersion.id)
                switch try await state.receive(serverVersion) {
                case let .stored(local):
                    pass.reportsReceived += 1
                    storedFromServer.add(1, ordering: .relaxed)
                    try await tellNews(in: local, since: base, &pass)
                    try await fetchPhotos(of: local, &pass)
                    if local.isCompleted { try await fetchDocument(of: local, &pass) }
                case .unchanged:
                    try await fetchPhotos(of: serverVersion, &pass)
                case .pendingChanges:
                    break
                }
            }
            for id in page.deleted { try await removeDeletedElsewhere(id, falseAlarm: page.falseAlarms.contains(id), &pass) }
            // Kept once the page is taken in: a pass cut short asks again from here.
            try await state.keepChangesCursor(page.cursor)
            cursor = page.cursor
            if !page.more { break }
        }
        if fromStart {
            // Every report the server holds was read: one known here and not among them is no longer there.
            for id in try await state.serverRevisions().keys where !seen.contains(id) {
                try await removeDeletedElsewhere(id, &pass)
            }
        }
    }

    /// - Parameter falseAlarm: whether the server removed it because the driver answered the crash's SMS that it was a
    ///   false alarm (said so, not as a deletion on another device).
    private func removeDeletedElsewhere(_ id: ReportID, falseAlarm: Bool = false, _ pass: inout SyncPass) async throws {
        switch try await state.removeDeletedElsewhere(id) {
        case let .removed(report):
            pass.reportsRemoved += 1
            storedFromServer.add(1, ordering: .relaxed)
            try await note(falseAlarm ? .removedAsFalseAlarm : .deletedElsewhere, reportID: id, crashID: report.crashID, in: &pass)
        case let .keptCompleted(report):
            try await note(.removedFromServer, reportID: id, crashID: report.crashID, in: &pass)
        case .none:
            break
        }
    }

    private func fetchPhotos(of report: CrashReport, _ pass: inout SyncPass) async throws {
        for photo in report.allPhotos where try await !photoStore.contains(photo.contentHash) {
            guard let bytes = try await server.download(photo.contentHash) else { continue }
            guard ContentHash.sha256(of: bytes) == photo.contentHash else { continue }
            _ = try await photoStore.put(bytes)
            pass.photosDownloaded += 1
        }
    }
}
