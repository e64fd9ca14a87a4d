import Domain
import Testing

/// Language tags as a driver's app or an account gives them: normalised, or refused naming what was given.
@Suite("Language tags")
struct LanguageTagTests {
    @Test(arguments: [
        ("de", "de"), (" pt-br ", "pt_BR"), ("PT_br", "pt_BR"), ("es_419", "es_419"), ("\thu\n", "hu"), ("fil", "fil"),
    ])
    func aTagIsReadAndWrittenOneWay(given: String, written: String) throws {
        #expect(try LanguageTag(parsing: given).rawValue == written)
    }

    @Test(arguments: ["", "   ", "d", "deut", "d3", "de_AT_x", "ü"])
    func aTextThatIsNoLanguageIsRefusedNamingIt(given: String) {
        #expect(throws: LanguageTagError.notALanguage(given)) { try LanguageTag(parsing: given) }
    }

    @Test(arguments: ["de_", "de-A", "pt_BRA", "es_41", "de_4a"])
    func aRegionThatIsNoRegionIsRefusedNamingIt(given: String) {
        #expect(throws: LanguageTagError.notARegion(given)) { try LanguageTag(parsing: given) }
    }
}
