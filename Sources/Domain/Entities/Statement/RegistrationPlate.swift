import Foundation

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

    /// Reads a plate as a person types it: as ``init(parsing:)``, but a date typed in the plate's place (`01.01.2026`,
    /// which would read as the digits `01-01-2026`) is refused, not kept. Plates kept before are read with
    /// ``init(parsing:)``, so nothing stored stops loading.
    public init(typing raw: String) throws(RegistrationPlateError) {
        let typed = raw.trimmingCharacters(in: .whitespaces)
        if typed.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "/") }),
           typed.split(whereSeparator: { !$0.isNumber }).contains(where: { $0.count == 4 }), (try? CalendarDay(parsing: typed)) != nil {
            throw .looksLikeADate(typed)
        }
        try self.init(parsing: raw)
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
    /// A date (`01.01.2026`), as typed: a plate is never one.
    case looksLikeADate(String)
}

/// The country a vehicle is registered in, kept as its ISO 3166-1 two-letter code (`HU`, `DE`, `FR`). Drivers may
/// write it as the code or as the international distinguishing sign on the plate's oval or band (`H`, `D`, `F`, `CH`,
/// `NL`, `IRL`); a two-letter text that is an assigned code is read as that code.
public struct RegistrationCountry: Sendable, Hashable, CustomStringConvertible {
    public let code: String

    /// - Throws: ``CountryCodeError`` for anything but an assigned two-letter code or a known distinguishing sign (any
    ///   case, spaces and dots around ignored).
    public init(parsing raw: String) throws(CountryCodeError) {
        let typed = raw.trimmingCharacters(in: .whitespaces)
        let text = raw.trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: "."))).uppercased()
        guard !text.isEmpty else { throw .empty }
        guard (1...3).contains(text.count), text.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else {
            throw .notACode(typed)
        }
        if text.count == 2, Self.assigned.contains(text) {
            code = text
        } else if let country = Self.signs[text] {
            code = country
        } else if text.count == 2 {
            throw .unassigned(text)
        } else {
            throw .notACode(typed)
        }
    }

    public var description: String { code }

    /// The distinguishing sign drivers see on this country's plates, when it is not the code itself (`D` for `DE`).
    public var sign: String? {
        Self.primarySigns[code].flatMap { $0 == code ? nil : $0 }
    }

    /// The code with its sign, as a reader who knows either finds it: `DE (D)`, or `NL`.
    public var displayText: String { sign.map { "\(code) (\($0))" } ?? code }

    /// International distinguishing signs of vehicles (the Vienna Convention's, as registered with the UN), for the
    /// countries whose drivers are likely on Europe's roads, by sign; the first sign of a country is the one shown.
    static let signList: [(sign: String, code: String)] = [
        ("A", "AT"), ("AL", "AL"), ("AND", "AD"), ("ARM", "AM"), ("AZ", "AZ"), ("B", "BE"), ("BG", "BG"), ("BIH", "BA"),
        ("BY", "BY"), ("CH", "CH"), ("CY", "CY"), ("CZ", "CZ"), ("D", "DE"), ("DK", "DK"), ("E", "ES"), ("EST", "EE"),
        ("F", "FR"), ("FIN", "FI"), ("FL", "LI"), ("GB", "GB"), ("UK", "GB"), ("GBZ", "GI"), ("GBJ", "JE"), ("GBG", "GG"),
        ("GBM", "IM"), ("GE", "GE"), ("GR", "GR"), ("H", "HU"), ("HR", "HR"), ("I", "IT"), ("IRL", "IE"), ("IS", "IS"),
        ("KZ", "KZ"), ("L", "LU"), ("LT", "LT"), ("LV", "LV"), ("M", "MT"), ("MC", "MC"), ("MD", "MD"), ("MNE", "ME"),
        ("NMK", "MK"), ("N", "NO"), ("NL", "NL"), ("P", "PT"), ("PL", "PL"), ("RO", "RO"), ("RSM", "SM"), ("RUS", "RU"),
        ("S", "SE"), ("SK", "SK"), ("SLO", "SI"), ("SRB", "RS"), ("TR", "TR"), ("UA", "UA"), ("V", "VA"), ("USA", "US"),
        ("CDN", "CA"), ("AUS", "AU"), ("NZ", "NZ"), ("J", "JP"), ("MA", "MA"), ("TN", "TN"), ("DZ", "DZ"), ("IL", "IL"),
        ("RL", "LB"), ("SYR", "SY"), ("ROK", "KR"), ("ZA", "ZA"),
    ]

    static let signs: [String: String] = Dictionary(signList.map { ($0.sign, $0.code) }, uniquingKeysWith: { first, _ in first })
    static let primarySigns: [String: String] = Dictionary(signList.map { ($0.code, $0.sign) }, uniquingKeysWith: { first, _ in first })

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
    /// The text as typed (spaces around it dropped).
    case notACode(String)
    case unassigned(String)
}
