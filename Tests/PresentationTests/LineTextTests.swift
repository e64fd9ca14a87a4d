import Foundation
import Presentation
import Testing

@Suite("Line text: what the driver typed, split")
struct LineTextTests {
    @Test func theCommandWordIsLowerCasedAndTheRestKeptAsTyped() {
        let text = LineText("  A   other_driver  ~/Photos/Plate 1.JPG ")
        #expect(text.command == "a")
        #expect(text.rest == "other_driver  ~/Photos/Plate 1.JPG")
        #expect(text.key == nil)
    }

    @Test func aTabSeparatesTheCommandLikeASpace() {
        #expect(LineText("w\tnow").command == "w")
        #expect(LineText("w\tnow").rest == "now")
    }

    @Test func aSingleWordIsAKeyAndAnEmptyLineAnEmptyKey() {
        #expect(LineText(" Y ").key == "y")
        #expect(LineText("").key == "")
        #expect(LineText("1 3").key == nil)
    }

    @Test func wordsAreSplitAtSpacesAndTabs() {
        #expect(LineText.words(" 1 \t 3  5 ") == ["1", "3", "5"])
    }

    @Test("paths are read as typed: quoted, escaped or bare", arguments: [
        (#""/tmp/my photo.jpg" trailing"#, "/tmp/my photo.jpg"),
        (#""/tmp/say \"hi\".jpg""#, #"/tmp/say "hi".jpg"#),
        (#"'/tmp/it\s.jpg'"#, #"/tmp/it\s.jpg"#),
        (#"/tmp/my\ photo.jpg"#, "/tmp/my photo.jpg"),
        ("/tmp/plain spaces.jpg", "/tmp/plain spaces.jpg"),
    ])
    func pathIsReadAsTyped(typed: String, path: String) {
        #expect(LineText.path(typed) == path)
    }

    @Test func aTildeStandsForTheHomeFolder() {
        let home = LineText.expandingTilde("~")
        #expect(!home.isEmpty && home != "~")
        #expect(LineText.path("~/a.jpg") == home + "/a.jpg")
        #expect(LineText.path("/x/~/a.jpg") == "/x/~/a.jpg")
    }
}
