/// A phone number in E.164 form: `+`, a country calling code the ITU assigned, and the subscriber's number, 8 to 15
/// digits in all. Typed numbers may carry spaces, dots, dashes, brackets and a leading `00` for `+`; they are kept
/// as digits only.
public struct PhoneNumber: Sendable, Hashable, CustomStringConvertible, Comparable {
    /// `+` and the digits, e.g. `+36301234567`.
    public let e164: String

    /// The longest number E.164 allows, in digits (country code included).
    public static let maximumDigits = 15
    /// The shortest number a phone can be texted at, in digits (country code included).
    public static let minimumDigits = 8

    /// - Throws: ``PhoneNumberError`` naming what is wrong.
    public init(parsing raw: String) throws(PhoneNumberError) {
        let text = raw.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { throw .empty }
        guard text.unicodeScalars.count <= 40 else { throw .tooLong(digits: text.unicodeScalars.count) }
        var digits: [Character] = []
        var sawPlus = false
        for (index, character) in text.enumerated() {
            switch character {
            case "0"..."9": digits.append(character)
            case "+" where index == 0: sawPlus = true
            case " ", "-", ".", "(", ")", "/": continue
            default: throw .unexpectedCharacter(character.unicodeScalars.first.map { $0.value } ?? 0)
            }
        }
        if !sawPlus {
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
    case tooShort(digits: Int)
    case tooLong(digits: Int)
    /// The country's numbers have another length (North America: 11 digits with the 1).
    case wrongLength(countryCode: String, digits: Int, expected: String)
}
