import Domain
import Foundation
import ServerCore
import Testing
import TestSupport
import ServerTestSupport

@Suite("Webhook deliveries kept and replayed", .ownThreads)
struct WebhookDeliveryStoreTests {
    @Test("Deliveries are listed newest first by state, failed ones and those since a time and one report's; only finished ones are replayed, in their report's order, with a new day of tries", arguments: ServerStoreBackend.allCases)
    func listedAndReplayed(_ backend: ServerStoreBackend) async throws {
        let subject = try await backend.make()
        let store = subject.store
        // Ann has a crash SMS, whose job is no delivery.
        let (ann, _, _, _) = try await ServerStoreConformanceTests.crashWithSMS(subject)
        let bob = try await store.addAccount(name: "cara", kind: .user, tokenDigest: TokenDigest(token: "cara-token"), phone: nil, at: referenceDate).id
        let annReport = ReportID()
        // Bob's report shares Ann's id: its deliveries are not hers.
        let t0 = referenceDate
        try await store.enqueueJob(.notifyInsurer(owner: ann, report: annReport), at: t0)
        try await store.enqueueJob(.tellDocumentsComplete(owner: ann, report: annReport), at: t0 + 1)
        try await store.enqueueJob(.notifyInsurer(owner: bob, report: annReport), at: t0 + 2)
        try await store.enqueueJob(.announceDocumentVersion(owner: bob, report: annReport, number: 2), at: t0 + 3)

        var all = try await store.webhookDeliveries(DeliveryQuery(), limit: 10)
        #expect(all.map(\.event) == [.documentVersionAdded, .firstNoticeOfLoss, .documentsComplete, .firstNoticeOfLoss])
        #expect(all.allSatisfy { $0.state == .waiting && $0.attempts == 0 && $0.finishedAt == nil })
        #expect(all.first?.version == 2)
        #expect(try await store.webhookDeliveries(DeliveryQuery(), limit: 2).count == 2)

        // Ann's notice is delivered; Bob's fails once and is tried again; then it is given up.
        func claim(_ at: TimeInterval) async throws -> ClaimedJob {
            try #require(try await store.claimJob(at: t0 + at, leaseUntil: t0 + at + 60, excluding: [.sms]))
        }
        // (One report id is one sequence: Ann's two events go first, in order.)
        let annNotice = try await claim(10)
        #expect(annNotice.job == .notifyInsurer(owner: ann, report: annReport))
        try await store.finishJob(annNotice, at: t0 + 11)
        let annDocuments = try await claim(11)
        #expect(annDocuments.job == .tellDocumentsComplete(owner: ann, report: annReport))
        try await store.finishJob(annDocuments, at: t0 + 11)
        let bobNotice = try await claim(11)
        #expect(bobNotice.job == .notifyInsurer(owner: bob, report: annReport))
        try await store.putBackJob(bobNotice, error: "receiver answered 503", retryAt: t0 + 20, at: t0 + 12)
        all = try await store.webhookDeliveries(DeliveryQuery(), limit: 10)
        #expect(all.map(\.state) == [.waiting, .retrying, .delivered, .delivered])
        #expect(all[3].finishedAt == t0 + 11 && all[3].attempts == 1)
        #expect(all[1].lastError == "receiver answered 503")
        #expect(try await store.webhookDeliveries(DeliveryQuery(failedOnly: true), limit: 10).map(\.id) == [all[1].id])

        // Still being tried: not replayed.
        guard case .stillTrying = try await store.replayDelivery(all[1].id, at: t0 + 13) else {
            Issue.record("a delivery still being tried was replayed")
            return
        }
        #expect(try await store.replayDelivery(999_999, at: t0 + 13) == .notFound)
        let bobAgain = try await claim(20)
        #expect(bobAgain.id == bobNotice.id)
        try await store.putBackJob(bobAgain, error: "receiver answered 503", retryAt: nil, at: t0 + 21)

        // One report's deliveries, its driver's only.
        let annOnly = try await store.webhookDeliveries(DeliveryQuery(report: .init(owner: ann, report: annReport)), limit: 10)
        #expect(annOnly.map(\.event) == [.documentsComplete, .firstNoticeOfLoss])
        let bobOnly = try await store.webhookDeliveries(DeliveryQuery(report: .init(owner: bob, report: annReport)), limit: 10)
        #expect(bobOnly.map(\.state) == [.waiting, .givenUp])
        #expect(try await store.webhookDeliveries(DeliveryQuery(since: t0 + 2), limit: 10).count == 2)
        #expect(try await store.webhookDeliveries(DeliveryQuery(failedOnly: true, since: t0 + 3), limit: 10).isEmpty)
        #expect(try await store.operationsFigures().givenUp == [.webhook: 1])

        // Given up since t0 + 2: Bob's notice, queued again with its place before his later event.
        #expect(try await store.replayGivenUpDeliveries(since: t0 + 3, at: t0 + 30).isEmpty)
        let replayed = try await store.replayGivenUpDeliveries(since: t0 + 2, at: t0 + 30)
        #expect(replayed.map(\.id) == [bobNotice.id])
        #expect(replayed.first?.state == .retrying && replayed.first?.replayedAt == t0 + 30 && replayed.first?.finishedAt == nil)
        #expect(try await store.operationsFigures().givenUp[.webhook] == nil)
        // Replayed again before it went: nothing more (it is no longer given up).
        #expect(try await store.replayGivenUpDeliveries(since: t0, at: t0 + 31).isEmpty)
        let retaken = try await claim(31)
        #expect(retaken.id == bobNotice.id && retaken.attempts == 3)
        // Its day of tries counts from the replay.
        #expect(retaken.queuedAt == t0 + 30)
        try await store.finishJob(retaken, at: t0 + 32)
        #expect(try await claim(32).job == .announceDocumentVersion(owner: bob, report: annReport, number: 2))

        // A delivered one may be sent again by its number.
        guard case let .queued(delivery) = try await store.replayDelivery(annNotice.id, at: t0 + 40) else {
            Issue.record("a delivered notice was not queued again")
            return
        }
        #expect(delivery.id == annNotice.id && delivery.replayedAt == t0 + 40)
        #expect(delivery.state == .waiting || delivery.state == .retrying)
        let next = try await claim(41)
        #expect(next.id == annNotice.id && next.queuedAt == t0 + 40)
        // Listed since a time by when it was replayed.
        #expect(try await store.webhookDeliveries(DeliveryQuery(since: t0 + 35), limit: 10).map(\.id) == [annNotice.id])
    }
}
