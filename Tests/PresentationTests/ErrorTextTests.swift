import Domain
import Presentation
import Testing
import TestSupport

@Suite("Errors in words")
struct ErrorTextTests {
    @Test func anUnembeddableJPEGSaysWhatItIsAndHowToSaveIt() {
        let error = PhotoError.unembeddableJPEG(fileName: "print.jpg", kind: .cmyk)
        #expect(ErrorText.sentence(for: error, words: .english) == "“print.jpg” is a CMYK JPEG, which the report cannot embed. "
            + "Save it as an RGB JPEG or PNG and add it again.")
    }

    @Test func aPhotoTooLargeNamesItsSizeAndTheLimit() {
        let error = PhotoError.tooLarge(fileName: "big.jpg", byteCount: 30 * 1_048_576, limit: ReportLimits.maximumPhotoBytes)
        #expect(ErrorText.sentence(for: error, words: .english).hasPrefix("“big.jpg” is 30 MB; a photo may be at most 20 MB."))
    }

    @Test func aDuplicatePhotoNamesTheSection() {
        let error = PhotoError.duplicate(fileName: "scene-again.jpg", section: .crashScene)
        #expect(ErrorText.sentence(for: error, words: .english) == "“scene-again.jpg” is already in “Crash scene photos”. Choose a different photo.")
    }

    @Test func aTextFileSaysToConvertIt() {
        let error = PhotoError.unsupportedFormat(fileName: "notes.jpg", detected: .text)
        #expect(ErrorText.sentence(for: error, words: .english).contains("is a text file, not a JPEG or PNG photo. Convert it to JPEG or PNG"))
    }

    @Test func aCompletedReportSaysToViewOrShareIt() {
        #expect(ErrorText.sentence(for: ReportError.readOnly(.stub("CR-AAAA2222")), words: .english)
            == "Crash report CR-AAAA2222 is completed and can no longer be changed. View or share it instead.")
    }

    @Test func anEmptyReportSaysWhatToAddFirst() {
        #expect(ErrorText.sentence(for: ReportError.nothingToReport, words: .english).contains("add a photo or write a note"))
    }

    @Test func aFolderAsShareDestinationSaysToNameAFileInside() {
        #expect(ErrorText.sentence(for: ShareError.destinationIsDirectory("/tmp/out"), words: .english)
            == "/tmp/out is a folder. Give a file name inside it, e.g. /tmp/out/crash-report.pdf.")
    }

    @Test func aBusyDatabaseNamesTheFileAndSaysToTryAgain() {
        let failure = StorageFailure(.busy, path: "/data/reports.sqlite", cause: "database is locked")
        #expect(ErrorText.sentence(for: failure, words: .english)
            == "The database /data/reports.sqlite is busy: another program is writing to it. Wait a moment and try again.")
    }

    @Test func anAdaptersFailureIsWordedByItsFacts() {
        struct Refused: StorageFailureReporting {
            var storageFailure: StorageFailure { StorageFailure(.photoFile(operation: "write"), path: "/p/ab", cause: "No space") }
        }
        #expect(ErrorText.sentence(for: Refused(), words: .english) == "Could not write the photo file /p/ab (No space). "
            + "Check that the disk has free space and the folder is writable, then try again.")
    }

    @Test func anUnplaceablePhotoSaysToAddItAgain() {
        let failure = RenderFailure.photoUnreadable(fileName: "broken.png", cause: "invalid")
        #expect(ErrorText.sentence(for: failure, words: .english) == "The photo “broken.png” could not be placed in the PDF (invalid). "
            + "Remove it from the report, add it again, and create the report again.")
    }

    @Test func charactersNoFontHasAreNamedByTheirCodePoints() {
        #expect(ErrorText.sentence(for: RenderFailure.charactersWithoutFont(characters: "\u{10FFFD}"), words: .english)
            == "The PDF cannot print “\u{10FFFD}” (U+10FFFD): no font installed on this system has it. "
            + "Install a font that has it, or remove it from the report, and try again.")
        #expect(ErrorText.listed("a\u{E000}🇭🇺", words: .english) == "“a” (U+0061), “\u{E000}” (U+E000) and “🇭🇺” (U+1F1ED U+1F1FA)")
        #expect(ErrorText.listed("abcdefghijkl", words: .english) == "“a” (U+0061), “b” (U+0062), “c” (U+0063), “d” (U+0064), “e” (U+0065), "
            + "“f” (U+0066), “g” (U+0067), “h” (U+0068), “i” (U+0069), “j” (U+006A) and 2 more")
    }

    @Test func wordsChosenHereNameNoCommandLineOption() {
        let failures: [StorageFailure] = [
            StorageFailure(.noLocation, path: ""), StorageFailure(.folderNotCreatable, path: "/x", cause: "r"),
            StorageFailure(.notADatabase, path: "/x", cause: "r"), StorageFailure(.damagedRecord, path: "/x", cause: "r"),
        ]
        for failure in failures {
            #expect(!ErrorText.sentence(for: failure, words: .english).contains("--"))
        }
        #expect(!ErrorText.sentence(for: RenderFailure.fontMissing(needed: "DejaVu Sans", found: "Liberation"), words: .english).contains("make"))
    }

    @Test func aMessageOfAnErrorKeepsItsCause() {
        let message = UiMessage.error(ReportError.nothingToReport, words: .english)
        #expect(message.kind == .error)
        #expect(message.cause as? ReportError == .nothingToReport)
        #expect(message == UiMessage(.error, ErrorText.sentence(for: ReportError.nothingToReport, words: .english)))
    }

    @Test func aBadDeepLinkSaysWhichLinksWork() throws {
        let error = InputError.invalidDeepLink("https://example.com/x", reason: "its path is not /c/<crash ID>")
        #expect(ErrorText.sentence(for: error, words: .english) == "“https://example.com/x” is not a Crash Assistant link: its path is not "
            + "/c/<crash ID>. Use the link from the text message as it came (crashassistant://crash/<crash ID> or "
            + "…/c/<crash ID>), or type the crash ID.")
    }

    @Test func aConflictSaysTheReportChangedOrWasDeletedElsewhere() {
        let report = CrashReport.stub()
        #expect(ErrorText.sentence(for: ReportError.conflict(report.id, current: report), words: .english).contains("changed elsewhere"))
        #expect(ErrorText.sentence(for: ReportError.conflict(report.id, current: nil), words: .english).contains("deleted elsewhere"))
    }
}
