import Domain
import Foundation
import Testing
import TestSupport

@Suite("Report rules: completeness, limits, read-only")
struct CrashReportRulesTests {
    @Test func newReportIsAnEmptyDraftThatCannotBeCreated() {
        let report = CrashReport(crashID: .stub(), createdAt: referenceDate)
        #expect(report.status == .draft)
        #expect(report.scene.occurredAt == referenceDate)
        #expect(!report.canBeCreated)
        #expect(InfoCategory.allCases.allSatisfy { !report.hasInformation(in: $0) })
    }

    @Test("one piece of information is enough to create the report", arguments: [
        CrashReport.stub(injuries: [.unsure]),
        CrashReport.stub(photos: [.stub(section: .otherVehiclePlate)]),
        CrashReport.stub(photos: [.stub(section: .crashScene)]),
        CrashReport.stub(note: "Blue Skoda, driver apologised"),
    ])
    func anyInformationEnablesCreate(report: CrashReport) {
        #expect(report.canBeCreated)
    }

    @Test func eachCategoryIsCompleteOnlyWithItsOwnInformation() {
        let injuries = CrashReport.stub(injuries: [.myself])
        #expect(injuries.hasInformation(in: .injuries))
        #expect(!injuries.hasInformation(in: .otherDriver) && !injuries.hasInformation(in: .yourInfo))

        let note = CrashReport.stub(note: "plate ABC-123")
        #expect(note.hasInformation(in: .otherDriver))
        #expect(!note.hasInformation(in: .injuries) && !note.hasInformation(in: .yourInfo))

        let ownDamage = CrashReport.stub(photos: [.stub(section: .yourVehicleDamage)])
        #expect(ownDamage.hasInformation(in: .yourInfo))
        #expect(!ownDamage.hasInformation(in: .otherDriver))
    }

    @Test func noteOfTwoThousandCharactersIsKeptExactly() throws {
        var report = CrashReport.stub()
        let note = String(repeating: "é", count: 1_999) + "🚗"
        try report.setNote(note)
        #expect(report.otherDriverNote == note)
    }

    @Test func noteOfTwoThousandAndOneCharactersIsRefusedAndTheOldNoteKept() throws {
        var report = CrashReport.stub(note: "first note")
        #expect(throws: InputError.noteTooLong(count: 2_001, limit: 2_000)) {
            try report.setNote(String(repeating: "x", count: 2_001))
        }
        #expect(report.otherDriverNote == "first note")
    }

    @Test("A note of one character made of two million code points is refused by its bytes, and the old note kept")
    func aNoteLargeInBytesIsRefused() throws {
        var report = CrashReport.stub(note: "first note")
        let heavy = "a" + String(repeating: "\u{0301}", count: 2_000_000)
        #expect(heavy.count == 1)
        #expect(throws: InputError.noteTooLarge(bytes: heavy.utf8.count, limit: 8_000)) { try report.setNote(heavy) }
        #expect(report.otherDriverNote == "first note")
    }

    @Test("An address or a file name large in bytes is refused naming the field, however few its characters")
    func addressesAndFileNamesAreBoundedInBytes() throws {
        let heavy = "a" + String(repeating: "\u{0301}", count: 10_000)
        #expect(throws: InputError.addressTooLarge(bytes: heavy.utf8.count, limit: 2_000)) {
            try CrashScene(occurredAt: referenceDate, coordinate: nil, address: heavy)
        }
        let photo = Photo(
            section: .crashScene, contentHash: .stub(), mediaType: .jpeg, byteCount: 10, pixelSize: PixelSize(width: 1, height: 1),
            originalFileName: heavy, addedAt: referenceDate
        )
        #expect(throws: InvalidReportData(field: "photos[0].originalFileName", problem: .tooLarge(bytes: heavy.utf8.count, limit: 4_096))) {
            try CrashReport(
                id: ReportID(), crashID: .stub(), status: .draft, createdAt: referenceDate, updatedAt: referenceDate,
                completedAt: nil, scene: CrashScene(occurredAt: referenceDate), injuries: .none, photos: [photo],
                otherDriverNote: "", revision: 0
            )
        }
        #expect(TextLimit.note.problem(with: String(repeating: "🚗", count: 2_000)) == nil)
        #expect(TextLimit.note.problem(with: String(repeating: "x", count: 2_001)) == .characters(count: 2_001, limit: 2_000))
    }

    @Test("Control characters never reach a report: typed text is refused naming the field, a file name shows them as �",
          arguments: ["abc\u{1B}[D\u{1B}[DZ", "bell\u{07}", "tab\there", "\u{1B}[31mRED", "a\u{202E}gnp.exe", "nul\u{0}", "c1\u{85}"])
    func controlCharactersAreRefused(text: String) throws {
        var report = CrashReport.stub(note: "first note")
        let code = try #require(text.unicodeScalars.first { TextLimit.address.problem(with: String($0)) != nil }).value
        #expect(throws: InputError.noteHasControlCharacter(code)) { try report.setNote(text) }
        #expect(report.otherDriverNote == "first note")
        #expect(throws: InputError.addressHasControlCharacter(code)) {
            try CrashScene(occurredAt: referenceDate, coordinate: nil, address: text)
        }
        let photo = Photo(
            section: .crashScene, contentHash: .stub(), mediaType: .jpeg, byteCount: 10, pixelSize: PixelSize(width: 1, height: 1),
            originalFileName: text, addedAt: referenceDate
        )
        #expect(throws: InvalidReportData(field: "photos[0].originalFileName", problem: .controlCharacter(code))) {
            try CrashReport(
                id: ReportID(), crashID: .stub(), status: .draft, createdAt: referenceDate, updatedAt: referenceDate,
                completedAt: nil, scene: CrashScene(occurredAt: referenceDate), injuries: .none, photos: [photo],
                otherDriverNote: "", revision: 0
            )
        }
        let cleaned = TextLimit.fileName.cleaned(text)
        #expect(TextLimit.fileName.problem(with: cleaned) == nil)
        #expect(cleaned.contains("\u{FFFD}"))
    }

    @Test("A note may hold several lines; an address, a file name or an account name may not")
    func lineBreaksOnlyInTheNote() throws {
        var report = CrashReport.stub()
        try report.setNote("Blue Škoda\nplate ABC-123")
        #expect(report.otherDriverNote == "Blue Škoda\nplate ABC-123")
        #expect(TextLimit.address.problem(with: "a\nb") == .controlCharacter(0x0A))
        #expect(TextLimit.accountName.problem(with: "ann\n") == .controlCharacter(0x0A))
        #expect(TextLimit.note.problem(with: "a\r\nb") == .controlCharacter(0x0D))
        #expect(TextLimit.note.problem(with: "👩‍👩‍👧 Zoë, Ærø, 東京") == nil)
    }

    @Test func blankNoteClearsTheNote() throws {
        var report = CrashReport.stub(note: "something")
        try report.setNote("  \n  ")
        #expect(!report.hasNote)
    }

    @Test func sectionHoldsAtMostTenPhotos() throws {
        var report = CrashReport.stub()
        for index in 0..<10 {
            try report.addPhoto(.stub(section: .crashScene, contentHash: .stub(Character(String(index)))))
        }
        #expect(throws: PhotoError.sectionFull(.crashScene, limit: 10)) {
            try report.addPhoto(.stub(section: .crashScene, contentHash: .stub("f")))
        }
        #expect(report.photos(in: .crashScene).count == 10)
        // Another section still has room.
        try report.addPhoto(.stub(section: .yourVehicleDamage, contentHash: .stub("f")))
    }

    @Test func samePhotoTwiceInOneSectionIsRefused() throws {
        var report = CrashReport.stub(photos: [.stub(section: .otherVehicleDamage, fileName: "dent.jpg")])
        #expect(throws: PhotoError.duplicate(fileName: "dent-copy.jpg", section: .otherVehicleDamage)) {
            try report.addPhoto(.stub(section: .otherVehicleDamage, fileName: "dent-copy.jpg"))
        }
        // The same bytes in another section are fine.
        try report.addPhoto(.stub(section: .crashScene))
        #expect(report.photoCount == 2)
    }

    @Test func discardingOtherDriversPageClearsItsPhotosAndNoteOnly() throws {
        var report = CrashReport.stub(
            injuries: [.myself],
            photos: [.stub(section: .licenceAndInsurance), .stub(section: .crashScene, contentHash: .stub("b"))],
            note: "note"
        )
        let removed = try report.discard(.otherDriver)
        #expect(removed.map(\.section) == [.licenceAndInsurance])
        #expect(!report.hasInformation(in: .otherDriver))
        #expect(report.hasInformation(in: .injuries) && report.hasInformation(in: .yourInfo))
    }

    @Test func completedReportRefusesEveryChange() throws {
        var report = CrashReport.stub(injuries: [.myself], photos: [.stub()], completedAt: referenceDate)
        let before = report
        let readOnly = ReportError.readOnly(report.crashID)
        #expect(throws: readOnly) { try report.toggleInjury(.otherDriver) }
        #expect(throws: readOnly) { try report.addPhoto(.stub(contentHash: .stub("c"))) }
        #expect(throws: readOnly) { _ = try report.removePhoto(report.allPhotos[0].id) }
        #expect(throws: readOnly) { try report.setNote("late note") }
        #expect(throws: readOnly) { try report.setScene(CrashScene(occurredAt: referenceDate)) }
        #expect(throws: readOnly) { _ = try report.discard(.yourInfo) }
        #expect(throws: readOnly) { try report.complete(at: referenceDate) }
        #expect(report == before)
        #expect(!report.canBeCreated)
    }

    @Test func completingAnEmptyReportIsRefused() {
        var report = CrashReport.stub()
        #expect(throws: ReportError.nothingToReport) { try report.complete(at: referenceDate) }
        #expect(report.status == .draft)
    }

    @Test func removingAPhotoThatIsNotThereIsRefused() {
        var report = CrashReport.stub(photos: [.stub()])
        let missing = PhotoID()
        #expect(throws: PhotoError.notFound(missing)) { _ = try report.removePhoto(missing) }
        #expect(report.photoCount == 1)
    }

    @Test func storingAtARevisionChangesNothingElse() {
        let report = CrashReport.stub(note: "kept")
        let stored = report.stored(atRevision: 4)
        #expect(stored.revision == 4)
        #expect(stored.otherDriverNote == "kept")
        #expect(stored.updatedAt == report.updatedAt)
    }
}
