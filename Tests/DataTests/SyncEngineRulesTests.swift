import Composition
import Data
import Domain
import Foundation
import ReportDocuments
import Storage
import Testing
import TestSupport

/// The sync engine's rules over its ports alone: the in-memory store (its outbox and sync state) and a server in
/// memory — no SQLite, no network.
@Suite("Sync rules, in memory")
struct SyncEngineRulesTests {
    /// One device: the in-memory store behind the cache, its photos and documents, the use cases, and its engine.
    final class Device: Sendable {
        let store: InMemoryReportRepository
        let photos = InMemoryPhotoStore()
        let archive = InMemoryDocumentArchive()
        let clock = ManualClock(referenceDate)
        let cache: CachedReportRepository
        let useCases: UseCases
        let sync: SyncEngine

        init(remote: InMemoryRemote, store: InMemoryReportRepository = InMemoryReportRepository(recordsChanges: true)) {
            self.store = store
            cache = CachedReportRepository(local: store)
            useCases = UseCases(Adapters(
                repository: cache, photoStore: photos, archive: archive, textRenderer: TextReportRenderer(),
                documentRenderer: PDFReportRenderer(photoStore: photos), exporter: InMemoryDocumentExporter(),
                issuer: RandomCrashIDIssuer(), clock: clock, photoFiles: NoPhotoFiles()
            ))
            sync = SyncEngine(
                server: remote, outbox: store, state: store, repository: cache, photoStore: photos, archive: archive, clock: clock
            )
        }

        /// The same store, as the app opened again (a new run) would use it.
        func reopened(remote: InMemoryRemote) -> Device { Device(remote: remote, store: store) }

        func report(_ id: ReportID) async throws -> CrashReport {
            try #require(try await cache.report(withID: id))
        }

        /// A note changed a moment later than the last change.
        func note(_ id: ReportID, _ text: String) async throws {
            clock.advance(by: 1)
            _ = try await useCases.setNote.execute(reportID: id, note: text)
        }

        func addPhoto(_ id: ReportID, _ seed: Int, to section: PhotoSection = .crashScene) async throws {
            clock.advance(by: 1)
            _ = try await useCases.addImage.execute(reportID: id, section: section, bytes: try Fixtures.distinctJPEG(seed), fileName: "photo-\(seed).jpg")
        }

        func removePhoto(_ id: ReportID, seed: Int) async throws {
            clock.advance(by: 1)
            let hash = ContentHash.sha256(of: try Fixtures.distinctJPEG(seed))
            let photo = try #require(try await report(id).allPhotos.first { $0.contentHash == hash })
            _ = try await useCases.removeImage.execute(reportID: id, photoID: photo.id)
        }
    }

    @Test("A report made offline is sent once; its local crash ID is replaced and the notice kept until shown, across runs")
    func aNoticeIsKeptUntilShown() async throws {
        let remote = InMemoryRemote()
        let phone = Device(remote: remote)
        await remote.setReachable(false)
        let draft = try await phone.useCases.start.execute()
        try await phone.note(draft.id, "Blue hatchback")
        #expect(await phone.sync.syncOnce().failure?.isTransient == true)

        await remote.setReachable(true)
        let pass = await phone.sync.syncOnce()
        #expect(pass.isComplete)
        let held = try #require(await remote.report(draft.id))
        #expect(held.otherDriverNote == "Blue hatchback")
        #expect(!held.crashID.isLocal)
        #expect(try await phone.report(draft.id).crashID == held.crashID)
        #expect(pass.notices.map(\.event) == [.crashIDReplaced(old: draft.crashID)])

        // The app was quit before the driver saw it: the next run shows it, and once shown it is gone.
        let nextRun = phone.reopened(remote: remote)
        var updates = await nextRun.sync.statusUpdates().makeAsyncIterator()
        let shown = try #require(await updates.next()).notices
        #expect(shown.map(\.event) == [.crashIDReplaced(old: draft.crashID)])
        await nextRun.sync.noticesShown(shown)
        var later = await phone.reopened(remote: remote).sync.statusUpdates().makeAsyncIterator()
        #expect(try #require(await later.next()).notices.isEmpty)
        #expect(await remote.all.count == 1)
    }

    @Test("A photo removed here while the other device changed the note: both changes kept, the photo not resurrected")
    func aRemovalIsNotResurrected() async throws {
        let remote = InMemoryRemote()
        let phone = Device(remote: remote)
        let report = try await phone.useCases.start.execute()
        try await phone.addPhoto(report.id, 1)
        try await phone.addPhoto(report.id, 2)
        try await phone.note(report.id, "blue car")
        #expect(await phone.sync.syncOnce().isComplete)

        try await phone.removePhoto(report.id, seed: 1)
        try await remote.edit(report.id) { report in try report.setNote("blue car, dented") }
        let merging = await phone.sync.syncOnce()
        #expect(merging.isComplete)

        let held = try #require(await remote.report(report.id))
        #expect(held.otherDriverNote == "blue car, dented")
        #expect(held.allPhotos.map(\.contentHash) == [ContentHash.sha256(of: try Fixtures.distinctJPEG(2))])
        #expect(try await phone.report(report.id).sameContent(as: held))
        #expect(await phone.sync.syncOnce().reportsSent == 0)
    }

    @Test("A note cleared on the other device stays cleared, though this device's version is newer")
    func aClearedNoteStaysCleared() async throws {
        let remote = InMemoryRemote()
        let phone = Device(remote: remote)
        let report = try await phone.useCases.start.execute()
        try await phone.note(report.id, "red van")
        try await phone.addPhoto(report.id, 3)
        #expect(await phone.sync.syncOnce().isComplete)

        try await remote.edit(report.id) { report in try report.setNote("") }
        try await phone.addPhoto(report.id, 4)
        #expect(await phone.sync.syncOnce().isComplete)

        let held = try #require(await remote.report(report.id))
        #expect(held.otherDriverNote == "")
        #expect(held.allPhotos.count == 2)
        #expect(try await phone.report(report.id).sameContent(as: held))
    }

    @Test("A report opened offline for a crash the server has a report for becomes that one report, with both sides' entries")
    func aLinkOpenedOfflineBecomesOneReport() async throws {
        let remote = InMemoryRemote()
        let crashID = try CrashID(validating: "CA-DETECT2345")
        var detected = CrashReport(crashID: crashID, createdAt: referenceDate.addingTimeInterval(-300))
        try detected.setScene(try CrashScene(occurredAt: referenceDate.addingTimeInterval(-310), coordinate: Coordinate(latitude: 47.4979, longitude: 19.0402)))
        try await remote.seed(detected)

        let phone = Device(remote: remote)
        await remote.setReachable(false)
        let opened = try await phone.cache.save(CrashReport(crashID: crashID, createdAt: phone.clock.now()))
        try await phone.note(opened.id, "white van, Vienna plates")
        try await phone.addPhoto(opened.id, 5)
        await remote.setReachable(true)

        let pass = await phone.sync.syncOnce()
        #expect(pass.isComplete)
        let held = try #require(await remote.all.first)
        #expect(await remote.all.count == 1)
        #expect(held.id == detected.id)
        #expect(held.otherDriverNote == "white van, Vienna plates")
        #expect(held.allPhotos.count == 1)
        #expect(held.scene.coordinate != nil)
        #expect(try await phone.useCases.list.execute().map(\.id) == [detected.id])
        #expect(try await phone.cache.report(withID: opened.id) == nil)
        #expect(pass.notices.contains { if case .joined = $0.event { true } else { false } })
    }

    @Test("A completed report goes before its photos, the photos smallest first, and the server's PDF, drawn once they are in, is brought in the same pass")
    func theReportGoesFirstThenThePhotosSmallestFirst() async throws {
        let remote = InMemoryRemote()
        let phone = Device(remote: remote)
        await remote.setReachable(false)
        let draft = try await phone.useCases.start.execute()
        try await phone.note(draft.id, "white van")
        // Three photos whose sizes differ (the longer the seed, the larger the photo), added largest first.
        let seeds = [100_000, 7, 1_000]
        for seed in seeds { try await phone.addPhoto(draft.id, seed) }
        _ = try await phone.useCases.create.execute(reportID: draft.id)
        await remote.setReachable(true)

        let pass = await phone.sync.syncOnce()
        #expect(pass.isComplete)
        #expect(pass.photosUploaded == 3)
        let hashes = try [7, 1_000, 100_000].map { ContentHash.sha256(of: try Fixtures.distinctJPEG($0)).hex }
        #expect(await remote.log == ["completed \(draft.id)"] + hashes.map { "photo \($0)" })
        // The server's PDF, which waited for the photos, is here; nothing is said to be still sending.
        #expect(pass.documentsReceived == 1)
        let renamed = try await phone.report(draft.id)
        let pdf = try #require(await phone.archive.document(of: renamed, format: .pdf))
        #expect(String(decoding: pdf.bytes, as: UTF8.self) == "%PDF-1.4 \(renamed.crashID)")
        #expect(await phone.sync.currentStatus.photoUpload == nil)
    }

    @Test("A server that refuses a report completed before its photos gets them sent first, then the report")
    func anOlderServerGetsThePhotosFirst() async throws {
        let remote = InMemoryRemote()
        await remote.refuseCompletionWithoutPhotos()
        let phone = Device(remote: remote)
        let draft = try await phone.useCases.start.execute()
        try await phone.addPhoto(draft.id, 8)
        _ = try await phone.useCases.create.execute(reportID: draft.id)
        let pass = await phone.sync.syncOnce()
        #expect(pass.isComplete)
        #expect(await remote.report(draft.id)?.isCompleted == true)
        #expect(await remote.log.last == "completed \(draft.id)")
    }

    @Test("A completed report's PDF named after its local crash ID goes once the server's PDF is kept")
    func theOldPDFGoes() async throws {
        let remote = InMemoryRemote()
        let phone = Device(remote: remote)
        await remote.setReachable(false)
        let draft = try await phone.useCases.start.execute()
        try await phone.addPhoto(draft.id, 6)
        let created = try await phone.useCases.create.execute(reportID: draft.id)
        #expect(await phone.archive.document(of: created.report, format: .pdf) != nil)
        await remote.setReachable(true)

        #expect(await phone.sync.syncOnce().isComplete)
        let renamed = try await phone.report(draft.id)
        #expect(renamed.crashID != draft.crashID)
        #expect(await phone.archive.names == [RenderedReport.defaultFileName(for: renamed.crashID, format: .pdf)])
    }

    @Test("The insurer's claim number arrives with the report and its PDF, is said once across runs, and a correction is said again")
    func anAcknowledgementIsSaidOnce() async throws {
        let remote = InMemoryRemote()
        let phone = Device(remote: remote)
        let draft = try await phone.useCases.start.execute()
        try await phone.addPhoto(draft.id, 8)
        _ = try await phone.useCases.create.execute(reportID: draft.id)
        #expect(await phone.sync.syncOnce().isComplete)

        let acknowledgement = try ClaimAcknowledgement(
            claimNumber: "2026-04417", message: "We will call you today.", acknowledgedAt: referenceDate.addingTimeInterval(3_600), handler: "hana"
        )
        try await remote.edit(draft.id) { try $0.recordAcknowledgement(acknowledgement) }
        let pass = await phone.sync.syncOnce()
        #expect(pass.notices.map(\.event) == [.acknowledged(claimNumber: "2026-04417", message: "We will call you today.")])
        let local = try await phone.report(draft.id)
        #expect(local.acknowledgement == acknowledgement)
        #expect(local.isCompleted)
        #expect(try await phone.cache.summaries().first { $0.id == draft.id }?.claimNumber == "2026-04417")
        #expect(pass.documentsReceived == 1)

        // Nothing new: nothing said. The next run shows it until shown, then never again.
        #expect(await phone.sync.syncOnce().notices.isEmpty)
        let nextRun = phone.reopened(remote: remote)
        var updates = await nextRun.sync.statusUpdates().makeAsyncIterator()
        let shown = try #require(await updates.next()).notices
        #expect(shown.map(\.event).last == .acknowledged(claimNumber: "2026-04417", message: "We will call you today."))
        await nextRun.sync.noticesShown(shown)
        var later = await phone.reopened(remote: remote).sync.statusUpdates().makeAsyncIterator()
        #expect(try #require(await later.next()).notices.isEmpty)

        // A corrected claim number is news.
        let corrected = try ClaimAcknowledgement(
            claimNumber: "2026-04418", message: "", acknowledgedAt: referenceDate.addingTimeInterval(7_200), handler: "hana"
        )
        try await remote.edit(draft.id) { try $0.recordAcknowledgement(corrected) }
        #expect(await phone.sync.syncOnce().notices.map(\.event) == [.acknowledged(claimNumber: "2026-04418", message: "")])
    }

    @Test("The other driver's part arriving while the driver's own change waits is merged with it and still told, once")
    func theOtherDriversPartIsToldAlsoWhenMerged() async throws {
        let remote = InMemoryRemote()
        let phone = Device(remote: remote)
        let draft = try await phone.useCases.start.execute()
        #expect(await phone.sync.syncOnce().isComplete)

        // Their part is stored on the server while the driver's note has not been sent yet.
        let entered = referenceDate.addingTimeInterval(600)
        try await remote.edit(draft.id) { report in
            var statement = report.statement
            try statement.vehicleB.set(.driverName, to: "Greta Müller")
            statement.vehicleB.markEnteredByOtherDriver(at: entered)
            try report.setStatement(statement)
        }
        try await phone.note(draft.id, "Blue hatchback")
        let pass = await phone.sync.syncOnce()

        #expect(pass.isComplete)
        #expect(pass.notices.map(\.event).contains(.otherDriverEntered(party: nil)), "\(pass.notices.map(\.event))")
        let local = try await phone.report(draft.id)
        #expect(local.otherDriverNote == "Blue hatchback")
        #expect(local.statement.vehicleB.enteredByOtherDriverAt == entered)
        #expect(local.statement.vehicleB.values[.driverName] == "Greta Müller")
        #expect(try await remote.report(draft.id)?.otherDriverNote == "Blue hatchback")
        // Said once: the next passes have nothing to tell.
        #expect(await phone.sync.syncOnce().notices.isEmpty)
    }

    @Test("The other driver's signature from their phone, a decline, and a signature voided by a change elsewhere are each told once")
    func signaturesAreNews() async throws {
        let remote = InMemoryRemote()
        let phone = Device(remote: remote)
        let draft = try await phone.useCases.start.execute()
        _ = try await phone.useCases.editStatement.execute(reportID: draft.id) { try $0.vehicleA.set(.driverName, to: "Jane Doe") }
        _ = try await phone.useCases.signStatement.execute(reportID: draft.id, side: .a, name: "Jane Doe")
        #expect(await phone.sync.syncOnce().isComplete)

        // The other driver signs on their phone, verified by a code: news once.
        let number = try PhoneNumber(parsing: "+4915123456789")
        try await remote.edit(draft.id) { report in
            try report.signStatement(.b, name: "Greta Müller", verification: .smsCode(number), at: referenceDate.addingTimeInterval(600))
        }
        var pass = await phone.sync.syncOnce()
        #expect(pass.notices.map(\.event) == [.otherDriverSigned(party: nil)], "\(pass.notices.map(\.event))")
        #expect(try await phone.report(draft.id).isStatementSigned)
        #expect(await phone.sync.syncOnce().notices.isEmpty)

        // On another draft: a change elsewhere after the driver signed voids it; the other driver declines.
        let second = try await phone.useCases.start.execute()
        _ = try await phone.useCases.editStatement.execute(reportID: second.id) { try $0.vehicleA.set(.driverName, to: "Jane Doe") }
        _ = try await phone.useCases.signStatement.execute(reportID: second.id, side: .a, name: "Jane Doe")
        #expect(await phone.sync.syncOnce().isComplete)
        try await remote.edit(second.id) { report in
            var statement = report.statement
            try statement.vehicleB.set(.plate, to: "M-AB 1234")
            try report.setStatement(statement)
            try report.declineStatement(reason: "Box 17 is not true", at: referenceDate.addingTimeInterval(900))
        }
        pass = await phone.sync.syncOnce()
        #expect(Set(pass.notices.map(\.event)) == [.otherDriverDeclined(reason: "Box 17 is not true", party: nil), .signatureVoided(.a, party: nil)], "\(pass.notices.map(\.event))")
        #expect(await phone.sync.syncOnce().notices.isEmpty)
    }

    @Test("A pile-up: what each other driver did on their own statement is told once, by the party's number, B's as before")
    func eachStatementsNewsIsToldByItsParty() async throws {
        let remote = InMemoryRemote()
        let phone = Device(remote: remote)
        let draft = try await phone.useCases.start.execute()
        let parties = try CrashParties.sample()
        _ = try await phone.useCases.editStatement.execute(reportID: draft.id) { try $0.vehicleA.set(.driverName, to: "Jane Doe") }
        _ = try await phone.useCases.editParties.execute(reportID: draft.id) { list throws(PartyError) in list = parties }
        #expect(await phone.sync.syncOnce().isComplete)

        // C fills in and signs their statement by code; B declines theirs.
        let pairC = StatementPair.vehicle(CrashParties.vehicleC)
        let number = try PhoneNumber(parsing: "+4915177777777")
        _ = try await remote.edit(draft.id) { report in
            var statement = try #require(report.statement(pairC))
            var column = statement.vehicleB
            try column.set(.policyholderPhone, to: number.e164)
            column.markEnteredByOtherDriver(at: referenceDate.addingTimeInterval(300))
            statement.vehicleB = column
            try report.setStatement(statement, for: pairC)
            try report.signStatement(.b, in: pairC, name: "Carla Third", verification: .smsCode(number), at: referenceDate.addingTimeInterval(600))
            try report.declineStatement(reason: "Not my fault", at: referenceDate.addingTimeInterval(700))
        }
        let pass = await phone.sync.syncOnce()
        #expect(
            Set(pass.notices.map(\.event)) == [
                .otherDriverEntered(party: 3), .otherDriverSigned(party: 3), .otherDriverDeclined(reason: "Not my fault", party: nil),
            ],
            "\(pass.notices.map(\.event))"
        )
        guard case .holds = try await phone.report(draft.id).signatureState(of: .b, in: pairC) else {
            Issue.record("C's signature did not reach the device")
            return
        }
        #expect(await phone.sync.syncOnce().notices.isEmpty)
    }

    @Test("A completed report erased on the server stays on the device, said once, and is not sent again")
    func anErasedCompletedReportStays() async throws {
        let remote = InMemoryRemote()
        let phone = Device(remote: remote)
        let draft = try await phone.useCases.start.execute()
        try await phone.addPhoto(draft.id, 7)
        _ = try await phone.useCases.create.execute(reportID: draft.id)
        #expect(await phone.sync.syncOnce().isComplete)

        await remote.erase(draft.id)
        let pass = await phone.sync.syncOnce()
        #expect(pass.notices.map(\.event) == [.removedFromServer])
        #expect(try await phone.report(draft.id).isCompleted)

        let nextRun = phone.reopened(remote: remote)
        #expect(await nextRun.sync.syncOnce().reportsSent == 0)
        #expect(await remote.all.isEmpty)
    }

    @Test("A draft discarded here that the other device completed meanwhile is refused there, said, and comes back completed")
    func aDiscardOfAReportCompletedElsewhereIsUndone() async throws {
        let remote = InMemoryRemote()
        let phone = Device(remote: remote)
        let report = try await phone.useCases.start.execute()
        try await phone.addPhoto(report.id, 8)
        #expect(await phone.sync.syncOnce().isComplete)

        try await remote.edit(report.id) { report in try report.complete(at: referenceDate.addingTimeInterval(60)) }
        try await phone.useCases.discardReport.execute(reportID: report.id)
        let pass = await phone.sync.syncOnce()

        #expect(pass.notices.map(\.event) == [.refused(.completedThere)])
        #expect(try await phone.report(report.id).isCompleted)
        #expect(try #require(await remote.report(report.id)).isCompleted)
    }

    @Test("The cache learns of sync's writes from the store: a version received is what the use cases read next")
    func theCacheFollowsTheStore() async throws {
        let remote = InMemoryRemote()
        let phone = Device(remote: remote)
        let report = try await phone.useCases.start.execute()
        try await phone.note(report.id, "first")
        #expect(await phone.sync.syncOnce().isComplete)
        _ = try await phone.report(report.id)  // cached

        try await remote.edit(report.id) { report in try report.setNote("changed on the tablet") }
        #expect(await phone.sync.syncOnce().reportsReceived == 1)
        #expect(try await phone.report(report.id).otherDriverNote == "changed on the tablet")
    }

    // MARK: - Changes since

    @Test("A pass with nothing new is one request for changes; a deletion elsewhere arrives as one, across pages")
    func aQuietPassIsOneRequest() async throws {
        let remote = InMemoryRemote()
        let phone = Device(remote: remote)
        var ids: [ReportID] = []
        for index in 0..<5 {
            let report = try await phone.useCases.start.execute()
            try await phone.note(report.id, "report \(index)")
            ids.append(report.id)
        }
        #expect(await phone.sync.syncOnce().isComplete)
        #expect(await phone.store.changesCursor() != nil)

        let before = await remote.calls.count
        #expect(await phone.sync.syncOnce().isComplete)
        #expect(await Array(remote.calls.dropFirst(before)) == ["changes"])

        // Another device deletes one and changes two; pages of two bring all three.
        await remote.setChangesPageSize(2)
        try await remote.edit(ids[1]) { report in try report.setNote("changed on the tablet") }
        try await remote.edit(ids[3]) { report in try report.setNote("changed there too") }
        try await remote.delete(ids[0])
        let start = await remote.calls.count
        let pass = await phone.sync.syncOnce()
        #expect(pass.reportsReceived == 2)
        #expect(pass.reportsRemoved == 1)
        #expect(await Array(remote.calls.dropFirst(start)) == ["changes", "changes"])
        #expect(try await phone.cache.report(withID: ids[0]) == nil)
        #expect(try await phone.report(ids[1]).otherDriverNote == "changed on the tablet")
    }

    @Test("A draft the server removed as a false alarm goes from the device with a notice saying why, not as a deletion on another device")
    func aFalseAlarmIsSaid() async throws {
        let remote = InMemoryRemote()
        let phone = Device(remote: remote)
        let draft = try await phone.useCases.start.execute()
        let other = try await phone.useCases.start.execute()
        #expect(await phone.sync.syncOnce().isComplete)
        let crashID = try await phone.report(draft.id).crashID
        await remote.removeAsFalseAlarm(draft.id)
        try await remote.delete(other.id)
        let pass = await phone.sync.syncOnce()
        #expect(pass.reportsRemoved == 2)
        #expect(pass.notices.map(\.event) == [.removedAsFalseAlarm, .deletedElsewhere])
        #expect(pass.notices.first?.crashID == crashID)
        #expect(try await phone.cache.report(withID: draft.id) == nil)
    }

    @Test("A cursor older than the deletions the server remembers starts again, and a report no longer there goes")
    func anExpiredCursorStartsAgain() async throws {
        let remote = InMemoryRemote()
        let phone = Device(remote: remote)
        let kept = try await phone.useCases.start.execute()
        try await phone.note(kept.id, "kept")
        let gone = try await phone.useCases.start.execute()
        try await phone.note(gone.id, "gone")
        #expect(await phone.sync.syncOnce().isComplete)

        try await remote.delete(gone.id)
        try await remote.edit(kept.id) { report in try report.setNote("kept, changed") }
        await remote.forgetDeletions()
        let pass = await phone.sync.syncOnce()
        #expect(pass.isComplete)
        #expect(pass.reportsRemoved == 1)
        #expect(pass.notices.map(\.event) == [.deletedElsewhere])
        #expect(try await phone.cache.report(withID: gone.id) == nil)
        #expect(try await phone.report(kept.id).otherDriverNote == "kept, changed")
    }
}
