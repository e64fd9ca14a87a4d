import Domain
import Foundation
import PhoneNumbers
import ServerCore
import ServerGateways
import Testing
import TestSupport

@Suite("SMS text and phone numbers")
struct SMSTextTests {
    init() { LibPhoneNumberJudge.install() }

    static func detection(trusted: Bool = true, test: Bool = false) throws -> CrashDetection {
        try CrashDetection(
            detectedAt: Date(timeIntervalSince1970: 1_795_000_000), position: try Coordinate(latitude: 47.497_912, longitude: 19.040_235),
            accuracyMeters: 8, positionTrusted: trusted, headingDegrees: nil, speedKmh: nil, deltaVKmh: nil,
            airbagsDeployed: true, rollover: false, isTest: test
        )
    }

    @Test("GSM 7-bit text counts septets (the extension's characters twice); anything else is UCS-2 in UTF-16 units", arguments: [
        ("Crash at 10:42", SMSText.Coding.gsm7, 14, 1),
        (String(repeating: "a", count: 160), .gsm7, 160, 1),
        (String(repeating: "a", count: 161), .gsm7, 161, 2),
        (String(repeating: "a", count: 306), .gsm7, 306, 2),
        (String(repeating: "a", count: 307), .gsm7, 307, 3),
        ("€[]{}", .gsm7, 10, 1),
        ("Ünlü Ñandù àè", .gsm7, 13, 1),
        ("Ñandú", .ucs2, 5, 1),
        ("Baleset Ő", .ucs2, 9, 1),
        (String(repeating: "ő", count: 70), .ucs2, 70, 1),
        (String(repeating: "ő", count: 71), .ucs2, 71, 2),
        ("🚗", .ucs2, 2, 1),
    ])
    func plans(_ text: String, coding: SMSText.Coding, units: Int, parts: Int) {
        let plan = SMSText.plan(for: text)
        #expect(plan.coding == coding)
        #expect(plan.units == units)
        #expect(plan.parts == parts)
    }

    @Test("The code to sign a statement fits one GSM part; once sent it is kept with its digits hidden, and a crash notice as it is")
    func statementCode() throws {
        let text = SMSText.statementCode("042917", crashID: .stub("CA-ABCDEFGHJK"), minutes: 10)
        #expect(text == "Crash Assistant: 042917 is your code to sign the accident statement of crash CA-ABCDEFGHJK. It works for 10 minutes. Do not share it.")
        #expect(SMSText.plan(for: text).coding == .gsm7 && SMSText.plan(for: text).parts == 1)
        let kept = SMSText.withoutCode(text)
        #expect(kept == "Crash Assistant: •••••• is your code to sign the accident statement of crash CA-ABCDEFGHJK. It works for 10 minutes. Do not share it.")
        // Kept so however a language places the code, and a crash ID's digits stay (they stand between letters).
        #expect(SMSText.withoutCode("Crash Assistant: a CA-123456AB baleset kódja: 042917.") == "Crash Assistant: a CA-123456AB baleset kódja: ••••••.")
        // A message written before the code came first.
        #expect(SMSText.withoutCode("Crash Assistant: code 042917 signs it.") == "Crash Assistant: code •••••• signs it.")
        let notice = SMSText.crashNotice(
            crashID: .stub("CA-ABCDEFGHJK"), detection: try Self.detection(), utcOffsetMinutes: 60,
            webLink: "https://claims.example.com/c/CA-ABCDEFGHJK", appLink: "crashassistant://crash/CA-ABCDEFGHJK"
        )
        #expect(SMSText.withoutCode(notice) == notice)
    }

    @Test("The crash notice says when (local time), where (trusted position), the crash ID and the web link, in one GSM part")
    func crashNotice() throws {
        let text = SMSText.crashNotice(
            crashID: .stub("CA-ABCDEFGHJK"), detection: try Self.detection(), utcOffsetMinutes: 60,
            webLink: "https://claims.example.com/c/CA-ABCDEFGHJK", appLink: "crashassistant://crash/CA-ABCDEFGHJK"
        )
        #expect(text == "Crash detected 18 Nov 12:06 at 47.4979,19.0402 (CA-ABCDEFGHJK). Your claim: https://claims.example.com/c/CA-ABCDEFGHJK App: crashassistant://crash/CA-ABCDEFGHJK")
        #expect(SMSText.plan(for: text) == SMSText.Plan(coding: .gsm7, units: 160))

        // A longer address leaves the app link out rather than split the message; an untrusted position is not said.
        let long = SMSText.crashNotice(
            crashID: .stub("CA-ABCDEFGHJK"), detection: try Self.detection(trusted: false, test: true), utcOffsetMinutes: nil,
            webLink: "https://claims.insurer-with-a-long-name.example.com/c/CA-ABCDEFGHJK", appLink: "crashassistant://crash/CA-ABCDEFGHJK"
        )
        #expect(long == "[TEST] Crash detected 18 Nov 11:06 UTC (CA-ABCDEFGHJK). Your claim: https://claims.insurer-with-a-long-name.example.com/c/CA-ABCDEFGHJK")
        #expect(SMSText.plan(for: long).parts == 1)
    }

    @Test("Phone numbers are kept in E.164, from the ways people type them", arguments: [
        ("+36301234567", "+36301234567", "36"),
        ("+36 30 123 4567", "+36301234567", "36"),
        ("0036-30-123-4567", "+36301234567", "36"),
        ("+1 (415) 555-0132", "+14155550132", "1"),
        ("+44 7400 123456", "+447400123456", "44"),
        ("+380 44 123 4567", "+380441234567", "380"),
    ])
    func phoneNumbers(_ typed: String, e164: String, countryCode: String) throws {
        let phone = try PhoneNumber(parsing: typed)
        #expect(phone.e164 == e164)
        #expect(phone.countryCode == countryCode)
    }

    @Test("A number that is not one is refused saying why", arguments: [
        ("", PhoneNumberError.empty),
        ("06 30 123 4567", .missingCountryCode),
        ("+0301234567", .unknownCountryCode("030")),
        ("+36 30 ABC", .unexpectedCharacter(0x41)),
        ("+36\u{0}301234567", .unexpectedCharacter(0)),
        ("3630+1234567", .unexpectedCharacter(0x2B)),
        ("+999 1234 5678", .unknownCountryCode("999")),
        ("+3630123", .tooShort(digits: 7)),
        ("+36 3012 3456 7890 12", .tooLong(digits: 16)),
        ("+1 415 555 013", .tooShort(digits: 10)),
        // libphonenumber's verdicts: a number of a plan not in use, an Ofcom drama number, Ascension's 8 digits.
        ("+49 151 234", .notInUse(region: nil)),
        ("+44 7700 900123", .notInUse(region: nil)),
        ("+24790123", .notInUse(region: nil)),
    ])
    func refused(_ typed: String, error: PhoneNumberError) {
        #expect(throws: error) { try PhoneNumber(parsing: typed) }
    }

    @Test("A masked number shows the country code and the last two digits")
    func masked() throws {
        #expect(try PhoneNumber(parsing: "+36301234567").masked == "+36•••••••67")
        #expect(try PhoneNumber(parsing: "+14155550132").masked == "+1••••••••32")
    }

    @Test("Kannel's delivery report types are states; an SMS only moves forward")
    func deliveryReportTypes() {
        #expect(SMSState(deliveryReportType: 1) == .delivered)
        #expect(SMSState(deliveryReportType: 2) == .failed)
        #expect(SMSState(deliveryReportType: 16) == .failed)
        #expect(SMSState(deliveryReportType: 8) == .accepted)
        #expect(SMSState(deliveryReportType: 4) == .accepted)
        #expect(SMSState(deliveryReportType: 3) == nil)
        #expect(SMSState.delivered.rank > SMSState.accepted.rank && SMSState.accepted.rank > SMSState.queued.rank)
    }

    @Test("What goes to sendsms is percent-encoded byte by byte: only letters, digits and -._~ are left as they are")
    func sendsmsEncoding() {
        #expect(KannelSMSSender.encoded("+36 30/123&x=1%") == "%2B36%2030%2F123%26x%3D1%25")
        #expect(KannelSMSSender.encoded("Ütközés – 事故 🚗") == "%C3%9Ctk%C3%B6z%C3%A9s%20%E2%80%93%20%E4%BA%8B%E6%95%85%20%F0%9F%9A%97")
        #expect(KannelSMSSender.encoded("AZaz09-._~") == "AZaz09-._~")
        #expect(KannelSMSSender.encoded("") == "")
        // Each as Foundation's encoding with the same allowed set gives it.
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        for text in ["a b\nc\u{0}d", "https://x.example/c/CR-1?t=%A&type=%d", "\u{1F1ED}\u{1F1FA} é\u{301}"] {
            #expect(KannelSMSSender.encoded(text) == text.addingPercentEncoding(withAllowedCharacters: allowed), "\(text)")
        }
    }

    @Test("A kannel:// address gives the sendsms user, the sender and the report address; a wrong one says what is wrong")
    func kannelAddress() throws {
        let configuration = try KannelSMSSender.Configuration(url: "kannel://sender:p%40ss@127.0.0.1:13013?from=CrashAsst&report-url=http://10.0.0.5:8080/")
        #expect(configuration.host == "127.0.0.1" && configuration.port == 13013)
        #expect(configuration.username == "sender" && configuration.password == "p@ss")
        #expect(configuration.from == "CrashAsst" && configuration.reportURL == "http://10.0.0.5:8080")
        #expect(try KannelSMSSender.Configuration(url: "kannel://u:p@gw?from=%2B3612345678").reportURL == nil)
        #expect(throws: SMSURLError.notKannel("http://u:p@gw")) { try KannelSMSSender.Configuration(url: "http://u:p@gw") }
        #expect(throws: SMSURLError.missing("the sender (?from=NAME or ?from=+NUMBER)")) { try KannelSMSSender.Configuration(url: "kannel://u:p@gw") }
        #expect(throws: SMSURLError.unknownParameter("dlr")) { try KannelSMSSender.Configuration(url: "kannel://u:p@gw?from=A&dlr=1") }
        #expect(throws: SMSURLError.invalidSender("<script>")) { try KannelSMSSender.Configuration(url: "kannel://u:p@gw?from=%3Cscript%3E") }
        #expect(throws: SMSURLError.invalidReportURL("ftp://x")) { try KannelSMSSender.Configuration(url: "kannel://u:p@gw?from=A&report-url=ftp://x") }
    }
}
