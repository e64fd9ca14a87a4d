/// A vehicle's registration plate as it reads: letters and digits, uppercased, with single spaces or dashes between
/// groups (`B-MW 1234`, `ABC 123`, `MÜ-AB 12`). Dots and runs of separators are kept as one; spaces around are dropped.
public struct RegistrationPlate: Sendable, Hashable, CustomStringConvertible {
    public let text: String

    /// The most letters and digits a plate has (separators aside).
    public static let maximumCharacters = 12

    /// - Throws: ``RegistrationPlateError`` naming what is wrong.
    public init(parsing raw: String) throws(RegistrationPlateError) {
        var result = ""
        var count = 0
        var pendingSeparator: Character?
        guard raw.utf8.count <= 64 else { throw .tooLong(characters: raw.count) }
        for character in raw.uppercased() {
            switch character {
            case " ", "\u{00A0}", "-", ".", "·", "\u{2010}", "\u{2011}", "\u{2013}":
                if !result.isEmpty { pendingSeparator = pendingSeparator ?? (character == " " || character == "\u{00A0}" ? " " : "-") }
            default:
                guard character.isLetter || character.isNumber, character.unicodeScalars.count == 1,
                      let scalar = character.unicodeScalars.first, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) else {
                    throw .unexpectedCharacter(character.unicodeScalars.first?.value ?? 0)
                }
                if let separator = pendingSeparator { result.append(separator) }
                pendingSeparator = nil
                result.append(character)
                count += 1
            }
        }
        guard count > 0 else { throw .empty }
        guard count <= Self.maximumCharacters else { throw .tooLong(characters: count) }
        guard count >= 2 else { throw .tooShort }
        text = result
    }

    /// The letters and digits alone: two plates are the same plate when these are.
    public var key: String { String(text.filter { $0 != " " && $0 != "-" }) }

    public var description: String { text }
}

/// Why typed text is not a registration plate.
public enum RegistrationPlateError: Error, Sendable, Hashable {
    case empty
    case tooShort
    case tooLong(characters: Int)
    /// A character other than letters, digits, spaces, dashes and dots (its code point).
    case unexpectedCharacter(UInt32)
}

/// The country a vehicle is registered in, as its ISO 3166-1 two-letter code (`HU`, `DE`, `FR`).
public struct RegistrationCountry: Sendable, Hashable, CustomStringConvertible {
    public let code: String

    /// - Throws: ``CountryCodeError`` for anything but an assigned two-letter code (any case, spaces around ignored).
    public init(parsing raw: String) throws(CountryCodeError) {
        let text = raw.trimmingCharacters(in: .whitespaces).uppercased()
        guard !text.isEmpty else { throw .empty }
        guard text.count == 2, text.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else { throw .notACode(String(text.prefix(8))) }
        guard Self.assigned.contains(text) else { throw .unassigned(text) }
        code = text
    }

    public var description: String { code }

    /// ISO 3166-1 alpha-2 codes officially assigned.
    static let assigned: Set<String> = Set("""
        AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ \
        CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR \
        GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO \
        JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR \
        MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO \
        RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV \
        TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW
        """.split(separator: " ").map(String.init))
}

/// Why typed text is not a country code.
public enum CountryCodeError: Error, Sendable, Hashable {
    case empty
    case notACode(String)
    case unassigned(String)
}
