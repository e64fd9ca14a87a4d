import Domain
import Foundation
import Presentation
import Testing
import Wording

@Suite("Line text: what the driver typed, split")
struct LineTextTests {
    @Test func aListOfNumbersIsTypedWithSpacesOrCommasAlike() {
        for typed in ["4 17", "4,17", "4, 17", " 4 ,17 "] { #expect(LineText.numbers(typed) == [4, 17], "\(typed)") }
        for typed in ["", " , ", "4 x", "4,,seventeen"] { #expect(LineText.numbers(typed) == nil, "\(typed)") }
    }

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

    @Test func whatWasTypedIsEchoedWholeUpToSixtyCharacters() {
        #expect(LineText.echo("Deutschland", words: .english) == "“Deutschland”")
        let sixty = String(repeating: "a", count: 60)
        #expect(LineText.echo(sixty, words: .english) == "“\(sixty)”")
    }

    @Test func aLongEchoIsShortenedInTheMiddleShowingBothEnds() {
        let long = "Start of a pasted page " + String(repeating: "x", count: 4_000) + " and its very end"
        let shown = LineText.echo(long, words: .english)
        #expect(shown == "“Start of a pasted page xxxxxxx…xxxxxxxxxxxx and its very end” (4,040 characters)")
        #expect(EchoText.shortened(long).count == EchoText.limit)
        #expect(EchoText.shortened(String(repeating: "b", count: 61)) == String(repeating: "b", count: 30) + "…" + String(repeating: "b", count: 29))
    }

    @Test("A refusal from the statement's rules says the value back whole, shortened in the middle only when long")
    func refusalsEchoTheValueAsTyped() {
        let facts = FactText.english
        #expect(facts.clause(for: CountryCodeError.notACode("Deutschland")).hasPrefix("“Deutschland” is not a country"))
        let long = "Bundesrepublik Deutschland, " + String(repeating: "sehr ", count: 20) + "lang"
        #expect(facts.clause(for: CountryCodeError.notACode(long)).hasPrefix("“Bundesrepublik Deutschland, se…sehr sehr sehr sehr sehr lang” is not"))
        #expect(ErrorText.sentence(for: StatementFieldError.notYesOrNo("vielleicht ja, vielleicht nein"), words: .english)
            == "“vielleicht ja, vielleicht nein” is neither yes nor no: type y or n.")
    }
}
