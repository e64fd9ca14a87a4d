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

    @Test func aServerIssuedIDWithUnderscoresIsKeptAsItIs() throws {
        #expect(try DeepLink.crashID(from: "https://h/c/srv_2026-11-20").rawValue == "srv_2026-11-20")
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
        ("crashassistant://crash/CR-7KQ2M9XB!", "may hold only letters"),
        ("https://claims.example.com/c/CR-%37KQ2", "may hold only letters"),
        ("https://claims.example.com/c/CR-ÅÄÖ", "may hold only letters"),
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

    @Test func aTenKilobyteLinkIsRefusedShowingOnlyItsStart() {
        let link = "https://claims.example.com/c/" + String(repeating: "A", count: 10_000)
        let error = #expect(throws: InputError.self) { try DeepLink.crashID(from: link) }
        guard case let .invalidDeepLink(shown, reason)? = error else {
            Issue.record("expected an invalid deep link, got \(String(describing: error))")
            return
        }
        #expect(reason == "it is longer than 2048 characters")
        #expect(shown == String(link.prefix(80)) + "…")
    }

    @Test func aTooLongCrashIDInAShortLinkIsRefusedForItsLength() {
        let link = "crashassistant://crash/" + String(repeating: "A", count: 65)
        let error = #expect(throws: InputError.self) { try DeepLink.crashID(from: link) }
        guard case let .invalidDeepLink(_, reason)? = error else {
            Issue.record("expected an invalid deep link, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("longer than 64 characters"))
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
