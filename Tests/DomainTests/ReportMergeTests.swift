import Domain
import Foundation
import Testing
import TestSupport

/// How two writers' versions of one report become one: against their base (the last version both agreed on), each
/// field and each photo goes the way of the side that changed it; only a change on both sides goes by time.
@Suite("Report merge")
struct ReportMergeTests {
    // MARK: - Three-way, table-driven

    /// The photos every case draws from, named by a letter: the same values (ids included) wherever a case uses
    /// them, added in the letters' order.
    static let names = Array("abcdefghijklmnop")
    static let photos: [Character: Photo] = Dictionary(uniqueKeysWithValues: zip(names, Array("0123456789abcdef")).enumerated().map { index, pair in
        (pair.0, Photo.stub(section: .crashScene, contentHash: .stub(pair.1), fileName: "\(pair.0).jpg", addedAt: referenceDate.addingTimeInterval(Double(index))))
    })

    /// The letters naming these photos.
    static func letters(_ photos: [Photo]) -> String {
        String(photos.compactMap { photo in Self.photos.first { $0.value.contentHash == photo.contentHash }?.key })
    }
    static let earlier = referenceDate.addingTimeInterval(60)
    static let later = referenceDate.addingTimeInterval(120)
    static let place: CrashScene = {
        do {
            return try CrashScene(
                occurredAt: referenceDate.addingTimeInterval(-600), coordinate: Coordinate(latitude: 47.4979, longitude: 19.0402),
                address: "Andrássy út 12, Budapest"
            )
        } catch { fatalError("\(error)") }
    }()

    /// One side's version: its photos (by digit), note, injuries, scene and when it was changed.
    struct Side: Sendable, CustomStringConvertible {
        var photos: String = ""
        var note: String = ""
        var injuries: [Injury] = []
        var scene: CrashScene? = nil
        var updatedAt: Date = referenceDate

        func report(_ id: ReportID, revision: Int) -> CrashReport {
            let base = CrashReport.stub(
                id: id, injuries: injuries, photos: photos.compactMap { ReportMergeTests.photos[$0] }, note: note,
                updatedAt: updatedAt, revision: revision
            )
            guard let scene else { return base }
            var changed = base
            do { try changed.setScene(scene) } catch { fatalError("\(error)") }
            return changed
        }

        var description: String { "photos \(photos.isEmpty ? "none" : photos), note “\(note)”" }
    }

    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let base: Side?
        let local: Side
        let remote: Side
        /// What the merge holds.
        let photos: String
        let note: String
        var injuries: [Injury] = []
        var scene: CrashScene? = nil
        /// Which fields both sides changed, and whether this device's change was kept.
        var conflicts: [ReportMerge.Conflict] = []
        var photosFromOtherWriter = 0
        var photosFromThisDevice = 0
        var photosRemovedElsewhere = 0
        var leftOut: String = ""
        /// Whether the merge is exactly the other writer's version (nothing to send).
        var matchesOtherWriter = false

        var description: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a photo removed here, untouched there: it stays removed",
            base: Side(photos: "ab", note: "n"), local: Side(photos: "a", note: "n", updatedAt: earlier), remote: Side(photos: "ab", note: "n"),
            photos: "a", note: "n"
        ),
        Case(
            name: "a photo removed there, untouched here, though this side is newer: it stays removed",
            base: Side(photos: "ab"), local: Side(photos: "ab", updatedAt: later), remote: Side(photos: "b", updatedAt: earlier),
            photos: "b", note: "", photosRemovedElsewhere: 1, matchesOtherWriter: true
        ),
        Case(
            name: "a photo removed here, the note edited there: both changes kept",
            base: Side(photos: "ab", note: "blue car"), local: Side(photos: "a", note: "blue car", updatedAt: earlier),
            remote: Side(photos: "ab", note: "blue car, dented", updatedAt: later),
            photos: "a", note: "blue car, dented"
        ),
        Case(
            name: "a photo removed there, a photo added here: the removal and the addition both kept",
            base: Side(photos: "ab"), local: Side(photos: "abc", updatedAt: earlier), remote: Side(photos: "a", updatedAt: later),
            photos: "ac", note: "", photosFromThisDevice: 1, photosRemovedElsewhere: 1
        ),
        Case(
            name: "the note cleared here, untouched there (which is newer): it stays cleared",
            base: Side(note: "red van"), local: Side(note: "", updatedAt: earlier), remote: Side(note: "red van", updatedAt: later),
            photos: "", note: ""
        ),
        Case(
            name: "the note cleared there, untouched here: it stays cleared",
            base: Side(note: "red van"), local: Side(note: "red van", updatedAt: later), remote: Side(note: "", updatedAt: earlier),
            photos: "", note: "", matchesOtherWriter: true
        ),
        Case(
            name: "the note changed on both sides, there later: theirs kept, and said",
            base: Side(note: "red van"), local: Side(note: "red van, Vienna plates", updatedAt: earlier),
            remote: Side(note: "red van, two passengers", updatedAt: later),
            photos: "", note: "red van, two passengers",
            conflicts: [ReportMerge.Conflict(field: .otherDriverNote, keptThisDevice: false)], matchesOtherWriter: true
        ),
        Case(
            name: "the note changed on both sides, here later: this device's kept, and said",
            base: Side(note: "red van"), local: Side(note: "red van, Vienna plates", updatedAt: later),
            remote: Side(note: "red van, two passengers", updatedAt: earlier),
            photos: "", note: "red van, Vienna plates",
            conflicts: [ReportMerge.Conflict(field: .otherDriverNote, keptThisDevice: true)]
        ),
        Case(
            name: "the note changed on both sides to the same words: no conflict",
            base: Side(note: "red van"), local: Side(note: "grey van", updatedAt: later), remote: Side(note: "grey van", updatedAt: earlier),
            photos: "", note: "grey van", matchesOtherWriter: true
        ),
        Case(
            name: "photos added on both sides: all kept, in the order they were added",
            base: Side(photos: "a"), local: Side(photos: "ac", updatedAt: earlier), remote: Side(photos: "ab", updatedAt: later),
            photos: "abc", note: "", photosFromOtherWriter: 1, photosFromThisDevice: 1
        ),
        Case(
            name: "the same photo added on both sides: kept once",
            base: Side(photos: ""), local: Side(photos: "b", updatedAt: later), remote: Side(photos: "b", updatedAt: earlier),
            photos: "b", note: "", matchesOtherWriter: true
        ),
        Case(
            name: "the section limit: the newer side's photos first, the rest left out and named",
            base: Side(photos: "abcdefgh"), local: Side(photos: "abcdefghij", updatedAt: later),
            remote: Side(photos: "abcdefghkl", updatedAt: earlier),
            photos: "abcdefghij", note: "", photosFromThisDevice: 2, leftOut: "kl"
        ),
        Case(
            name: "injuries changed there only, the note here only: each side's change kept",
            base: Side(note: "a"), local: Side(note: "b", updatedAt: earlier), remote: Side(note: "a", injuries: [.myself], updatedAt: later),
            photos: "", note: "b", injuries: [.myself]
        ),
        Case(
            name: "the time and place set there only (a detected crash), untouched here though newer: theirs kept",
            base: Side(), local: Side(note: "mine", updatedAt: later), remote: Side(scene: place, updatedAt: earlier),
            photos: "", note: "mine", scene: place
        ),
        Case(
            name: "no base: a difference counts as a change on both sides, the newer wins and photos are united",
            base: nil, local: Side(photos: "a", note: "older", updatedAt: earlier), remote: Side(photos: "b", note: "newer", updatedAt: later),
            photos: "ab", note: "newer",
            conflicts: [ReportMerge.Conflict(field: .otherDriverNote, keptThisDevice: false)],
            photosFromOtherWriter: 1, photosFromThisDevice: 1
        ),
    ]

    @Test(arguments: cases)
    func aThreeWayMerge(_ example: Case) throws {
        let id = ReportID()
        let base = example.base?.report(id, revision: 3)
        let local = example.local.report(id, revision: 3)
        let remote = example.remote.report(id, revision: 5)

        let outcome = try ReportMerge.merge(base: base, local: local, remote: remote)

        #expect(Self.letters(outcome.report.allPhotos) == example.photos)
        #expect(outcome.report.otherDriverNote == example.note)
        #expect(outcome.report.injuries == InjurySelection(example.injuries))
        if let scene = example.scene { #expect(outcome.report.scene == scene) }
        #expect(outcome.conflicts == example.conflicts)
        #expect(outcome.photosFromOtherWriter == example.photosFromOtherWriter)
        #expect(outcome.photosFromThisDevice == example.photosFromThisDevice)
        #expect(outcome.photosRemovedElsewhere == example.photosRemovedElsewhere)
        #expect(Self.letters(outcome.leftOut) == example.leftOut)
        #expect(outcome.matchesOtherWriter == example.matchesOtherWriter)
        #expect(outcome.report.revision == 5)
        // Merging is the same from either side: the result holds the same, only who is "here" differs.
        let mirrored = try ReportMerge.merge(base: base, local: remote, remote: local)
        if example.leftOut.isEmpty && example.conflicts.isEmpty {
            #expect(Set(mirrored.report.allPhotos.map(\.contentHash)) == Set(outcome.report.allPhotos.map(\.contentHash)))
            #expect(mirrored.report.otherDriverNote == outcome.report.otherDriverNote)
        }
    }

    // MARK: - Around the fields

    let id = ReportID()
    let earlier = referenceDate
    let later = referenceDate.addingTimeInterval(60)

    func photo(_ digit: Character, _ section: PhotoSection = .crashScene, addedAt offset: TimeInterval = 0) -> Photo {
        .stub(section: section, contentHash: .stub(digit), addedAt: referenceDate.addingTimeInterval(offset))
    }

    @Test func theSameBytesInAnotherSectionAreAnotherPhoto() throws {
        let local = CrashReport.stub(id: id, photos: [photo("a", .crashScene)], updatedAt: later)
        let remote = CrashReport.stub(id: id, photos: [photo("a", .yourVehicleDamage)], updatedAt: earlier)

        let outcome = try ReportMerge.merge(local: local, remote: remote)

        #expect(outcome.report.photos(in: .crashScene).count == 1)
        #expect(outcome.report.photos(in: .yourVehicleDamage).count == 1)
    }

    @Test func theOtherWritersNewerFieldsAreTakenAndNamed() throws {
        let local = CrashReport.stub(id: id, injuries: [.myself], note: "mine, older", updatedAt: earlier)
        let remote = CrashReport.stub(id: id, injuries: [.otherDriver], note: "theirs, newer", updatedAt: later, revision: 3)

        let outcome = try ReportMerge.merge(local: local, remote: remote)

        #expect(outcome.report.otherDriverNote == "theirs, newer")
        #expect(outcome.report.injuries == InjurySelection([.otherDriver]))
        #expect(outcome.fieldsFromOtherWriter == [.injuries, .otherDriverNote])
        #expect(outcome.keptFields == [.injuries, .otherDriverNote])
        #expect(outcome.matchesOtherWriter)
    }

    @Test func aVersionTheServerAlreadyHoldsMergesToNothingNew() throws {
        let local = CrashReport.stub(id: id, photos: [photo("a")], note: "same", updatedAt: later, revision: 5)
        let remote = local.stored(atRevision: 9)

        let outcome = try ReportMerge.merge(base: local, local: local, remote: remote)

        #expect(outcome.matchesOtherWriter)
        #expect(!outcome.isWorthTelling)
        #expect(outcome.report == remote)
    }

    @Test func aReportCompletedElsewhereStaysAsItIsAndListsWhatWasLeftOut() throws {
        let shared = photo("a")
        let base = CrashReport.stub(id: id, photos: [shared], note: "base", revision: 2)
        let remote = CrashReport.stub(id: id, photos: [shared], note: "base", completedAt: earlier, revision: 4)
        let local = CrashReport.stub(id: id, photos: [shared, photo("b")], note: "mine", updatedAt: later)

        let outcome = try ReportMerge.merge(base: base, local: local, remote: remote)

        #expect(outcome.completedElsewhere)
        #expect(outcome.report == remote)
        #expect(outcome.leftOut.map(\.contentHash) == [.stub("b")])
        #expect(outcome.keptFields == [.otherDriverNote])
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

    @Test("A report opened offline joins the server's: against an empty draft, the driver's entries and the detected place both stay")
    func aReportOpenedOfflineJoinsTheServersReport() throws {
        let crashID = CrashID.stub("CA-DETECTED23")
        let detected = CrashReport.stub(crashID: crashID, createdAt: earlier, revision: 1)
        var server = detected
        try server.setScene(Self.place)
        let openedHere = CrashReport.stub(crashID: crashID, createdAt: later, photos: [photo("a")], note: "white van", updatedAt: later, revision: 3)
        let empty = CrashReport(id: server.id, crashID: crashID, createdAt: openedHere.createdAt)

        let outcome = try ReportMerge.merge(base: empty, local: openedHere, remote: server)

        #expect(outcome.report.id == server.id)
        #expect(outcome.report.scene == Self.place)
        #expect(outcome.report.otherDriverNote == "white van")
        #expect(outcome.report.allPhotos.map(\.contentHash) == [.stub("a")])
        #expect(outcome.conflicts.isEmpty)
    }
}
