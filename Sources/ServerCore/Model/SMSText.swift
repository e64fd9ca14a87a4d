import Domain
import Foundation
import Wording

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
    /// In the driver's language; the position in digits with points (a comma there would split the pair), `[TEST] `
    /// before a detector's test call.
    package static func crashNotice(
        crashID: CrashID, detection: CrashDetection, utcOffsetMinutes: Int?, webLink: String, appLink: String, words: Words = .english
    ) -> String {
        // The gateway's sender name says who it is from; every character here is one the driver needs.
        var values = [
            "time": time(detection.detectedAt, offsetMinutes: utcOffsetMinutes, words: words), "crashID": crashID.rawValue,
            "link": webLink, "appLink": appLink,
        ]
        let marker = detection.isTest ? "[TEST] " : ""
        let withApp: String, withoutApp: String
        if detection.positionTrusted {
            values["position"] = String(format: "%.4f,%.4f", detection.position.latitude, detection.position.longitude)
            withApp = words("Crash detected {time} at {position} ({crashID}). Your claim: {link} App: {appLink}", values)
            withoutApp = words("Crash detected {time} at {position} ({crashID}). Your claim: {link}", values)
        } else {
            withApp = words("Crash detected {time} ({crashID}). Your claim: {link} App: {appLink}", values)
            withoutApp = words("Crash detected {time} ({crashID}). Your claim: {link}", values)
        }
        return plan(for: marker + withApp).parts == 1 ? marker + withApp : marker + withoutApp
    }

    /// The message telling the driver of a step of their claim that needs them (`ClaimStatus.textsDriver`), in their
    /// language; `nil` for a step that does not. The app shows the whole step and its note.
    /// - Parameters:
    ///   - claimNumber: the insurer's claim number, once acknowledged.
    ///   - utcOffsetMinutes: the crash scene's offset from UTC, for an inspection's time.
    package static func claimStatus(
        _ status: ClaimStatus, crashID: CrashID, claimNumber: String?, utcOffsetMinutes: Int?, words: Words = .english
    ) -> String? {
        let claim = claimNumber.map { words("Claim {claimNumber} ({crashID})", ["claimNumber": $0, "crashID": crashID.rawValue]) }
            ?? words("Crash {crashID}", ["crashID": crashID.rawValue])
        let said: String? = switch status {
        case let .assigned(name, phone):
            words("{name} handles your claim; phone {phone}.", ["name": name, "phone": phone])
        case let .inspectionBooked(at, place):
            words("Your vehicle's inspection: {time}, {place}.", ["time": time(at, offsetMinutes: utcOffsetMinutes, words: words), "place": place])
        case let .vehicleAt(repairer, address):
            words("Your vehicle is at {repairer}, {address}.", ["repairer": repairer, "address": address])
        case let .payment(money):
            words("A payment of {amount} {currency} was made.", ["amount": money.amount, "currency": money.currency])
        case .closed:
            words("Your claim is closed.")
        case .reopened:
            words("Your claim was reopened.")
        case .received, .estimate, .responsibilityAssessed:
            nil
        }
        return said.map { claim + ": " + $0 }
    }

    /// The short answer to a driver's SMS reply, in their language: what was done, and what to do next; `nil` when
    /// nothing needs saying (a START that changed nothing is not confirmed: ``StoreSteps`` asks only when it did).
    /// - Parameter link: the crash's web link, for a report that stays after a false alarm.
    package static func replyConfirmation(
        _ keyword: ReplyKeyword?, crashID: CrashID, effects: ReplyEffects, link: String, words: Words = .english
    ) -> String? {
        let values = ["crashID": crashID.rawValue, "link": link]
        switch keyword {
        case .ok:
            return words("Thank you: we noted that you are OK ({crashID}). If you need help, reply HELP; if anyone is hurt, call 112.", values)
        case .help:
            return words("Your call for help ({crashID}) was passed to your insurer. If anyone is hurt or in danger, call 112 now.", values)
        case .falseAlarm:
            if effects.removedDraft {
                return words("Noted: crash {crashID} was a false alarm. The draft report made for it was removed.", values)
            }
            return words("Noted: crash {crashID} was a false alarm. Your report stays as you left it: {link}", values)
        case .stop:
            return effects.stopped == true ? words("You will get no more SMS from us at this number. Reply START to get them again.") : nil
        case .start:
            return effects.stopped == false ? words("You will get SMS from us at this number again. Reply STOP to stop them.") : nil
        case nil:
            return words("Your message about crash {crashID} was passed to your insurer. If anyone is hurt, call 112.", values)
        }
    }

    /// The message carrying the other driver's code to sign an accident statement, in their language. It starts with
    /// `codeSender` (the product's name, in every language), by which ``withoutCode(_:)`` knows to hide the code
    /// once the gateway took the message.
    package static func statementCode(_ code: String, crashID: CrashID, minutes: Int, words: Words = .english) -> String {
        codeSender + words.plural(
            "{code} is your code to sign the accident statement of crash {crashID}. It works for {count} minute. Do not share it.",
            "{code} is your code to sign the accident statement of crash {crashID}. It works for {count} minutes. Do not share it.",
            count: minutes, ["code": code, "crashID": crashID.rawValue]
        )
    }

    /// The message with the digits of a code it carries hidden (`••••••`), as it is kept once sent; a message without
    /// a code as it is. A code message starts with `codeSender`; its code is the first run of six digits that stands
    /// alone (a crash ID's digits stand between letters).
    package static func withoutCode(_ text: String) -> String {
        guard text.hasPrefix(codeSender) else { return text }
        let scalars = Array(text.unicodeScalars)
        func isDigit(_ index: Int) -> Bool { index >= 0 && index < scalars.count && ("0"..."9").contains(scalars[index]) }
        func isWordy(_ index: Int) -> Bool {
            index >= 0 && index < scalars.count && (scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index]))
        }
        var index = codeSender.unicodeScalars.count
        while index < scalars.count {
            guard isDigit(index), !isWordy(index - 1) else { index += 1; continue }
            var end = index
            while isDigit(end) { end += 1 }
            if end - index == 6, !isWordy(end) {
                var hidden = scalars
                hidden.replaceSubrange(index..<end, with: Array(repeating: "•", count: 6))
                var result = String.UnicodeScalarView()
                result.append(contentsOf: hidden)
                return String(result)
            }
            index = end
        }
        return text
    }

    /// How a code message starts, in every language.
    private static let codeSender = "Crash Assistant: "

    /// `22 Nov 14:32` in the offset's local time, or `22 Nov 13:32 UTC` when the offset is not known; in another
    /// language as its locale writes a day and month and a time (`22. Nov., 14:32`).
    package static func time(_ date: Date, offsetMinutes: Int?, words: Words = .english) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: (offsetMinutes ?? 0) * 60) ?? .gmt
        if words.code != "en" {
            let style = Date.FormatStyle(locale: words.locale, calendar: calendar, timeZone: calendar.timeZone)
                .day().month(.abbreviated).hour(.twoDigits(amPM: .omitted)).minute()
            let clock = date.formatted(style)
            return offsetMinutes == nil ? clock + " UTC" : clock
        }
        let parts = calendar.dateComponents([.day, .month, .hour, .minute], from: date)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = months[((parts.month ?? 1) - 1) % 12]
        func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        let clock = "\(parts.day ?? 1) \(month) \(twoDigits(parts.hour ?? 0)):\(twoDigits(parts.minute ?? 0))"
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
