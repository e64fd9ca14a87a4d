import Composition
import Data
import Domain
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
import Storage
import ServerTestSupport

/// The app's sync against the real server on 127.0.0.1, with a fault-injecting proxy between them: every change and
/// photo arrives exactly once, whatever the network does.
@Suite("Sync against a live server", .serialized, .ownThreads)
struct SyncEngineTests {
    /// The server, a user's token, the proxy in front, and a client that talks to the server directly (to look).
    final class Setup: Sendable {
        let server: ServerProcess
        let token: String
        let proxy: FaultProxy
        let direct: ServerClient

        init() throws {
            server = try ServerProcess()
            token = try server.addUser("ann")
            proxy = try FaultProxy(upstreamPort: server.port)
            direct = ServerClient(address: try ServerAddress("http://127.0.0.1:\(server.port)", token: token), retryPauses: [])
        }

        var url: String { "http://127.0.0.1:\(proxy.port)" }

        func device(token: String? = nil, directory: TemporaryDirectory? = nil) throws -> SyncDevice {
            try SyncDevice(server: url, token: token ?? self.token, directory: directory)
        }

        func finish() async {
            await direct.shutdown()
            _ = proxy.stop()
            _ = try? server.stop()
        }
    }

    // MARK: - Offline, then online

    @Test("A report made offline arrives once with its photos; its local crash ID is replaced and the driver told")
    func aReportMadeOfflineArrivesOnce() async throws {
        let setup = try Setup()
        let device = try setup.device()
        setup.proxy.down()

        let draft = try await device.startReport(photo: try Fixtures.jpeg())
        #expect(draft.crashID.isLocal)
        _ = try await device.useCases.addImage.execute(reportID: draft.id, section: .licenceAndInsurance, bytes: try Fixtures.png(), fileName: "licence.png")
        let created = try await device.useCases.create.execute(reportID: draft.id)
        let offline = await device.sync.syncOnce()
        #expect(offline.failure?.isTransient == true)
        #expect(offline.waitingPhotos == 2)
        #expect(offline.waitingReports == 1)
        #expect(await device.sync.currentStatus.connection != .reachable)

        setup.proxy.up()
        let online = await device.sync.syncOnce()
        #expect(online.failure == nil)
        #expect(online.photosUploaded == 2)
        #expect(online.isComplete)

        let local = try await device.report(draft.id)
        #expect(!local.crashID.isLocal)
        #expect(online.notices.contains { $0.event == .crashIDReplaced(old: draft.crashID) && $0.crashID == local.crashID })
        let held = try requireReport(try await setup.direct.report(draft.id), "the server's copy")
        #expect(held.crashID == local.crashID)
        #expect(held.isCompleted)
        #expect(held.otherDriverNote == "Blue hatchback")
        #expect(Set(held.allPhotos.map(\.contentHash)) == Set(created.report.allPhotos.map(\.contentHash)))
        #expect(setup.server.storedPhotoFiles().count == 2)
        let pdf = try #require(try await setup.direct.document(of: draft.id))
        #expect(pdf.starts(with: Data("%PDF".utf8)))
        #expect(try await device.adapters.archive.location(of: local, format: .pdf) != nil)
        // The PDF named after the local crash ID is gone now that the server's is kept.
        #expect(try await device.adapters.archive.location(of: created.report, format: .pdf) == nil)

        let again = await device.sync.syncOnce()
        #expect(again.photosUploaded == 0 && again.reportsSent == 0)
        await device.shutdown()
        await setup.finish()
    }

    @Test("A report made before a server was configured is sent at the first sync, with its photo")
    func aReportMadeBeforeAServerWasConfiguredIsSent() async throws {
        let setup = try Setup()
        let directory = TemporaryDirectory("sync-device")
        let local = try LocalStorage.open(at: DatabaseLocation(databaseFile: directory.file("reports.sqlite")))
        let useCases = UseCases(try Adapters.local(local))
        let draft = try await useCases.start.execute()
        _ = try await useCases.addImage.execute(reportID: draft.id, section: .crashScene, bytes: try Fixtures.jpeg(), fileName: "scene.jpg")
        #expect(try local.outbox.pendingCount() == 0)

        let device = try setup.device(directory: directory)
        let pass = await device.sync.syncOnce()
        #expect(pass.isComplete)
        #expect(pass.photosUploaded == 1)
        #expect(pass.reportsSent == 1)
        let held = try requireReport(try await setup.direct.report(draft.id))
        #expect(held.allPhotos.count == 1)
        #expect(await device.sync.syncOnce().reportsSent == 0)
        await device.shutdown()
        await setup.finish()
    }

    // MARK: - Faults at the transport

    @Test("A dropped request is sent again and arrives once")
    func aDroppedRequestIsSentAgain() async throws {
        let setup = try Setup()
        let device = try setup.device()
        let report = try await device.startReport(photo: try Fixtures.jpeg())
        setup.proxy.inject(.dropRequest, method: "PUT", path: .regex("^/v1/reports/[^/]+$"))

        let first = await device.sync.syncOnce()
        #expect(first.failure?.isTransient == true)
        let second = await device.sync.syncOnce()
        #expect(second.isComplete)

        let held = try requireReport(try await setup.direct.report(report.id))
        #expect(held.revision == 1)
        #expect(held.otherDriverNote == "Blue hatchback")
        #expect(setup.server.storedPhotoFiles().count == 1)
        await device.shutdown()
        await setup.finish()
    }

    @Test("An answer lost after the server stored the report or photo is harmless: each is there once")
    func anAnswerLostAfterTheServerCommittedIsHarmless() async throws {
        let setup = try Setup()
        let device = try setup.device()
        let report = try await device.startReport(photo: try Fixtures.jpeg())
        setup.proxy.inject(.dropResponse, method: "PUT", path: .regex("/photos/"))
        setup.proxy.inject(.dropResponse, method: "PUT", path: .regex("^/v1/reports/[^/]+$"))

        var passes = 0
        var pass = SyncPass()
        repeat {
            pass = await device.sync.syncOnce()
            passes += 1
        } while !pass.isComplete && passes < 5
        #expect(pass.isComplete)
        #expect(setup.proxy.log.contains { $0.outcome == .droppedResponse(status: 201) && $0.path.contains("/photos/") })
        #expect(setup.proxy.log.contains { $0.outcome == .droppedResponse(status: 201) && !$0.path.contains("/photos/") })

        let held = try requireReport(try await setup.direct.report(report.id))
        #expect(held.revision == 1)
        #expect(setup.server.storedPhotoFiles().count == 1)
        #expect(pass.notices.isEmpty)
        // The device took the server's revision: a further change goes through without a conflict.
        _ = try await device.useCases.toggleInjury.execute(reportID: report.id, injury: .myself)
        #expect(await device.sync.syncOnce().isComplete)
        #expect(try await setup.direct.report(report.id)?.revision == 2)
        await device.shutdown()
        await setup.finish()
    }

    @Test("A request delivered twice leaves one report at one revision and one photo")
    func aDuplicatedRequestIsHarmless() async throws {
        let setup = try Setup()
        let device = try setup.device()
        let report = try await device.startReport(photo: try Fixtures.jpeg())
        setup.proxy.inject(.duplicate, method: "PUT", path: .regex("/photos/"))
        setup.proxy.inject(.duplicate, method: "PUT", path: .regex("^/v1/reports/[^/]+$"))

        let pass = await device.sync.syncOnce()
        var final = pass
        if !pass.isComplete { final = await device.sync.syncOnce() }
        #expect(final.isComplete)
        #expect(setup.proxy.log.contains { if case .duplicated = $0.outcome { !$0.path.contains("/photos/") } else { false } })

        let held = try requireReport(try await setup.direct.report(report.id))
        #expect(held.revision == 1)
        #expect(setup.server.storedPhotoFiles().count == 1)
        await device.shutdown()
        await setup.finish()
    }

    @Test("A 20 MB upload cut at 90 % resumes from the server's offset instead of starting again")
    func aCutUploadResumes() async throws {
        let setup = try Setup()
        let device = try setup.device()
        let photo = try LargePhotos.jpeg(bytes: 20_000_000, seed: 7)
        _ = try await device.startReport(photo: photo)
        setup.proxy.inject(.cutUpload(fraction: 0.9), method: "PUT", path: .regex("/photos/"))

        let cut = await device.sync.syncOnce()
        #expect(cut.failure?.isTransient == true)
        let resumed = await device.sync.syncOnce()
        #expect(resumed.isComplete)
        #expect(resumed.photosResumed == 1)

        let log = setup.proxy.log
        let cutEntry = try #require(log.first { if case .cutUpload = $0.outcome { true } else { false } })
        if case let .cutUpload(sent, _) = cutEntry.outcome { #expect(sent >= 17_000_000) }
        #expect(log.contains { $0.method == "PATCH" && $0.outcome == .passed(status: 201) })
        #expect(!log.contains { $0.method == "PUT" && $0.path.contains("/photos/") && $0.outcome == .passed(status: 201) })
        let stored = try #require(try await setup.direct.download(ContentHash.sha256(of: photo)))
        #expect(stored == photo)
        #expect(setup.server.storedPhotoFiles().count == 1)
        await device.shutdown()
        await setup.finish()
    }

    @Test("The server killed with an upload under way and restarted: the upload completes once")
    func theServerKilledMidUploadAndRestarted() async throws {
        let setup = try Setup()
        let device = try setup.device()
        let photo = try LargePhotos.jpeg(bytes: 12_000_000, seed: 3)
        _ = try await device.startReport(photo: photo)
        setup.proxy.inject(.stallUpload(fraction: 0.5), method: "PUT", path: .regex("/photos/"))
        let interrupted = Task { await device.sync.syncOnce() }

        // Half the photo has reached the server, which waits for the rest: kill it there.
        let uploads = setup.server.dataFolder.appendingPathComponent("uploads").path
        var received = 0
        for _ in 0..<300 where received < 5_000_000 {
            try await Task.sleep(for: .milliseconds(20))
            received = (try? FileManager.default.contentsOfDirectory(atPath: uploads))?
                .compactMap { try? FileManager.default.attributesOfItem(atPath: uploads + "/" + $0)[.size] as? Int }
                .reduce(0, +) ?? 0
        }
        #expect(received >= 5_000_000, "the server never held half the upload")
        try setup.server.kill()
        #expect(await interrupted.value.failure?.isTransient == true)

        let restarted = try setup.server.restarted()
        setup.proxy.upstreamPort = restarted.port
        let pass = await device.sync.syncOnce()
        #expect(pass.isComplete)
        #expect(pass.photosUploaded == 1)
        #expect(restarted.storedPhotoFiles().count == 1)
        let stored = try await ServerClient(address: try ServerAddress("http://127.0.0.1:\(restarted.port)", token: setup.token), retryPauses: [])
            .downloadAndShutdown(ContentHash.sha256(of: photo))
        #expect(stored == photo)
        _ = try? restarted.stop()
        await device.shutdown()
        await setup.finish()
    }

    // MARK: - Other writers

    @Test("Two devices editing one draft: photos united, the newer note kept, the driver told")
    func twoDevicesEditingOneDraftAreMerged() async throws {
        let setup = try Setup()
        let phone = try setup.device()
        let tablet = try setup.device()
        let report = try await phone.startReport(photo: try Fixtures.distinctJPEG(1), note: "from the phone")
        #expect(await phone.sync.syncOnce().isComplete)
        let fetched = await tablet.sync.syncOnce()
        #expect(fetched.reportsReceived == 1)
        #expect(fetched.photosDownloaded == 1)
        #expect(try await tablet.report(report.id).otherDriverNote == "from the phone")

        // Both change it before either sends: the tablet's note is the newer change.
        _ = try await phone.useCases.addImage.execute(reportID: report.id, section: .crashScene, bytes: try Fixtures.distinctJPEG(2), fileName: "b.jpg")
        try await Task.sleep(for: .milliseconds(20))
        _ = try await tablet.useCases.addImage.execute(reportID: report.id, section: .crashScene, bytes: try Fixtures.distinctJPEG(3), fileName: "c.jpg")
        _ = try await tablet.useCases.setNote.execute(reportID: report.id, note: "from the tablet")
        #expect(await tablet.sync.syncOnce().isComplete)
        let merging = await phone.sync.syncOnce()
        #expect(merging.isComplete)

        let notice = try #require(merging.notices.first)
        guard case let .merged(outcome) = notice.event else { throw SyncTestFailure("expected a merge notice, got \(notice.event)") }
        #expect(outcome.photosFromOtherWriter == 1)
        #expect(outcome.photosFromThisDevice == 1)
        #expect(outcome.fieldsFromOtherWriter == [.otherDriverNote])
        #expect(await phone.sync.currentStatus.notices.contains(notice))

        let held = try requireReport(try await setup.direct.report(report.id))
        #expect(held.allPhotos.count == 3)
        #expect(held.otherDriverNote == "from the tablet")
        #expect(try await phone.report(report.id).sameContent(as: held))
        #expect(await tablet.sync.syncOnce().reportsReceived == 1)
        #expect(try await tablet.report(report.id).sameContent(as: held))
        #expect(setup.server.storedPhotoFiles().count == 3)
        await phone.shutdown()
        await tablet.shutdown()
        await setup.finish()
    }

    @Test("A crash the server detected appears on the device with its crash ID, time and place")
    func aDetectedCrashAppearsOnTheDevice() async throws {
        let setup = try Setup()
        let detector = try setup.server.addDetector("detector")
        let crashID = try await CrashEvents.post(to: setup.server.port, detectorToken: detector, user: "ann")
        let device = try setup.device()

        let pass = await device.sync.syncOnce()
        #expect(pass.reportsReceived == 1)
        let report = try requireReport(try await device.adapters.repository.report(withCrashID: crashID))
        #expect(report.scene.coordinate != nil)
        #expect(try await device.useCases.list.execute().map(\.crashID) == [crashID])
        await device.shutdown()
        await setup.finish()
    }

    @Test("A wrong token is told, and nothing on the device is lost")
    func aWrongTokenIsToldAndNothingIsLost() async throws {
        let setup = try Setup()
        let device = try setup.device(token: "not-the-token")
        let report = try await device.startReport(photo: try Fixtures.jpeg())

        let pass = await device.sync.syncOnce()
        #expect(pass.failure == .tokenRefused(server: "127.0.0.1:\(setup.proxy.port)"))
        #expect(await device.sync.currentStatus.connection == .tokenRefused)
        #expect(try device.waiting.photos == 1 && device.waiting.reports == 1)
        #expect(try await device.report(report.id).otherDriverNote == "Blue hatchback")
        await device.shutdown()
        await setup.finish()
    }

    @Test("A server address with the wrong path stops the pass and keeps everything waiting")
    func aWrongServerPathKeepsEverythingWaiting() async throws {
        let setup = try Setup()
        let device = try SyncDevice(server: setup.url + "/not-the-api", token: setup.token)
        let report = try await device.useCases.start.execute()
        _ = try await device.useCases.setNote.execute(reportID: report.id, note: "kept")

        let pass = await device.sync.syncOnce()
        #expect(pass.failure != nil)
        #expect(pass.notices.isEmpty)
        #expect(try device.waiting.reports == 1)
        #expect(try await setup.direct.report(report.id) == nil)
        await device.shutdown()
        await setup.finish()
    }

    // MARK: - The server's rates

    @Test("The server's rate reached: it answers 429 with Retry-After; sync waits as told, says so, then delivers everything")
    func syncWaitsAsTheServerAsks() async throws {
        let server = try ServerProcess(arguments: ["--crash-ids-per-window", "1", "--rate-window", "3"])
        defer { _ = try? server.stop() }
        let token = try server.addUser("ann")
        let proxy = try FaultProxy(upstreamPort: server.port)
        defer { _ = proxy.stop() }
        let device = try SyncDevice(server: "http://127.0.0.1:\(proxy.port)", token: token)
        proxy.down()
        let first = try await device.startReport(photo: try Fixtures.distinctJPEG(31), note: "first")
        let second = try await device.startReport(photo: try Fixtures.distinctJPEG(32), note: "second")
        #expect(first.crashID.isLocal && second.crashID.isLocal)
        proxy.up()

        var updates = await device.sync.statusUpdates().makeAsyncIterator()
        await device.sync.start()
        var sawBusy = false
        var done = false
        let started = Date()
        while !done, Date().timeIntervalSince(started) < 60, let status = await updates.next() {
            if case .busy = status.connection { sawBusy = true }
            done = status.isAllSent && status.connection == .reachable && !status.isSending && sawBusy
        }
        #expect(sawBusy, "sync never said the server asked to wait")
        let direct = ServerClient(address: try ServerAddress("http://127.0.0.1:\(server.port)", token: token), retryPauses: [])
        let held = try await direct.reports()
        await direct.shutdown()
        #expect(Set(held.map(\.otherDriverNote)) == ["first", "second"])
        #expect(held.allSatisfy { !$0.crashID.isLocal })
        await device.shutdown()
    }

    // MARK: - In the background

    @Test("In the background, a queue moves as soon as the server is back, without another edit")
    func theBackgroundQueueMovesWithoutAnotherEdit() async throws {
        let setup = try Setup()
        let device = try setup.device()
        setup.proxy.down()
        await device.sync.start()
        let report = try await device.startReport(photo: try Fixtures.jpeg())
        try await Task.sleep(for: .milliseconds(300))
        #expect(try device.waiting.reports == 1)

        setup.proxy.up()
        var held: CrashReport?
        for _ in 0..<100 where held == nil {
            try await Task.sleep(for: .milliseconds(100))
            held = try await setup.direct.report(report.id)
        }
        #expect(held?.otherDriverNote == "Blue hatchback")
        var status = await device.sync.currentStatus
        for _ in 0..<50 where !(status.isAllSent && status.connection == .reachable) {
            try await Task.sleep(for: .milliseconds(100))
            status = await device.sync.currentStatus
        }
        #expect(status.isAllSent)
        #expect(status.connection == .reachable)
        await device.shutdown()
        await setup.finish()
    }
}

extension ServerClient {
    /// The photo's bytes as the server holds them, then the client closed.
    func downloadAndShutdown(_ contentHash: ContentHash) async throws -> Data? {
        let bytes = try? await download(contentHash)
        await shutdown()
        return bytes ?? nil
    }
}

/// Crash events posted the way a detection service does.
enum CrashEvents {
    static func post(to port: Int, detectorToken: String, user: String) async throws -> CrashID {
        let eventID = "evt-\(UUID().uuidString.prefix(8))"
        guard let url = URL(string: "http://127.0.0.1:\(port)/v1/crash-events") else { throw SyncTestFailure("no URL for port \(port)") }
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("Bearer \(detectorToken)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(eventID, forHTTPHeaderField: "Idempotency-Key")
        let now = ISO8601DateFormatter().string(from: Date())
        request.httpBody = Data("""
            {"user":"\(user)","eventId":"\(eventID)","detectedAt":"\(now)",
             "position":{"latitude":47.4979,"longitude":19.0402,"accuracyMeters":8,"trusted":true},
             "headingDegrees":90,"speedKmh":48,"deltaVKmh":22,"airbagsDeployed":true,"rollover":false,"test":false}
            """.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 201,
              let body = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let text = body["crashId"] as? String else {
            throw SyncTestFailure("the crash event was not accepted: \(String(decoding: data, as: UTF8.self))")
        }
        return try CrashID(validating: text)
    }
}
