import Data
import Domain
import Foundation
import Synchronization
import Testing
import TestSupport

/// What the SQLite store keeps for sync: the server's revision and the base of each report, notices until shown,
/// documents named after a replaced crash ID — across reopening — and that it tells of every write it makes.
@Suite("SQLite sync state")
struct SQLiteSyncStateTests {
    let directory = TemporaryDirectory("sync-state")
    var path: String { directory.file("reports.sqlite") }

    func open() throws -> SQLiteReportRepository {
        try SQLiteReportRepository(path: path, recordsChanges: true)
    }

    @Test func everyNoticeIsKeptAcrossReopeningUntilForgotten() throws {
        let store = try open()
        let summary = MergeSummary(
            photosFromOtherWriter: 1, photosFromThisDevice: 2, photosRemovedElsewhere: 3, leftOut: ["a.jpg"],
            fieldsFromOtherWriter: [.scene], keptFields: [.otherDriverNote],
            conflicts: [ReportMerge.Conflict(field: .otherDriverNote, keptThisDevice: false)], completedElsewhere: false
        )
        let events: [SyncNotice.Event] = [
            .merged(summary), .joined(summary), .crashIDReplaced(old: .stub("CR-OLD23456")), .recreatedAfterDeletion,
            .deletedElsewhere, .removedAsFalseAlarm, .removedFromServer, .refused(.invalid(field: "otherDriverNote")), .refused(.invalid(field: nil)),
            .refused(.completedThere), .refused(.nothingToReport), .refused(.tooLarge), .refused(.other(detail: "“quoted” \n text")),
            .acknowledged(claimNumber: "2026-04417", message: "We will call.\nKeep the photos."), .acknowledged(claimNumber: "CLM/88 1203", message: ""),
            .otherDriverEntered(party: nil), .otherDriverSigned(party: nil), .otherDriverDeclined(reason: "Box 17 is “not” true\n", party: nil), .signatureVoided(.a, party: nil), .signatureVoided(.b, party: nil),
            .otherDriverEntered(party: 3), .otherDriverSigned(party: 3), .otherDriverDeclined(reason: "No", party: 8), .signatureVoided(.a, party: 2),
        ]
        let notices = events.enumerated().map { index, event in
            SyncNotice(reportID: ReportID(), crashID: .stub("CA-NOTICE\(index)"), event: event, date: referenceDate.addingTimeInterval(Double(index) / 3))
        }
        for notice in notices { try store.keep(notice) }

        let reopened = try open()
        #expect(try reopened.keptNotices() == notices)
        try reopened.forget(Array(notices.prefix(5)))
        #expect(try open().keptNotices() == Array(notices.dropFirst(5)))
    }

    @Test func theBaseIsTheServersVersionLastConfirmedOrReceived() throws {
        let store = try open()
        let local = try store.save(.stub(note: "here"))
        #expect(try store.base(of: local.id) == nil)

        let confirmed = local.stored(atRevision: 7)
        try store.confirm(confirmed, sentFromLocalRevision: local.revision, through: Int.max)
        #expect(try open().base(of: local.id) == confirmed)
        #expect(try open().serverRevision(of: local.id) == 7)

        var newer = confirmed
        try newer.setNote("changed there")
        let received = newer.stored(atRevision: 8)
        #expect(try store.receive(received) == .stored(received.stored(atRevision: local.revision + 1)))
        #expect(try open().base(of: local.id) == received)
    }

    @Test func theInsurersAcknowledgementIsKeptWithTheReportAndItsRowInTheList() throws {
        let store = try open()
        var report = CrashReport.stub(note: "white van", completedAt: referenceDate)
        let acknowledgement = try ClaimAcknowledgement(
            claimNumber: "2026-04417", message: "We will call you today.\nKeep the photos.", acknowledgedAt: referenceDate.addingTimeInterval(60), handler: "hana"
        )
        try report.recordAcknowledgement(acknowledgement)
        #expect(try store.receive(report.stored(atRevision: 3)) == .stored(report.stored(atRevision: 1)))
        let reopened = try open()
        #expect(try reopened.report(withID: report.id)?.acknowledgement == acknowledgement)
        #expect(try reopened.base(of: report.id)?.acknowledgement == acknowledgement)
        #expect(try reopened.summaries(limit: nil, offset: 0).map(\.claimNumber) == ["2026-04417"])
    }

    @Test func aCompletedReportTheServerErasedIsKeptAndNoLongerListedAsTheServers() throws {
        let store = try open()
        let completed = try store.save(.stub(photos: [.stub()], completedAt: referenceDate))
        try store.confirm(completed.stored(atRevision: 1), sentFromLocalRevision: completed.revision, through: Int.max)

        #expect(try store.removeDeletedElsewhere(completed.id) == .keptCompleted(completed))
        #expect(try store.report(withID: completed.id) == completed)
        #expect(try store.serverRevisions().isEmpty)
        #expect(try store.recordReportsNotSent() == 0)
    }

    @Test func aReplacedCrashIDIsRememberedForTheDocumentOfACompletedReport() throws {
        let store = try open()
        let local = try store.save(.stub(photos: [.stub()], completedAt: referenceDate))
        let issued = CrashID.stub("CA-SERVER2345")

        let renamed = try #require(try store.adoptCrashID(issued, forReportAt: local.revision, id: local.id))
        #expect(renamed.crashID == issued)
        #expect(try open().replacedCrashID(of: local.id) == local.crashID)
        try store.forgetReplacedCrashID(of: local.id)
        #expect(try store.replacedCrashID(of: local.id) == nil)
        #expect(try store.adoptCrashID(.stub("CA-OTHER23456"), forReportAt: local.revision, id: local.id) == nil)
    }

    @Test func theStoreTellsOfEveryWriteItMakesSyncsIncluded() throws {
        let store = try open()
        let told = Told()
        store.writes.observe { changes in told.add(changes) }

        let saved = try store.save(.stub(note: "mine"))
        try store.acknowledge(through: Int.max)  // sent: what the server sends back is taken as it is
        var changed = saved.stored(atRevision: 4)
        try changed.setNote("theirs")
        _ = try store.receive(changed)
        try store.delete(saved.id)

        #expect(told.all.map(\.reportID) == [saved.id, saved.id, saved.id])
        #expect(told.all.last == .deleted(saved.id))
        if case let .stored(received) = told.all[1] { #expect(received.otherDriverNote == "theirs") } else { Issue.record("expected the received version") }
    }
}

/// What a store told its observer.
private final class Told: Sendable {
    private let changes = Mutex<[StoreWrites.Change]>([])
    func add(_ more: [StoreWrites.Change]) { changes.withLock { $0 += more } }
    var all: [StoreWrites.Change] { changes.withLock { $0 } }
}
