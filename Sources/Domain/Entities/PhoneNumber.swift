import Foundation

/// A phone number in E.164 form: `+`, a country calling code the ITU assigned, and the subscriber's number, 8 to 15
/// digits in all, kept as digits only.
///
/// What a person types is judged as Google's libphonenumber judges it (``init(parsing:region:)``): a number valid for
/// its region, a national form (`0151 2345 6789`) read with the country given. What was kept already — in a database,
/// or sent by the app, which judged it when it was typed — is read back by its shape (``init(kept:)``), so nothing
/// kept under an earlier rule is refused.
public struct PhoneNumber: Sendable, Hashable, CustomStringConvertible, Comparable {
    /// `+` and the digits, e.g. `+36301234567`.
    public let e164: String

    /// The longest number E.164 allows, in digits (country code included).
    public static let maximumDigits = 15
    /// The shortest number a phone can be texted at, in digits (country code included).
    public static let minimumDigits = 8

    /// What kind of line a number is.
    public enum Line: Sendable, Hashable {
        case mobile
        case fixedLine
        /// A number plan that does not tell the two apart (North America).
        case fixedLineOrMobile
        case other
        /// The judge does not know the number's kind (no judge installed, or it does not call the number valid).
        case unknown
    }

    /// Judges typed text with the program's ``PhoneNumberJudge`` (libphonenumber, installed at its start).
    /// - Parameter region: the country a number without `+` or `00` is read in (ISO 3166-1, e.g. `DE`); without one,
    ///   such a number is refused as missing its country code.
    /// - Throws: ``PhoneNumberError`` naming what is wrong.
    public init(parsing raw: String, region: String? = nil) throws(PhoneNumberError) {
        let digits = try Self.digits(of: raw)
        var text = raw.trimmingCharacters(in: .whitespaces)
        let region = region.map { $0.uppercased() }.flatMap { $0.count == 2 ? $0 : nil }
        if !text.hasPrefix("+"), digits.starts(with: ["0", "0"]), region == nil {
            // An international prefix typed as 00 stands for + wherever the number is read.
            text = "+" + String(digits.dropFirst(2))
        }
        switch PhoneNumberJudging.current.judge(text, region: region, digits: digits.count) {
        case let .valid(e164): self.e164 = e164
        case let .refused(error): throw error
        }
    }

    /// Reads a number kept before (E.164, or as typed under the earlier rule) by its shape: `+` or `00`, a country
    /// calling code in service, 8 to 15 digits.
    /// - Throws: ``PhoneNumberError`` naming what is wrong.
    public init(kept raw: String) throws(PhoneNumberError) {
        var digits = try Self.digits(of: raw)
        if !raw.trimmingCharacters(in: .whitespaces).hasPrefix("+") {
            // An international prefix typed as 00 stands for +; a national number (starting with one 0) has none.
            guard digits.starts(with: ["0", "0"]) else { throw .missingCountryCode }
            digits.removeFirst(2)
        }
        guard let first = digits.first, first != "0" else { throw .missingCountryCode }
        guard digits.count <= Self.maximumDigits else { throw .tooLong(digits: digits.count) }
        guard digits.count >= Self.minimumDigits else { throw .tooShort(digits: digits.count) }
        let number = String(digits)
        guard let code = Self.countryCode(of: number) else {
            throw .unknownCountryCode(String(number.prefix(3)))
        }
        if code == "1", digits.count != 11 { throw .wrongLength(countryCode: code, digits: digits.count, expected: "11") }
        e164 = "+" + number
    }

    /// The digits of typed text, checking its characters: digits, a leading `+`, and the separators people type.
    private static func digits(of raw: String) throws(PhoneNumberError) -> [Character] {
        let text = raw.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw .empty }
        guard text.unicodeScalars.count <= 40 else { throw .tooLong(digits: text.unicodeScalars.count) }
        var digits: [Character] = []
        for (index, character) in text.enumerated() {
            switch character {
            case "0"..."9": digits.append(character)
            case "+" where index == 0: continue
            case " ", "-", ".", "(", ")", "/": continue
            default: throw .unexpectedCharacter(character.unicodeScalars.first.map { $0.value } ?? 0)
            }
        }
        return digits
    }

    /// What kind of line the number is, as the program's ``PhoneNumberJudge`` knows it.
    public var line: Line { PhoneNumberJudging.current.line(of: e164) }

    /// Whether a text message can reach the number: libphonenumber calls it mobile (or cannot tell, as in North
    /// America).
    public var takesTextMessages: Bool { line == .mobile || line == .fixedLineOrMobile }

    /// The country calling code: the shortest assigned prefix of the digits (codes are prefix-free).
    public var countryCode: String { Self.countryCode(of: String(e164.dropFirst())) ?? "" }

    public var description: String { e164 }

    /// The number with all but its last two digits hidden, as a log line or a detector's answer shows it.
    public var masked: String {
        let digits = e164.dropFirst()
        let code = countryCode
        let hidden = max(0, digits.count - code.count - 2)
        return "+" + code + String(repeating: "•", count: hidden) + digits.suffix(2)
    }

    public static func < (lhs: PhoneNumber, rhs: PhoneNumber) -> Bool { lhs.e164 < rhs.e164 }

    private static func countryCode(of digits: String) -> String? {
        for length in 1...3 where digits.count > length {
            let prefix = String(digits.prefix(length))
            if assigned.contains(prefix) { return prefix }
        }
        return nil
    }

    /// The ITU-T E.164 country calling codes in service (geographic, and the global services a phone may have).
    private static let assigned: Set<String> = {
        var codes: Set<String> = ["1", "7", "20", "27", "30", "31", "32", "33", "34", "36", "39", "40", "41", "43", "44", "45",
                                  "46", "47", "48", "49", "51", "52", "53", "54", "55", "56", "57", "58", "60", "61", "62",
                                  "63", "64", "65", "66", "81", "82", "84", "86", "90", "91", "92", "93", "94", "95", "98"]
        let ranges: [ClosedRange<Int>] = [
            211...212, 213...213, 216...216, 218...218, 220...258, 260...269, 290...291, 297...299,
            350...359, 370...389, 420...421, 423...423, 500...509, 590...599, 670...683, 685...692,
            850...850, 852...853, 855...856, 880...880, 886...886, 960...968, 970...977, 992...996, 998...998,
        ]
        for range in ranges { for code in range { codes.insert(String(code)) } }
        codes.subtract(["384", "388"])
        return codes
    }()
}

/// Why a typed phone number is not one.
public enum PhoneNumberError: Error, Sendable, Hashable {
    case empty
    /// A character other than digits, `+` first, and the separators people type (its code point).
    case unexpectedCharacter(UInt32)
    /// Neither `+` nor `00` before the country calling code (a national number such as `06 30 …`).
    case missingCountryCode
    /// The digits after `+` begin with no country calling code in service (the first three digits).
    case unknownCountryCode(String)
    /// Not a phone number at all (no digits where a number should be).
    case notANumber
    /// The right length but no number in use looks like it (in `region` when the number was read in one).
    case notInUse(region: String?)
    /// The phone-number library cannot be opened, so typed numbers cannot be judged.
    case checkerMissing
    case tooShort(digits: Int)
    case tooLong(digits: Int)
    /// The country's numbers have another length (North America: 11 digits with the 1).
    case wrongLength(countryCode: String, digits: Int, expected: String)
}

/// How typed phone numbers are judged: the port behind ``PhoneNumber/init(parsing:region:)``. A program installs its
/// adapter (Google's libphonenumber) at start with ``PhoneNumberJudging/use(_:)``.
public protocol PhoneNumberJudge: Sendable {
    /// The verdict on `text` (its characters checked already: digits, a leading `+`, separators; `00` made `+` when no
    /// region is given), read in `region` when it has no `+`; `digits` is how many digits it holds, for the words.
    func judge(_ text: String, region: String?, digits: Int) -> PhoneNumberVerdict
    func line(of e164: String) -> PhoneNumber.Line
}

/// What a ``PhoneNumberJudge`` says of typed text.
public enum PhoneNumberVerdict: Sendable, Equatable {
    case valid(e164: String)
    case refused(PhoneNumberError)
}

/// The judge this program uses. Until one is installed, typed numbers are judged by their shape (the rule of
/// ``PhoneNumber/init(kept:)``), as the tools that do not link the adapter (fuzzing, benchmarks) use them.
public enum PhoneNumberJudging {
    /// Installs the program's judge; done once, at start, before any number is typed.
    public static func use(_ judge: any PhoneNumberJudge) {
        box.lock.withLock { box.judge = judge }
    }

    static var current: any PhoneNumberJudge { box.lock.withLock { box.judge } }

    private static let box = Box()

    // Set once at a program's start and read after.
    private final class Box: @unchecked Sendable { // safe: `judge` is only read or written while `lock` is held
        let lock = NSLock()
        var judge: any PhoneNumberJudge = ShapeJudge()
    }
}

/// Judges a number by its shape alone: the default until a program installs its judge.
struct ShapeJudge: PhoneNumberJudge {
    func judge(_ text: String, region: String?, digits: Int) -> PhoneNumberVerdict {
        do {
            return .valid(e164: try PhoneNumber(kept: text).e164)
        } catch {
            return .refused(error)
        }
    }

    func line(of e164: String) -> PhoneNumber.Line { .unknown }
}
