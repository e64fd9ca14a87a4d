import Data
import Domain
import Foundation
import ServerCore
import Synchronization
import Testing
import ServerTestSupport

/// Readiness and the figures read when asked for (``OperationsWatch``), over the harness's services with the shared
/// figures replaced by fakes that answer, fail or hang.
@Suite("What an operator watches")
struct OperationsWatchTests {
    /// Shared figures that answer with `answer`, throw, or never answer; counting how often they were asked.
    final class FakeFigures: OperationsFigures, Sendable {
        enum Behaviour: Sendable {
            case answer(SharedFigures)
            case fail
            case hang
        }

        let behaviour: Behaviour
        let asked = Mutex(0)

        init(_ behaviour: Behaviour) {
            self.behaviour = behaviour
        }

        struct Down: Error, CustomStringConvertible {
            var description: String { "connection refused (the database is down)" }
        }

        func operationsFigures() async throws -> SharedFigures {
            asked.withLock { $0 += 1 }
            switch behaviour {
            case let .answer(figures): return figures
            case .fail: throw Down()
            case .hang:
                try await Task.sleep(for: .seconds(3_600))
                return SharedFigures()
            }
        }
    }

    static func watch(_ figures: FakeFigures, harness: ServerHarness, scratch: String? = nil, claims: Bool = false) -> OperationsWatch {
        OperationsWatch(
            figures: figures, blobs: harness.blobs, worker: harness.services.worker, pool: RenderPool(capacity: 1),
            scratchFolder: scratch ?? harness.scratch.path, clock: SystemClock(), hasClaimsSystem: claims, timeout: .milliseconds(300),
            freshFor: .milliseconds(100)
        )
    }

    @Test("All answering: ready, each check passing, the claims system looked at only when there is one")
    func allAnswering() async throws {
        let harness = try ServerHarness()
        let readiness = await Self.watch(FakeFigures(.answer(SharedFigures())), harness: harness).readiness()
        #expect(readiness.status == .pass)
        #expect(readiness.checks.map(\.name) == [.database, .blobStore, .disk, .jobWorker, .smsGateway])
        #expect(readiness.checks.allSatisfy { $0.status == .pass })
        let withClaims = await Self.watch(FakeFigures(.answer(SharedFigures())), harness: harness, claims: true).readiness()
        #expect(withClaims.checks.map(\.name).last == .claimsSystem)
    }

    @Test("A database that fails or hangs makes the instance not ready; a hung one is not asked again until it answers")
    func databaseDown() async throws {
        let harness = try ServerHarness()
        let failing = await Self.watch(FakeFigures(.fail), harness: harness).readiness()
        #expect(failing.status == .fail)
        let database = try #require(failing.checks.first { $0.name == .database })
        #expect(database.status == .fail && database.output == "The database did not answer.")
        #expect(database.reason?.contains("connection refused") == true, "\(String(describing: database.reason))")
        // What waits for the gateway cannot be counted then: said, not guessed.
        #expect(failing.checks.first { $0.name == .smsGateway }?.status == .warn)

        let hung = FakeFigures(.hang)
        let watch = Self.watch(hung, harness: harness)
        // The fake hangs for an hour: an answer at all is the bound at work.
        let first = await watch.readiness()
        #expect(first.status == .fail)
        #expect(first.checks.first { $0.name == .database }?.output.contains("has not answered") == true)
        try await Task.sleep(for: .milliseconds(150))
        let second = await watch.readiness()
        #expect(second.status == .fail)
        #expect(hung.asked.withLock { $0 } == 1)
    }

    @Test("Many asking at once share one look")
    func oneLookAtATime() async throws {
        let harness = try ServerHarness()
        let figures = FakeFigures(.answer(SharedFigures()))
        let watch = Self.watch(figures, harness: harness)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<50 { group.addTask { _ = await watch.readiness() } }
        }
        #expect(figures.asked.withLock { $0 } == 1)
    }

    @Test("An SMS failing at the gateway fails its check with the reason, and the instance stays ready (warn)")
    func gatewayFailing() async throws {
        let harness = try ServerHarness()
        let backlog = JobBacklog(
            waiting: 2, oldestQueuedAt: Date().addingTimeInterval(-95), oldestAttempts: 6,
            oldestError: "the SMS gateway at 127.0.0.1:13013 could not be reached"
        )
        let readiness = await Self.watch(FakeFigures(.answer(SharedFigures(jobs: [.sms: backlog]))), harness: harness).readiness()
        #expect(readiness.status == .warn)
        let check = try #require(readiness.checks.first { $0.name == .smsGateway })
        #expect(check.status == .fail && !check.essential)
        #expect(check.output.hasPrefix("The SMS gateway is failing: 2 SMS messages wait; the oldest was queued "), "\(check.output)")
        #expect(check.output.hasSuffix("failed 6 tries."), "\(check.output)")
        #expect(check.reason == "the SMS gateway at 127.0.0.1:13013 could not be reached")
        #expect((check.observedValue ?? 0) >= 95)

        // Waiting without a failure yet is no failure.
        let fresh = JobBacklog(waiting: 1, oldestQueuedAt: Date(), oldestAttempts: 0, oldestError: nil)
        let calm = await Self.watch(FakeFigures(.answer(SharedFigures(jobs: [.sms: fresh]))), harness: harness).readiness()
        #expect(calm.status == .pass)
    }

    @Test("A full disk and a stuck worker fail; a worker looking for work passes")
    func diskAndWorker() {
        #expect(OperationsWatch.diskCheck(10 * 1_048_576).status == .fail)
        #expect(OperationsWatch.diskCheck(10 * 1_048_576).output.contains("10 MiB free"))
        #expect(OperationsWatch.diskCheck(StorageSpace.minimumFreeBytes).status == .pass)
        let now = Date()
        var progress = JobWorker.Progress()
        progress.lastLook = now.addingTimeInterval(-2)
        #expect(OperationsWatch.workerCheck(progress, lease: .seconds(120), poll: .seconds(1), at: now).status == .pass)
        progress.lastLook = now.addingTimeInterval(-45)
        let idle = OperationsWatch.workerCheck(progress, lease: .seconds(120), poll: .seconds(1), at: now)
        #expect(idle.status == .fail && idle.output.contains("has not looked for work for 45 s"), "\(idle.output)")
        progress.busySince = now.addingTimeInterval(-200)
        progress.busyWith = .webhook
        let stuck = OperationsWatch.workerCheck(progress, lease: .seconds(120), poll: .seconds(1), at: now)
        #expect(stuck.status == .fail && stuck.output.contains("one webhook job for 200 s"), "\(stuck.output)")
    }

    @Test("Every family the server shows has help, a unit or _total as Prometheus names them, and a name of its own")
    func familiesFollowTheConventions() {
        let families = MetricFamily.all
        #expect(Set(families.map(\.name)).count == families.count)
        for family in families {
            #expect(!family.help.isEmpty, "\(family.name)")
            #expect((family.kind == .counter) == family.name.hasSuffix("_total"), "\(family.name)")
            if family.kind == .histogram { #expect(family.name.hasSuffix("_seconds"), "\(family.name)") }
            #expect(family.name.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "_") }, "\(family.name)")
        }
    }
}
