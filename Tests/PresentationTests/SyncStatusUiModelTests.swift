import Domain
import Foundation
import Presentation
import Testing
import Wording
import TestSupport

/// What the landing screen says about sending to the server.
@Suite("Sync status on the landing screen")
struct SyncStatusUiModelTests {
    @Test func whatWaitsIsCountedInWords() {
        let model = SyncStatusUiModel(SyncStatus(connection: .reachable, waitingPhotos: 2, waitingReports: 1), dates: utc)
        #expect(model.line == "Server: 2 photos and 1 report change waiting.")
        #expect(!model.isProblem)
    }

    @Test("While the photos go, the line says how many are left, how much, at what pace and for how long")
    func photosBeingSentSayWhatIsLeft() throws {
        var status = SyncStatus(connection: .reachable, waitingPhotos: 7, isSending: true)
        status.photoUpload = PhotoUploadProgress(sent: 3, total: 10, remainingBytes: 28 * 1024 * 1024, bytesPerSecond: 120 * 1024)
        #expect(SyncStatusUiModel(status, dates: utc).line
            == "Server: the reports are sent; now the photos, smallest first: 7 photos left (28 MB) at 120 KB/s, about 4 minutes…")
        // Before a photo went, the pace is not known yet.
        status.photoUpload = PhotoUploadProgress(sent: 0, total: 1, remainingBytes: 4_000_000, bytesPerSecond: nil)
        #expect(SyncStatusUiModel(status, dates: utc).line == "Server: the reports are sent; now the photos, smallest first: 1 photo left (3.8 MB)…")
        // In the driver's language, with its decimals.
        let german = Languages.shipped.words("de")
        status.photoUpload = PhotoUploadProgress(sent: 1, total: 2, remainingBytes: 1_500_000, bytesPerSecond: 100_000)
        #expect(SyncStatusUiModel.photoUpload(try #require(status.photoUpload), words: german) == "1 Foto übrig (1,4 MB) mit 97,7 KB/s, weniger als eine Minute")
    }

    @Test func nothingWaitingIsAllSent() {
        #expect(SyncStatusUiModel(SyncStatus(connection: .reachable), dates: utc).line == "Server: all sent.")
    }

    @Test func anUnreachableServerSaysSinceWhenAndThatWorkIsKept() {
        let since = referenceDate  // 11:06 UTC
        let model = SyncStatusUiModel(SyncStatus(connection: .unreachable(since: since), waitingPhotos: 1), dates: utc)
        #expect(model.line == "Server: unreachable since 11:06; 1 photo waiting on this device, sent when the connection returns.")
        #expect(model.isProblem)
    }

    @Test("A wrong server path, or another account's token, is said on the menu instead of waiting forever")
    func misconfigurationIsSaid() {
        let unusable = SyncStatusUiModel(SyncStatus(
            connection: .unusable(reason: "it has no route for the request (HTTP 404); check that --server names the crash-report server"),
            waitingReports: 2
        ), dates: utc)
        #expect(unusable.line.contains("nothing can be sent"))
        #expect(unusable.line.contains("check that --server names the crash-report server"))
        #expect(unusable.line.contains("2 report changes waiting"))
        #expect(unusable.isProblem)
        let ann = ServerAccount(id: "a1", name: "ann", server: "127.0.0.1:8080")
        let bob = ServerAccount(id: "b2", name: "bob", server: "127.0.0.1:8080")
        let other = SyncStatusUiModel(SyncStatus(connection: .otherAccount(bound: ann, reached: bob)), dates: utc)
        #expect(other.line.contains("holds the reports of “ann”"))
        #expect(other.line.contains("“bob”"))
        #expect(other.isProblem)
    }

    @Test func aRefusedTokenSaysWhatToChange() {
        let model = SyncStatusUiModel(SyncStatus(connection: .tokenRefused, waitingReports: 2), dates: utc)
        #expect(model.line.contains("--token"))
        #expect(model.line.contains("2 report changes waiting"))
        #expect(model.isProblem)
    }

    @Test func aReplacedCrashIDNamesBothIDs() {
        let notice = SyncNotice(reportID: ReportID(), crashID: .stub("CA-NEW2345678"), event: .crashIDReplaced(old: .stub("CR-OLD23456")), date: referenceDate)
        let model = SyncStatusUiModel(SyncStatus(connection: .reachable, notices: [notice]), dates: utc)
        #expect(model.notices == ["Report CR-OLD23456 now has the crash ID CA-NEW2345678 from the server; use it with your insurer."])
    }

    @Test func aMergeSaysWhatCameFromWhere() throws {
        let id = ReportID()
        let local = CrashReport.stub(id: id, photos: [.stub(contentHash: .stub("a"))], note: "older", updatedAt: referenceDate)
        let remote = CrashReport.stub(id: id, photos: [.stub(contentHash: .stub("b"))], note: "newer", updatedAt: referenceDate.addingTimeInterval(5), revision: 3)
        let outcome = try ReportMerge.merge(local: local, remote: remote)
        let text = SyncText.sentence(for: SyncNotice(reportID: id, crashID: .stub("CR-TEST2345"), event: .merged(outcome.summary), date: referenceDate), words: .english)
        #expect(text == "Report CR-TEST2345 was also changed elsewhere (another device or the server); both versions were merged; 1 photo added from there; 1 photo from here kept; the note changed both here and there: the newer change, there, was kept.")
    }

    @Test func aRefusalIsWordedByWhatItIsNotByTheServersWords() {
        let completed = SyncNotice(reportID: ReportID(), crashID: .stub("CA-KEPT234567"), event: .refused(.completedThere), date: referenceDate)
        #expect(SyncText.sentence(for: completed, words: .english) == "The server refused Report CA-KEPT234567: it is completed there, so it can no longer be changed or deleted. It stays on this device as it is.")
        let invalid = SyncNotice(reportID: ReportID(), crashID: .stub("CA-KEPT234567"), event: .refused(.invalid(field: "otherDriverNote")), date: referenceDate)
        #expect(SyncText.sentence(for: invalid, words: .english).contains("its otherDriverNote breaks a rule the server keeps"))
    }

    @Test func theInsurersClaimNumberIsSaidWithTheirMessageOnOneLine() {
        let notice = SyncNotice(
            reportID: ReportID(), crashID: .stub("CA-KEPT234567"), event: .acknowledged(claimNumber: "2026-04417", message: "Call us.\nKeep the photos."), date: referenceDate
        )
        #expect(SyncText.sentence(for: notice, words: .english) == "Your insurer received CA-KEPT234567 — claim 2026-04417. Quote the claim number when you call them. They wrote: “Call us. Keep the photos.”")
        let bare = SyncNotice(reportID: ReportID(), crashID: .stub("CA-KEPT234567"), event: .acknowledged(claimNumber: "7", message: ""), date: referenceDate)
        #expect(SyncText.sentence(for: bare, words: .english) == "Your insurer received CA-KEPT234567 — claim 7. Quote the claim number when you call them.")
    }

    @Test("What another vehicle's driver did is said by their party's number; B's as always")
    func eachStatementsNewsNamesItsParty() {
        func said(_ event: SyncNotice.Event, _ words: Words = .english) -> String {
            SyncText.sentence(for: SyncNotice(reportID: ReportID(), crashID: .stub("CA-KEPT234567"), event: event, date: referenceDate), words: words)
        }
        #expect(said(.otherDriverSigned(party: 3)) == "The driver of party 3 signed your accident statement with them, of CA-KEPT234567.")
        #expect(said(.otherDriverSigned(party: nil)) == "The other driver signed the accident statement of CA-KEPT234567.")
        #expect(said(.otherDriverDeclined(reason: "Not\nmy fault", party: 2)) == "The driver of party 2 did not agree to your accident statement with them, of CA-KEPT234567; the report says so and can still be created. They wrote: “Not my fault”")
        #expect(said(.otherDriverEntered(party: 4)).hasPrefix("The driver of party 4 filled in their part (vehicle B) of your accident statement with them"))
        #expect(said(.signatureVoided(.a, party: 3)).hasPrefix("The accident statement with party 3 of CA-KEPT234567 changed after vehicle A's side was signed"))
        #expect(said(.otherDriverSigned(party: 3), Languages.shipped.best(["de"])).contains("3"))
        #expect(said(.otherDriverSigned(party: 3), Languages.shipped.best(["de"])) != said(.otherDriverSigned(party: 3)))
    }

    @Test func aJoinSaysTheCrashHasOneReport() {
        let summary = MergeSummary(photosFromThisDevice: 1, fieldsFromOtherWriter: [.scene])
        let notice = SyncNotice(reportID: ReportID(), crashID: .stub("CA-JOINED2345"), event: .joined(summary), date: referenceDate)
        #expect(SyncText.sentence(for: notice, words: .english) == "The report started on this device for crash CA-JOINED2345 was joined with the server's report for it, so the crash has one report; 1 photo from here kept; the time and place taken from the change there.")
    }
}
