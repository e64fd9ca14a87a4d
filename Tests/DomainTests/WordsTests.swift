import Domain
import Foundation
import Testing
import Wording

/// The message catalogs: gettext files read as translators' tools write them, plural forms by each language's rule,
/// placeholders a translation may move, the language a browser or a POSIX environment asks for.
@Suite("Words in every language")
struct WordsTests {
    @Test("Plural rules are read from the catalog's header and pick each language's form")
    func pluralRules() throws {
        let polish = try PluralRule(header: "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);")
        #expect(polish.count == 3)
        #expect([1, 2, 4, 5, 12, 14, 21, 22, 25, 112, 122, 0].map(polish.index) == [0, 1, 1, 2, 2, 2, 2, 1, 2, 2, 1, 2])
        let french = try PluralRule(header: "nplurals=2; plural=(n > 1);")
        #expect([0, 1, 2].map(french.index) == [0, 0, 1])
        #expect([0, 1, 2].map(PluralRule.english.index) == [1, 0, 1])
        let czech = try PluralRule(header: "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;")
        #expect([1, 3, 5].map(czech.index) == [0, 1, 2])
        #expect(throws: PluralRuleError.badExpression) { try PluralRule(header: "nplurals=2; plural=(n != );") }
        #expect(throws: PluralRuleError.noCount) { try PluralRule(header: "plural=(n != 1);") }
        #expect(throws: PluralRuleError.badExpression) { try PluralRule(header: "nplurals=2; plural=n ! 1;") }
    }

    /// The main menu's name in Polish is not the word for help (`h` shows the keys): the way back names the menu.
    @Test func thePolishMainMenuIsNotCalledHelp() {
        let words = Languages.shipped.words("pl")
        #expect(words("Assistance") == "Menu główne")
        #expect(words("Back to Assistance") == "Wróć do menu głównego")
        #expect(!words("Back to Assistance").contains("Pomoc"))
    }

    static let sample = #"""
    # A translator's comment
    msgid ""
    msgstr ""
    "Language: pl\n"
    "X-Language-Name: Polski\n"
    "Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"

    #: Sources/A.swift:1
    msgid "Send my part"
    msgstr "Wyślij moją część"

    msgctxt "point of impact"
    msgid "front"
    msgstr "przód"

    #, python-brace-format
    msgid "{section}: {count} photo"
    msgid_plural "{section}: {count} photos"
    msgstr[0] "{section}: {count} zdjęcie"
    msgstr[1] "{section}: {count} zdjęcia"
    msgstr[2] "{section}: {count} zdjęć"

    #, fuzzy
    msgid "Crash report"
    msgstr "Raport (zgadnięty)"

    msgid "A \"quoted\" word"
    msgstr ""
    "Słowo \"w cudzysłowie\"\n"
    "i druga linia"
    """#

    @Test("A catalog gives its messages, by context, in the language's plural forms; a guess marked fuzzy is never shown")
    func catalogLookups() throws {
        let words = Words(catalog: try Catalog(poText: Self.sample))
        #expect(words.code == "pl" && words.name == "Polski")
        #expect(words("Send my part") == "Wyślij moją część")
        #expect(words("front", context: "point of impact") == "przód")
        #expect(words("front") == "front")
        #expect(words("Crash report") == "Crash report")
        #expect(words("A \"quoted\" word") == "Słowo \"w cudzysłowie\"\ni druga linia")
        let counts = [1, 3, 5, 22].map { words.plural("{section}: {count} photo", "{section}: {count} photos", count: $0, ["section": "Szkoda"]) }
        #expect(counts == ["Szkoda: 1 zdjęcie", "Szkoda: 3 zdjęcia", "Szkoda: 5 zdjęć", "Szkoda: 22 zdjęcia"])
        // Not in the catalog: the English, with its placeholders filled.
        #expect(words("Vehicle {side}", ["side": "B"]) == "Vehicle B")
        #expect(Words.english.plural("{count} day", "{count} days", count: 1) == "1 day")
        #expect(Words.english.plural("{count} day", "{count} days", count: 12_500) == "12,500 days")
        #expect(words.number(12_500) == "12\u{A0}500")
    }

    @Test("A broken catalog names the line and what is wrong")
    func brokenCatalogs() {
        #expect(throws: CatalogError.syntax(line: 2, "a double quote inside a string must be written \\\"")) {
            try Catalog(poText: "msgid \"a\"\nmsgstr \"b\"c\"\n")
        }
        #expect(throws: CatalogError.syntax(line: 1, "“msgfoo” is not a catalog keyword")) { try Catalog(poText: "msgfoo \"a\"\n") }
        #expect(throws: CatalogError.header("no Language: header")) { try Catalog(poText: "msgid \"a\"\nmsgstr \"b\"\n") }
        #expect(throws: CatalogError.self) { try Catalog(poText: "msgid \"\"\nmsgstr \"Language: de\\n\"\n\nmsgid \"a\"\nmsgstr \"b\"\n\nmsgid \"a\"\nmsgstr \"c\"\n") }
    }

    @Test("Every shipped catalog reads, names its language in itself and has a rule for its plurals")
    func shippedCatalogs() throws {
        let languages = Languages.shipped
        #expect(languages.folderPath != nil)
        #expect(Set(languages.codes).isSuperset(of: ["en", "de", "fr", "es", "it", "pl", "hu"]))
        for code in languages.codes where code != "en" {
            let words = languages.words(code)
            #expect(languages.catalogError(for: code) == nil, "\(code): \(String(describing: languages.catalogError(for: code)))")
            #expect(words.code == code)
            #expect(words.name != code && !words.name.isEmpty)
            #expect(words("Send my part") != "Send my part", "\(code) does not translate")
        }
        #expect(languages.words("pl").plural("{count} day", "{count} days", count: 5) != languages.words("pl").plural("{count} day", "{count} days", count: 2))
    }

    @Test("A browser's Accept-Language is read by its weights; a POSIX environment by LC_ALL, LC_MESSAGES, LANG")
    func choosingTheLanguage() {
        let languages = Languages.shipped
        #expect(languages.best(acceptLanguage: "de-DE,de;q=0.9,en;q=0.5").code == "de")
        #expect(languages.best(acceptLanguage: "pt-BR, hu;q=0.3, en;q=0.2").code == "hu")
        #expect(languages.best(acceptLanguage: "en;q=0.4, fr-CA;q=0.8").code == "fr")
        #expect(languages.best(acceptLanguage: "pl;q=0, it").code == "it")
        #expect(languages.best(acceptLanguage: "*").code == "en")
        #expect(languages.best(acceptLanguage: nil).code == "en")
        #expect(languages.best(acceptLanguage: String(repeating: "x,", count: 10_000)).code == "en")
        #expect(languages.best(environment: ["LANG": "hu_HU.UTF-8"]).code == "hu")
        #expect(languages.best(environment: ["LANG": "hu_HU.UTF-8", "LC_MESSAGES": "pl_PL.UTF-8"]).code == "pl")
        #expect(languages.best(environment: ["LANG": "hu_HU.UTF-8", "LC_ALL": "C"]).code == "en")
        #expect(languages.best(environment: ["LANG": "es_ES@euro", "LC_ALL": ""]).code == "es")
        #expect(languages.best(environment: ["LANG": "sv_SE.UTF-8"]).code == "en")
        #expect(languages.best(environment: ["LANG": "de_AT.UTF-8", "LANGUAGE": "it:de"]).code == "it")
    }

    @Test("Dates and numbers are written as each language writes them, with the offset from UTC after the time")
    func datesAndNumbers() throws {
        let moment = Date(timeIntervalSince1970: 1_795_000_000)
        let zone = try #require(TimeZone(secondsFromGMT: 3_600))
        let english = DateText(timeZone: zone)
        #expect(english.dateTime(moment) == "18 Nov 2026, 12:06 (UTC+01:00)")
        let german = Languages.shipped.words("de").dates(english)
        #expect(german.dateTime(moment) == "18. Nov. 2026, 12:06 (UTC+01:00)")
        #expect(german.day(try CalendarDay(parsing: "2026-12-31")) == "31. Dez. 2026")
        // An hour before ten with two digits in every language, as on the forms: 02:27, never 2:27.
        let early = moment.addingTimeInterval(-10 * 3_600 + 21 * 60)
        #expect(german.dateTime(early) == "18. Nov. 2026, 02:27 (UTC+01:00)")
        for code in ["pl", "fr", "es", "it", "hu"] {
            let dates = Languages.shipped.words(code).dates(english)
            #expect(dates.time(early) == "02:27", "\(code)")
            #expect(dates.dateTime(early).contains("02:27 (UTC+01:00)"), "\(code): \(dates.dateTime(early))")
        }
        #expect(german.dateTime(moment) == "18. Nov. 2026, 12:06 (UTC+01:00)")
        #expect(Languages.shipped.words("hu").dates(english).day(moment).hasPrefix("2026."))
        #expect(english.day(try CalendarDay(parsing: "2025-05-01")) == "1 May 2025")
        #expect(Languages.shipped.words("fr").decimal(22.5) == "22,5")
        #expect(StatementWords(Languages.shipped.words("fr")).coordinate(try Coordinate(latitude: 47.4979, longitude: 19.0402)) == "47,49790 ; 19,04020")
        #expect(StatementWords.english.coordinate(try Coordinate(latitude: 47.4979, longitude: 19.0402)) == "47.49790, 19.04020")
    }

    @Test("Placeholders are filled where the translation puts them; one without a value stays as written")
    func placeholders() {
        #expect(Words.fill("{b} before {a}", ["a": "A", "b": "B"]) == "B before A")
        #expect(Words.fill("{a} and {unknown}", ["a": "A"]) == "A and {unknown}")
        #expect(Words.fill("{a", ["a": "A"]) == "{a")
        #expect(Words.placeholders(in: "{count} photos of {crashID}, {{versionShort}}") == ["count", "crashID"])
    }
}
