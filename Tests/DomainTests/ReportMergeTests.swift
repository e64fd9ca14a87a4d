import Domain
import Foundation
import Testing
import TestSupport

/// How two writers' versions of one report become one.
@Suite("Report merge")
struct ReportMergeTests {
    let id = ReportID()
    let earlier = referenceDate
    let later = referenceDate.addingTimeInterval(60)

    func photo(_ digit: Character, _ section: PhotoSection = .crashScene, addedAt offset: TimeInterval = 0) -> Photo {
        .stub(section: section, contentHash: .stub(digit), addedAt: referenceDate.addingTimeInterval(offset))
    }

    @Test func photosFromBothSidesAreUnitedByTheirBytes() throws {
        let shared = photo("a")
        let local = CrashReport.stub(id: id, photos: [shared, photo("b", addedAt: 2)], updatedAt: later, revision: 4)
        let remote = CrashReport.stub(id: id, crashID: .stub("CA-SERVER2345"), photos: [shared, photo("c", addedAt: 1)], updatedAt: earlier, revision: 7)

        let outcome = try ReportMerge.merge(local: local, remote: remote)

        #expect(outcome.report.allPhotos.map(\.contentHash) == [.stub("a"), .stub("c"), .stub("b")])
        #expect(outcome.photosFromOtherWriter == 1)
        #expect(outcome.photosFromThisDevice == 1)
        #expect(outcome.leftOut.isEmpty)
        #expect(outcome.report.revision == 7)
        #expect(outcome.report.crashID == .stub("CA-SERVER2345"))
        #expect(!outcome.matchesOtherWriter)
    }

    @Test func theSameBytesInAnotherSectionAreAnotherPhoto() throws {
        let local = CrashReport.stub(id: id, photos: [photo("a", .crashScene)], updatedAt: later)
        let remote = CrashReport.stub(id: id, photos: [photo("a", .yourVehicleDamage)], updatedAt: earlier)

        let outcome = try ReportMerge.merge(local: local, remote: remote)

        #expect(outcome.report.photos(in: .crashScene).count == 1)
        #expect(outcome.report.photos(in: .yourVehicleDamage).count == 1)
    }

    @Test func aFullSectionKeepsTheNewerSidesPhotosAndListsTheRest() throws {
        let limit = ReportLimits.maximumPhotosPerSection
        let digits = Array("0123456789abcdef")
        let localPhotos = (0..<limit).map { photo(digits[$0], addedAt: Double($0)) }
        let remotePhotos = [photo("e", addedAt: 100), photo("f", addedAt: 101)]
        let local = CrashReport.stub(id: id, photos: localPhotos, updatedAt: later)
        let remote = CrashReport.stub(id: id, photos: remotePhotos, updatedAt: earlier)

        let outcome = try ReportMerge.merge(local: local, remote: remote)

        #expect(outcome.report.photos(in: .crashScene).count == limit)
        #expect(Set(outcome.report.allPhotos.map(\.contentHash)) == Set(localPhotos.map(\.contentHash)))
        #expect(outcome.leftOut.map(\.contentHash) == [.stub("e"), .stub("f")])
    }

    @Test func otherFieldsComeFromTheNewerChange() throws {
        let local = CrashReport.stub(id: id, injuries: [.myself], note: "mine, older", updatedAt: earlier)
        let remote = CrashReport.stub(id: id, injuries: [.otherDriver], note: "theirs, newer", updatedAt: later, revision: 3)

        let outcome = try ReportMerge.merge(local: local, remote: remote)

        #expect(outcome.report.otherDriverNote == "theirs, newer")
        #expect(outcome.report.injuries == InjurySelection([.otherDriver]))
        #expect(outcome.fieldsFromOtherWriter)
        #expect(outcome.keptFields == ["injuries", "otherDriverNote"])
        #expect(outcome.matchesOtherWriter)
    }

    @Test func thisDevicesNewerFieldsAreKeptAndMustBeSent() throws {
        let local = CrashReport.stub(id: id, note: "mine, newer", updatedAt: later)
        let remote = CrashReport.stub(id: id, note: "theirs", updatedAt: earlier, revision: 2)

        let outcome = try ReportMerge.merge(local: local, remote: remote)

        #expect(outcome.report.otherDriverNote == "mine, newer")
        #expect(!outcome.fieldsFromOtherWriter)
        #expect(!outcome.matchesOtherWriter)
    }

    @Test func aVersionTheServerAlreadyHoldsMergesToNothingNew() throws {
        let local = CrashReport.stub(id: id, photos: [photo("a")], note: "same", updatedAt: later, revision: 5)
        let remote = local.stored(atRevision: 9)

        let outcome = try ReportMerge.merge(local: local, remote: remote)

        #expect(outcome.matchesOtherWriter)
        #expect(outcome.report == remote)
    }

    @Test func aReportCompletedElsewhereStaysAsItIsAndListsWhatWasLeftOut() throws {
        let remote = CrashReport.stub(id: id, photos: [photo("a")], note: "theirs", completedAt: earlier, revision: 4)
        let local = CrashReport.stub(id: id, photos: [photo("a"), photo("b")], note: "mine", updatedAt: later)

        let outcome = try ReportMerge.merge(local: local, remote: remote)

        #expect(outcome.completedElsewhere)
        #expect(outcome.report == remote)
        #expect(outcome.leftOut.map(\.contentHash) == [.stub("b")])
        #expect(outcome.keptFields == ["otherDriverNote"])
        #expect(outcome.matchesOtherWriter)
    }

    @Test func aReportCompletedHereStaysCompletedWithTheOtherWritersPhotos() throws {
        let local = CrashReport.stub(id: id, photos: [photo("a")], completedAt: later)
        let remote = CrashReport.stub(id: id, photos: [photo("b")], updatedAt: earlier, revision: 2)

        let outcome = try ReportMerge.merge(local: local, remote: remote)

        #expect(outcome.report.isCompleted)
        #expect(outcome.report.completedAt == later)
        #expect(outcome.report.allPhotos.count == 2)
        #expect(!outcome.matchesOtherWriter)
    }

    @Test func aServerIssuedCrashIDWinsOverALocalOne() throws {
        let local = CrashReport.stub(id: id, crashID: .stub("CA-FROMSERVER"), updatedAt: later)
        let remote = CrashReport.stub(id: id, crashID: .stub("CR-ABCDEFGH"), updatedAt: earlier)

        #expect(try ReportMerge.merge(local: local, remote: remote).report.crashID == .stub("CA-FROMSERVER"))
    }
}
