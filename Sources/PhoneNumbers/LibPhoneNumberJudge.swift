import CPhoneNumberLazy
import Domain

/// Domain's ``PhoneNumberJudge`` as Google's libphonenumber judges numbers, through the C interface that opens
/// libCrashAssistantPhoneNumbers.so from beside the program at first use.
public struct LibPhoneNumberJudge: PhoneNumberJudge {
    public init() {}

    /// Makes libphonenumber this program's judge of typed phone numbers (a program's `main` calls it first).
    public static func install() {
        PhoneNumberJudging.use(LibPhoneNumberJudge())
    }

    public func judge(_ text: String, region: String?, digits: Int) -> PhoneNumberVerdict {
        var e164 = [CChar](repeating: 0, count: Int(CA_PHONE_E164_CAPACITY))
        var found = [CChar](repeating: 0, count: 3)
        var type: Int32 = 0
        let status = text.withCString { typed in
            (region ?? "").withCString { ca_phone_parse(typed, $0, &e164, e164.count, &found, &type) }
        }
        switch UInt32(bitPattern: status) {
        case CA_PHONE_OK.rawValue:
            return .valid(e164: String(decoding: e164.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        case CA_PHONE_INVALID_COUNTRY_CODE.rawValue:
            guard text.hasPrefix("+") else { return .refused(.missingCountryCode) }
            return .refused(.unknownCountryCode(String(String(text.dropFirst().filter(\.isNumber)).prefix(3))))
        case CA_PHONE_TOO_SHORT_AFTER_IDD.rawValue, CA_PHONE_TOO_SHORT_NSN.rawValue, CA_PHONE_INVALID_LENGTH_TOO_SHORT.rawValue:
            return .refused(.tooShort(digits: digits))
        case CA_PHONE_TOO_LONG.rawValue, CA_PHONE_INVALID_LENGTH_TOO_LONG.rawValue:
            return .refused(.tooLong(digits: digits))
        case CA_PHONE_INVALID_LENGTH.rawValue, CA_PHONE_INVALID_FOR_REGION.rawValue:
            // A number with its country code was not read in the region: the region is named only when it was.
            return .refused(.notInUse(region: text.hasPrefix("+") ? nil : region))
        case CA_PHONE_UNAVAILABLE.rawValue:
            return .refused(.checkerMissing)
        default:
            return .refused(.notANumber)
        }
    }

    public func line(of e164: String) -> PhoneNumber.Line {
        var out = [CChar](repeating: 0, count: Int(CA_PHONE_E164_CAPACITY))
        var region = [CChar](repeating: 0, count: 3)
        var type: Int32 = 0
        let status = e164.withCString { ca_phone_parse($0, "", &out, out.count, &region, &type) }
        guard UInt32(bitPattern: status) == CA_PHONE_OK.rawValue else { return .unknown }
        switch UInt32(bitPattern: type) {
        case CA_PHONE_TYPE_MOBILE.rawValue: return .mobile
        case CA_PHONE_TYPE_FIXED_LINE.rawValue: return .fixedLine
        case CA_PHONE_TYPE_FIXED_LINE_OR_MOBILE.rawValue: return .fixedLineOrMobile
        default: return .other
        }
    }
}
