import Composition
import Domain
import Foundation
import Presentation
import Testing
import TestSupport

@MainActor
@Suite("Other driver's info and Your info")
struct PhotoPageViewModelTests {
    let kit = UseCaseKit()

    private func page(_ category: InfoCategory = .otherDriver) async throws -> PhotoPageViewModel {
        kit.wiring(photoFiles: try StubPhotoFiles.standard()).makePhotoPage(category, try await kit.startedReport())
    }

    @Test func theOtherDriversPageHasThreeSectionsAndANote() async throws {
        let page = try await page()
        #expect(page.state.value.sections.map(\.title) == ["Licence / Insurance info", "Vehicle's licence plate", "Vehicle's damages"])
        #expect(page.state.value.noteNumber == 4)
    }

    @Test func yourInfoHasThreeSectionsAndNoNote() async throws {
        let page = try await page(.yourInfo)
        #expect(page.state.value.sections.map(\.title) == ["Your vehicle's damages", "Crash scene photos", "Sketch of the crash (a photo of your drawing)"])
        #expect(page.state.value.noteNumber == nil)
    }

    @Test func anAddedPhotoIsListedWithItsSizeAndPixels() async throws {
        let page = try await page()
        await page.addPhoto(path: "plate.png", toSection: 2)
        let row = try #require(page.state.value.sections[1].photos.first)
        #expect([row.fileName, row.size, row.pixelSize, row.format] == ["plate.png", "129 bytes", "40 × 30 px", "PNG"])
        #expect(page.state.value.sections[1].capacity == "1 of 10 photos")
        #expect(page.message.value == .info("Added plate.png to “Vehicle's licence plate”."))
    }

    @Test func aFileThatCannotBeReadIsReportedAndNothingAdded() async throws {
        let page = try await page()
        await page.addPhoto(path: "missing.jpg", toSection: 1)
        #expect(page.message.value == .error("There is no file at missing.jpg."))
        #expect(page.state.value.sections.allSatisfy { $0.photos.isEmpty })
    }

    @Test func aSectionNumberThatIsNotOnThePageIsRefused() async throws {
        let page = try await page(.yourInfo)
        await page.addPhoto(path: "a.jpg", toSection: 4)
        #expect(page.message.value == .error("There is no section 4 here. Choose a section from 1 to 3."))
    }

    @Test func removingAPhotoTakesItOutOfItsSection() async throws {
        let page = try await page(.yourInfo)
        await page.addPhoto(path: "a.jpg", toSection: 1)
        await page.addPhoto(path: "b.jpg", toSection: 1)
        await page.removePhoto(section: 1, photoNumber: 1)
        #expect(page.state.value.sections[0].photos.map(\.fileName) == ["b.jpg"])
    }

    @Test func removingAPhotoNumberThatIsNotListedSaysWhichAre() async throws {
        let page = try await page(.yourInfo)
        await page.addPhoto(path: "a.jpg", toSection: 2)
        await page.removePhoto(section: 2, photoNumber: 5)
        #expect(page.message.value == .error("“Crash scene photos” has no photo 5: it has only photo 1."))
        #expect(page.state.value.sections[1].photos.count == 1)
    }

    @Test("Two long notes that differ in one word are shown where they differ, not cut to the same start")
    func longNotesAreShownWhereTheyDiffer() async throws {
        let page = try await page()
        let start = "The other driver, a tall man in a grey coat, said he had been driving "
        let end = " the whole morning and was late for a meeting in the city centre."
        await page.setNote(start + "carefully" + end)
        await page.setNote(start + "quickly" + end)
        let asked = try #require(page.message.value?.text)
        #expect(asked.contains("carefully") && asked.contains("quickly"), "\(asked)")
        #expect(asked.hasPrefix("Replace the note “…"), "\(asked)")
        // Short notes are quoted whole.
        #expect(EchoText.difference("Blue Golf", "Red Golf") == ("Blue Golf", "Red Golf"))
    }

    @Test("A note set in another window after this page was shown is not overwritten: the page shows it and asks")
    func aNoteSetElsewhereMeanwhileIsAskedAbout() async throws {
        let page = try await page()
        // Another window sets a note behind this page's back.
        _ = try await kit.setNote.execute(reportID: page.reportID, note: "Window TWO note")
        #expect(page.state.value.note == nil)
        await page.setNote("Window ONE note")
        #expect(page.pendingNote == "Window ONE note")
        #expect(page.state.value.note == "Window TWO note")
        #expect(page.message.value == .info("Replace the note “Window TWO note” with “Window ONE note”? Type y to replace it, n to keep it."))
        #expect(try await kit.repository.report(withID: page.reportID)?.otherDriverNote == "Window TWO note")
        await page.confirmNote(true)
        #expect(try await kit.repository.report(withID: page.reportID)?.otherDriverNote == "Window ONE note")
    }

    @Test("A note is set; replacing or clearing it asks first, and no keeps it")
    func aNoteIsReplacedOrClearedOnlyWhenConfirmed() async throws {
        let page = try await page()
        await page.setNote("Blue Golf")
        #expect(page.state.value.note == "Blue Golf")
        #expect(page.pendingNote == nil)

        await page.setNote("Red Golf")
        #expect(page.message.value == .info("Replace the note “Blue Golf” with “Red Golf”? Type y to replace it, n to keep it."))
        #expect(page.state.value.note == "Blue Golf")
        await page.confirmNote(false)
        #expect(page.state.value.note == "Blue Golf")
        #expect(page.message.value == .info("The note was kept as it was."))

        await page.setNote("")
        #expect(page.message.value == .info("Clear the note “Blue Golf”? Type y to clear it, n to keep it."))
        #expect(page.state.value.note == "Blue Golf")
        await page.confirmNote(true)
        #expect(page.state.value.note == nil)
        #expect(page.message.value == .info("Note cleared."))

        await page.setNote("")
        #expect(page.pendingNote == nil)
        await page.setNote(String(repeating: "long words ", count: 30))
        await page.setNote("short")
        #expect(page.message.value?.text.contains("(330 characters)") == true)
    }

    @Test func aNoteOverTheLimitIsRefusedAndTheOldOneKept() async throws {
        let page = try await page()
        await page.setNote("short")
        await page.setNote(String(repeating: "a", count: ReportLimits.maximumNoteLength + 1))
        #expect(page.message.value?.kind == .error)
        #expect(page.state.value.note == "short")
    }

    @Test func yourInfoHasNoNoteToSet() async throws {
        let page = try await page(.yourInfo)
        await page.setNote("anything")
        #expect(page.message.value?.kind == .error)
    }

    @Test func closeThenDiscardRemovesThePagesPhotosAndNote() async throws {
        let page = try await page()
        var finished: [CrashReport] = []
        page.didFinish = { finished.append($0) }
        await page.addPhoto(path: "a.jpg", toSection: 1)
        await page.setNote("note")
        page.close()
        guard case let .discard(dialog) = page.route.value else {
            Issue.record("expected the discard dialog")
            return
        }
        await dialog.discard()
        #expect(finished.first?.photoCount == 0)
        #expect(finished.first?.hasNote == false)
        #expect(await kit.photoStore.storedHashes.isEmpty)
    }

    // MARK: - Crash-scene photo times

    private func yourInfo(with fixture: String) async throws -> PhotoPageViewModel {
        let files = StubPhotoFiles(files: [fixture: PhotoFile(bytes: try Fixtures.bytes(fixture), fileName: fixture)])
        return kit.wiring(photoFiles: files, dates: utc).makePhotoPage(.yourInfo, try await kit.startedReport())
    }

    @Test func aPhotoWhoseTimeIsInTheFutureIsAddedAndThePageSaysWhyItsTimeIsNotUsed() async throws {
        let page = try await yourInfo(with: "scene-future-48x36.jpg")
        await page.addPhoto(path: "scene-future-48x36.jpg", toSection: 2)
        #expect(page.state.value.sections[1].photos.count == 1)
        #expect(page.message.value == .info(
            "Added scene-future-48x36.jpg to “Crash scene photos”. Its time, 1 Jun 2031, 10:00 (UTC), is later than now "
                + "(the camera's clock is wrong), so it is not used as the crash time. Set the time with w on Collect Crash Info."
        ))
    }

    @Test func aPhotoTakenLongBeforeTheReportIsAddedAndThePageAsksToCheckItsTime() async throws {
        let page = try await yourInfo(with: "scene-1998-48x36.jpg")
        await page.addPhoto(path: "scene-1998-48x36.jpg", toSection: 2)
        let text = try #require(page.message.value?.text)
        #expect(text.hasPrefix("Added scene-1998-48x36.jpg to “Crash scene photos”. Its time, 1 Jan 1998, 00:00 (UTC), is "))
        #expect(text.contains("days before the report was started; it is used as the crash time, so check it"))
    }

    @Test func theAddMessageSaysThePhotosTimeAsItsClockShowedIt() async throws {
        // In Berlin in November (+01:00): a summer photo with no zone reads at summer time, a camera's own offset as it is.
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let kit = UseCaseKit(timeZone: berlin)
        let names = ["street-summer-no-zone-48x36.jpg", "scene-offsettime-48x36.jpg"]
        let files = StubPhotoFiles(files: Dictionary(uniqueKeysWithValues: try names.map { ($0, PhotoFile(bytes: try Fixtures.bytes($0), fileName: $0)) }))
        let page = kit.wiring(photoFiles: files, dates: DateText(timeZone: berlin)).makePhotoPage(.yourInfo, try await kit.startedReport())
        await page.addPhoto(path: names[0], toSection: 2)
        #expect(page.message.value?.text.contains("Its time, 22 Oct 2008, 16:28 (UTC+02:00), is ") == true, "\(String(describing: page.message.value))")
        await page.addPhoto(path: names[1], toSection: 2)
        #expect(page.message.value?.text.contains("Its time, 21 Nov 2026, 16:28 (UTC+09:00), is later than now") == true, "\(String(describing: page.message.value))")
    }

    @Test func aSecondOldPhotoIsNotSaidToBeTheCrashTimeWhenTheFirstStays() async throws {
        let names = ["scene-1998-48x36.jpg", "street-summer-no-zone-48x36.jpg"]
        let files = StubPhotoFiles(files: Dictionary(uniqueKeysWithValues: try names.map { ($0, PhotoFile(bytes: try Fixtures.bytes($0), fileName: $0)) }))
        let page = kit.wiring(photoFiles: files, dates: utc).makePhotoPage(.yourInfo, try await kit.startedReport())
        await page.addPhoto(path: names[0], toSection: 2)
        #expect(page.message.value?.text.contains("it is used as the crash time") == true)
        await page.addPhoto(path: names[1], toSection: 2)
        let second = try #require(page.message.value?.text)
        #expect(second.contains("Its time, 22 Oct 2008, 16:28 (UTC), is "), "\(second)")
        #expect(second.hasSuffix("it is not used as the crash time, which stays 1 Jan 1998, 00:00 (UTC)."), "\(second)")
        #expect(!second.contains("it is used as the crash time"))
    }

    @Test func aPlausiblePhotoTimeNeedsNoRemark() async throws {
        kit.clock.advance(by: 4 * 86_400)
        let page = try await yourInfo(with: "scene-no-zone-48x36.jpg")
        await page.addPhoto(path: "scene-no-zone-48x36.jpg", toSection: 2)
        #expect(page.message.value == .info("Added scene-no-zone-48x36.jpg to “Crash scene photos”."))
    }
}
