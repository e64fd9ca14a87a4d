import Domain
import Foundation

/// The words of a crash's SMS, and how many parts a phone receives them in.
///
/// A message that keeps to the GSM 03.38 alphabet travels in 7-bit parts: one part holds 160 characters, each part
/// of a longer message 153 (the rest carries the header that joins them); characters of the alphabet's extension
/// (`€ [ ] { } \ ^ ~ |`) count twice. Any other character turns the whole message into UCS-2: 70 characters in
/// one part, 67 in each of several.
package enum SMSText {
    package enum Coding: String, Sendable, Hashable {
        case gsm7
        case ucs2
    }

    /// How a text travels: its coding, its length in the coding's units, and the number of parts.
    package struct Plan: Sendable, Hashable {
        package let coding: Coding
        package let units: Int

        package init(coding: Coding, units: Int) {
            self.coding = coding
            self.units = units
        }

        package var parts: Int {
            let (single, each) = coding == .gsm7 ? (160, 153) : (70, 67)
            return units <= single ? 1 : (units + each - 1) / each
        }
    }

    package static func plan(for text: String) -> Plan {
        var septets = 0
        for scalar in text.unicodeScalars {
            if basic.contains(scalar) {
                septets += 1
            } else if extended.contains(scalar) {
                septets += 2
            } else {
                // UTF-16 code units: a character outside the basic plane takes two.
                return Plan(coding: .ucs2, units: text.utf16.count)
            }
        }
        return Plan(coding: .gsm7, units: septets)
    }

    /// The message about a detected crash: when (in the crash's local time, when known) and where (when the
    /// position can be trusted), the crash ID and the web link; the app link too when all of it still fits one part.
    package static func crashNotice(
        crashID: CrashID, detection: CrashDetection, utcOffsetMinutes: Int?, webLink: String, appLink: String
    ) -> String {
        var head = detection.isTest ? "[TEST] " : ""
        // The gateway's sender name says who it is from; every character here is one the driver needs.
        head += "Crash detected \(time(detection.detectedAt, offsetMinutes: utcOffsetMinutes))"
        if detection.positionTrusted {
            head += " at " + String(format: "%.4f,%.4f", detection.position.latitude, detection.position.longitude)
        }
        head += " (\(crashID)). Your claim: \(webLink)"
        let withApp = head + " App: \(appLink)"
        return plan(for: withApp).parts == 1 ? withApp : head
    }

    /// The message carrying the other driver's code to sign an accident statement. The code stands after the
    /// ``codeMarker``, so that ``withoutCode(_:)`` can hide it once the gateway took the message.
    package static func statementCode(_ code: String, crashID: CrashID, minutes: Int) -> String {
        "Crash Assistant: \(codeMarker)\(code) signs the accident statement of crash \(crashID). Valid \(minutes) minutes. Do not share it."
    }

    /// The message with the digits of a code it carries hidden (`code ••••••`), as it is kept once sent; a message
    /// without a code as it is.
    package static func withoutCode(_ text: String) -> String {
        guard let range = text.range(of: codeMarker) else { return text }
        let digits = text[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return text }
        return text.replacingCharacters(in: range.upperBound..<digits.endIndex, with: String(repeating: "•", count: digits.count))
    }

    private static let codeMarker = "code "

    /// `22 Nov 14:32` in the offset's local time, or `22 Nov 13:32 UTC` when the offset is not known.
    package static func time(_ date: Date, offsetMinutes: Int?) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: (offsetMinutes ?? 0) * 60) ?? .gmt
        let parts = calendar.dateComponents([.day, .month, .hour, .minute], from: date)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = months[((parts.month ?? 1) - 1) % 12]
        let clock = String(format: "%d %@ %02d:%02d", parts.day ?? 1, month, parts.hour ?? 0, parts.minute ?? 0)
        return offsetMinutes == nil ? clock + " UTC" : clock
    }

    /// The GSM 03.38 basic character set (the escape to the extension left out).
    private static let basic: Set<Unicode.Scalar> = Set(
        "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
            .unicodeScalars
    )
    /// The characters of the extension table, two septets each.
    private static let extended: Set<Unicode.Scalar> = Set("\u{0C}^{}\\[~]|€".unicodeScalars)
}
