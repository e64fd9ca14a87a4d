import Domain
import Foundation
import Testing
import TestSupport
import Wording

/// A right-to-left name inside a sentence never moves the words around it: every value filled into a message that
/// holds right-to-left text or a direction control is isolated (FSI … PDI), in every language.
@Suite("Right-to-left text in sentences")
struct BidiIsolationTests {
    static let names = ["محمد العلي", "דוד כהן"]

    static func signed(_ name: String) throws -> CrashReport {
        var report = try StatementSignatureTests.drafted()
        try report.signStatement(.b, name: name, verification: .sameDevice, at: referenceDate)
        return report
    }

    @Test("An Arabic and a Hebrew name are isolated in the signature's sentence, in each of the seven languages", arguments: names)
    func namesAreIsolatedInEveryLanguage(_ name: String) throws {
        let report = try Self.signed(name)
        let dates = DateText(timeZone: TimeZone(identifier: "UTC")!)
        let codes = Languages.shipped.codes
        #expect(codes.count == 7)
        for code in codes {
            let words = Languages.shipped.words(code)
            let sentence = FactText(words).signature(report.signatureState(of: .b), dates: words.dates(dates))
            #expect(sentence.contains("\u{2068}\(name)\u{2069}"), "\(code): \(sentence)")
            // Nothing else of the sentence is inside the isolate.
            #expect(sentence.components(separatedBy: "\u{2068}").count == 2, "\(code): \(sentence)")
        }
    }

    @Test("Left-to-right values are left as they are (an SMS stays in the GSM alphabet); direction controls are isolated too")
    func onlyWhatNeedsItIsIsolated() {
        #expect(Words.fill("signed by {name}, {time}", ["name": "Greta Müller", "time": "28 Nov 2026"]) == "signed by Greta Müller, 28 Nov 2026")
        #expect(Words.isolated("12345") == "12345")
        // An override someone typed into their name ends at the isolate's end, never reaching the date.
        #expect(Words.isolated("Eve\u{202E}evil") == "\u{2068}Eve\u{202E}evil\u{2069}")
        #expect(Words.isolated("\u{200F}x") == "\u{2068}\u{200F}x\u{2069}")
        #expect(Words.isolated("שלום") == "\u{2068}שלום\u{2069}")
    }
}
