import Domain
import Foundation
import PhoneNumbers
import Testing

/// Typed phone numbers are judged as Google's libphonenumber judges them: a table of its own example numbers for 33
/// regions (mobile and fixed line; E.164, national form, one digit short, one long) and a few numbers people type.
@Suite("Phone numbers as libphonenumber judges them")
struct PhoneNumberTests {
    init() { LibPhoneNumberJudge.install() }

    static let lines: [String: PhoneNumber.Line] = ["mobile": .mobile, "fixedLine": .fixedLine, "fixedLineOrMobile": .fixedLineOrMobile]

    @Test("Every example is accepted or refused as libphonenumber says, kept in E.164, with its kind of line")
    func examples() throws {
        #expect(phoneNumberExamples.count > 250)
        #expect(Set(phoneNumberExamples.compactMap(\.region)).count >= 20)
        for example in phoneNumberExamples {
            let judged = Result { () throws(PhoneNumberError) in try PhoneNumber(parsing: example.input, region: example.region) }
            // "00" read as "+" where no region is given: the one place this rule goes further than libphonenumber.
            if example.input.hasPrefix("00"), example.region == nil {
                #expect((try? judged.get())?.e164 == "+" + example.input.dropFirst(2).filter(\.isNumber), "\(example.input)")
                continue
            }
            switch (judged, example.status) {
            case let (.success(number), "ok"):
                #expect(number.e164 == example.e164, "\(example.input) in \(example.region ?? "no region")")
                if let type = example.type, let line = Self.lines[type] {
                    #expect(number.line == line, "\(example.input): \(number.line), not \(type)")
                }
            case (.failure, "ok"):
                Issue.record("\(example.input) in \(example.region ?? "no region") was refused; libphonenumber takes it")
            case let (.success(number), status):
                Issue.record("\(example.input) was taken as \(number.e164); libphonenumber says \(status)")
            case (.failure, _):
                break
            }
        }
    }

    @Test("A national number is read in the country given; without one it must carry its country code", arguments: [
        ("0151 2345 6789", "DE", "+4915123456789"),
        ("06 30 123 4567", "HU", "+36301234567"),
        ("06-30-123-4567", "hu", "+36301234567"),
        ("+36 30 123 4567", "DE", "+36301234567"),
        ("0036 30 123 4567", nil, "+36301234567"),
        ("0049 151 2345 6789", "HU", "+4915123456789"),
    ] as [(String, String?, String)])
    func nationalForms(_ typed: String, region: String?, e164: String) throws {
        #expect(try PhoneNumber(parsing: typed, region: region).e164 == e164)
    }

    @Test("Refusals say why, in the product's words")
    func refusals() {
        #expect(throws: PhoneNumberError.missingCountryCode) { try PhoneNumber(parsing: "0151 2345 6789") }
        #expect(throws: PhoneNumberError.notInUse(region: "DE")) { _ = try PhoneNumber(parsing: "0151 23", region: "DE") }
        #expect(throws: PhoneNumberError.notInUse(region: nil)) { try PhoneNumber(parsing: "+24790123") }
        #expect(throws: PhoneNumberError.unknownCountryCode("999")) { try PhoneNumber(parsing: "+999 123456") }
        #expect(throws: PhoneNumberError.unexpectedCharacter(0x61)) { try PhoneNumber(parsing: "abc") }
    }

    @Test("A number kept under the earlier rule is read back by its shape; a text message goes to mobile numbers only")
    func keptNumbersAndTexts() throws {
        // Ascension numbers are five digits: libphonenumber refuses this one typed, but one kept before is still read.
        #expect(try PhoneNumber(kept: "+24790123").e164 == "+24790123")
        #expect(try PhoneNumber(parsing: "+36 30 123 4567").takesTextMessages)
        #expect(try PhoneNumber(parsing: "+1 202 555 0123").takesTextMessages)
        #expect(try !PhoneNumber(parsing: "+36 1 234 5678").takesTextMessages)
        #expect(try PhoneNumber(parsing: "+36 1 234 5678").line == .fixedLine)
    }

    @Test("A statement column reads a national number in its country of registration, and keeps what was kept")
    func columns() throws {
        var column = StatementVehicle()
        try column.set(.plateCountry, to: "D")
        try column.set(.policyholderPhone, to: "0151 2345 6789")
        #expect(column[.policyholderPhone] == "+4915123456789")
        var elsewhere = StatementVehicle()
        #expect(throws: StatementFieldError.phone(.missingCountryCode)) { try elsewhere.set(.policyholderPhone, to: "0151 2345 6789") }
        #expect(throws: StatementFieldError.phone(.notInUse(region: nil))) { try elsewhere.set(.policyholderPhone, to: "+24790123") }
        // Read back from storage or the wire: a number kept under the earlier rule stays.
        let kept = try StatementVehicle(
            values: [.policyholderPhone: "+24790123"], circumstances: [], remarks: "", enteredByOtherDriverAt: nil, field: "vehicleB"
        )
        #expect(kept[.policyholderPhone] == "+24790123")
    }
}
