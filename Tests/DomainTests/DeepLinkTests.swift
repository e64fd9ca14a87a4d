import Domain
import Foundation
import Testing

@Suite("Deep links: the crash a texted link opens")
struct DeepLinkTests {
    // MARK: - Accepted

    @Test("app and web links open their crash", arguments: [
        "crashassistant://crash/CR-7KQ2M9XB",
        "CrashAssistant://Crash/CR-7KQ2M9XB",
        "crashassistant://crash/CR-7KQ2M9XB/",
        "  crashassistant://crash/CR-7KQ2M9XB \n",
        "https://claims.example.com/c/CR-7KQ2M9XB",
        "HTTPS://claims.example.com/c/CR-7KQ2M9XB/",
        "http://localhost:8080/c/CR-7KQ2M9XB",
        "https://example.org/insurer/claims/c/CR-7KQ2M9XB",
    ])
    func acceptedLinkOpensItsCrash(link: String) throws {
        #expect(try DeepLink.crashID(from: link) == CrashID(validating: "CR-7KQ2M9XB"))
    }

    @Test("A crash ID is read in either case, as the forms IDs are issued in", arguments: [
        ("crashassistant://crash/ca-mx879zstdw", "CA-MX879ZSTDW"),
        ("https://claims.example.com/c/Ca-Mx879ZsTdW", "CA-MX879ZSTDW"),
        ("crashassistant://crash/cr-7kq2m9xb", "CR-7KQ2M9XB"),
    ])
    func crashIDsAreNormalised(link: String, crashID: String) throws {
        #expect(try DeepLink.crashID(from: link).rawValue == crashID)
    }

    @Test("Typed crash IDs are checked against the forms crash IDs are issued in, saying what is wrong", arguments: [
        ("ZZZ", "look like CA-"),
        ("CA-MX879ZSTD", "9 characters after the dash where 10 belong"),
        ("CR-7KQ2M9XB2", "9 characters after the dash where 8 belong"),
        ("CA-MX879ZST0W", "never use 0"),
        ("CR-7KQ2M9XO", "never use O"),
        ("srv_2026-11-20", "look like CA-"),
        ("", "it is empty"),
    ])
    func enteredCrashIDsAreChecked(text: String, reason: String) throws {
        let error = #expect(throws: InputError.self) { try CrashID(entered: text) }
        guard case let .invalidCrashID(_, actual)? = error else {
            Issue.record("expected an invalid crash ID, got \(String(describing: error))")
            return
        }
        #expect(actual.contains(reason), "\(actual)")
        #expect(try CrashID(entered: "  ca-mx879zstdw ").rawValue == "CA-MX879ZSTDW")
    }

    // MARK: - Refused

    @Test("other links are refused, saying why", arguments: [
        ("ftp://claims.example.com/c/CR-7KQ2M9XB", "not a scheme the app opens"),
        ("crashassistant:crash/CR-7KQ2M9XB", "no scheme"),
        ("CR-7KQ2M9XB", "no scheme"),
        ("crashassistant://report/CR-7KQ2M9XB", "does not open a crash"),
        ("crashassistant://crash/CR-7KQ2M9XB/photos", "does not open a crash"),
        ("https://claims.example.com/r/CR-7KQ2M9XB", "does not end in /c/<crash ID>"),
        ("https://claims.example.com/c/CR-7KQ2M9XB/extra", "does not end in /c/<crash ID>"),
        ("https://claims.example.com//c/CR-7KQ2M9XB", "does not end in /c/<crash ID>"),
        ("https:///c/CR-7KQ2M9XB", "names no host"),
        ("https://c/", "does not end in /c/<crash ID>"),  // found by FuzzDeepLink: read before the path's start
        ("https://c", "does not end in /c/<crash ID>"),
        ("crashassistant://crash/", "no crash ID"),
        ("https://claims.example.com/c/", "no crash ID"),
        ("crashassistant://crash/CR-7KQ2M9XB!", "“!” is not a character crash IDs use"),
        ("https://claims.example.com/c/CR-%37KQ2", "“%” is not a character crash IDs use"),
        ("https://claims.example.com/c/CR-ÅÄÖ", "“Å” is not a character crash IDs use"),
        ("crashassistant://crash/ZZZ", "crash IDs look like CA-MX879ZSTDW"),
        ("crashassistant://crash/CR-7KQ2M9XB?utm_source=sms", "query or fragment"),
        ("https://claims.example.com/c/CR-7KQ2M9XB#top", "query or fragment"),
        ("crashassistant://crash/CR 7KQ2M9XB", "spaces or control characters"),
        ("", "it is empty"),
    ])
    func otherLinkIsRefused(link: String, reason: String) {
        let error = #expect(throws: InputError.self) { try DeepLink.crashID(from: link) }
        guard case let .invalidDeepLink(_, actual)? = error else {
            Issue.record("expected an invalid deep link, got \(String(describing: error))")
            return
        }
        #expect(actual.contains(reason))
    }

    @Test func aTenKilobyteLinkIsRefusedCarryingTheLinkForTheMessageToShorten() {
        let link = "https://claims.example.com/c/" + String(repeating: "A", count: 10_000)
        let error = #expect(throws: InputError.self) { try DeepLink.crashID(from: link) }
        guard case let .invalidDeepLink(shown, reason)? = error else {
            Issue.record("expected an invalid deep link, got \(String(describing: error))")
            return
        }
        #expect(reason == "it is longer than 2048 characters")
        #expect(shown == link)
        #expect(EchoText.shortened(shown) == "https://claims.example.com/c/A…" + String(repeating: "A", count: 29))
    }

    @Test func aTooLongCrashIDInAShortLinkIsRefusedForItsLength() {
        let link = "crashassistant://crash/CA-" + String(repeating: "A", count: 65)
        let error = #expect(throws: InputError.self) { try DeepLink.crashID(from: link) }
        guard case let .invalidDeepLink(_, reason)? = error else {
            Issue.record("expected an invalid deep link, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("65 characters after the dash where 10 belong"))
    }

    @Test func theRefusalNamesTheLinkWithoutSurroundingSpaces() {
        let error = #expect(throws: InputError.self) { try DeepLink.crashID(from: "  mailto:someone\n") }
        guard case let .invalidDeepLink(shown, _)? = error else {
            Issue.record("expected an invalid deep link, got \(String(describing: error))")
            return
        }
        #expect(shown == "mailto:someone")
    }
}
