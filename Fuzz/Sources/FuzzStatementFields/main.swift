import Domain
import Foundation
import FuzzKit
import Wording

// The accident statement's field parsers on any text — phone numbers, e-mail addresses, plates, countries, days,
// yes/no, points of impact, free text: the first byte picks the kind, the rest is what was typed. A kept value obeys
// its kind's form and is kept as itself when typed again; a refusal is an answer.

private let kinds: [StatementFieldKind] = [
    .phone, .email, .plate, .country, .day, .yesNo, .zone,
    .text(TextLimit(characters: 40)), .text(TextLimit(characters: 500, allowsLineBreaks: true)),
]

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard let start, count > 0 else { return 0 }
    let kind = kinds[Int(start[0]) % kinds.count]
    let text = Fuzz.text(start + 1, count - 1)
    do throws(StatementFieldError) {
        guard let kept = try kind.normalised(text) else { return 0 }
        Fuzz.check(!kept.isEmpty, "kept an empty value for “\(text)”")
        Fuzz.check((try? kind.normalised(kept)) == kept, "“\(kept)” (from “\(text)”) is not kept as itself")
        switch kind {
        case .phone:
            Fuzz.check(kept.hasPrefix("+") && kept.dropFirst().allSatisfy(\.isNumber), "phone “\(kept)”")
            Fuzz.check((PhoneNumber.minimumDigits...PhoneNumber.maximumDigits).contains(kept.count - 1), "phone length \(kept.count)")
        case .plate:
            let characters = kept.filter { $0 != " " && $0 != "-" }
            Fuzz.check((2...RegistrationPlate.maximumCharacters).contains(characters.count), "plate “\(kept)”")
            Fuzz.check(kept == kept.uppercased() && !kept.hasPrefix(" ") && !kept.hasSuffix("-"), "plate “\(kept)”")
        case .country:
            Fuzz.check(kept.count == 2 && kept.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }, "country “\(kept)”")
        case .day:
            let day = try? CalendarDay(parsing: kept)
            Fuzz.check(day?.description == kept, "day “\(kept)” from “\(text)”")
        case .yesNo:
            Fuzz.check(kept == "yes" || kept == "no", "yes/no “\(kept)”")
        case .zone:
            Fuzz.check(ImpactZone(rawValue: kept) != nil, "zone “\(kept)”")
        case .email:
            Fuzz.check(kept.utf8.count <= EmailAddress.maximumBytes && kept.filter { $0 == "@" }.count == 1, "e-mail “\(kept)”")
        case let .text(limit):
            Fuzz.check(limit.problem(with: kept) == nil, "text over its limit kept")
        }
    } catch {
        // A refusal names the rule the text breaks.
        Fuzz.check(!FactText(.english).clause(for: error).isEmpty, "a refusal without words")
    }
    return 0
}

Fuzz.run(testOneInput)
