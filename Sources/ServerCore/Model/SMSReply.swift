import Domain
import Foundation

/// A text message a driver sent back to the server's number, as the SMS gateway handed it over (Kannel's
/// `sms-service`), kept with the crash it answers: the newest crash whose SMS went to that number.
package struct SMSReply: Sendable, Hashable {
    package let id: SMSReplyID
    /// The gateway's own id for the message, when it gives one: the same message handed over twice is kept once.
    package let gatewayID: String?
    package let sender: PhoneNumber
    /// The words as sent, on at most ``maximumCharacters`` characters, without control or format characters but for
    /// line breaks.
    package let text: String
    /// What the words ask for; `nil` for anything else (kept as a message to the insurer).
    package let keyword: ReplyKeyword?
    /// When the server took it.
    package let receivedAt: Date
    /// When the SMS centre got it from the phone, as the gateway says (Kannel's `%T`); it may be earlier than
    /// ``receivedAt`` when the gateway held it while the server could not be reached.
    package let sentAt: Date?
    /// The crash it answers (a reply from a number no crash SMS went to is not kept).
    package let crash: CrashTie
    /// Whether this reply removed the crash's untouched draft (a FALSE ALARM).
    package let removedDraft: Bool

    package init(
        id: SMSReplyID = SMSReplyID(), gatewayID: String?, sender: PhoneNumber, text: String, keyword: ReplyKeyword?, receivedAt: Date,
        sentAt: Date? = nil, crash: CrashTie, removedDraft: Bool = false
    ) {
        self.sentAt = sentAt
        self.removedDraft = removedDraft
        self.id = id
        self.gatewayID = gatewayID
        self.sender = sender
        self.text = text
        self.keyword = keyword
        self.receivedAt = receivedAt
        self.crash = crash
    }

    /// The reply with its crash as it is now, and whether it removed the crash's draft.
    package func with(crash: CrashTie, removedDraft: Bool) -> SMSReply {
        SMSReply(
            id: id, gatewayID: gatewayID, sender: sender, text: text, keyword: keyword, receivedAt: receivedAt, sentAt: sentAt, crash: crash,
            removedDraft: removedDraft
        )
    }

    /// The longest reply kept, in characters: a long message's parts joined (Kannel joins up to 255 of them; a phone
    /// sends a few).
    package static let maximumCharacters = 1_000

    /// `text` as a reply keeps it: control and format characters (a right-to-left override, a zero-width joiner) are
    /// dropped, line breaks kept as `\n`, and at most ``maximumCharacters`` characters, without spaces around.
    package static func keptText(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" {
                if kept.last != "\n" { kept.append("\n") }
                continue
            }
            if scalar == "\t" {
                kept.append(" ")
                continue
            }
            if [.control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned]
                .contains(scalar.properties.generalCategory) { continue }
            kept.append(scalar)
        }
        return String(String(kept).trimmingCharacters(in: .whitespacesAndNewlines).prefix(maximumCharacters))
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// An SMS reply's id.
package typealias SMSReplyID = ServerID<SMSReply>

/// The crash an SMS reply answers: the newest crash event whose SMS went to the sender's number.
package struct CrashTie: Sendable, Hashable {
    package let crashID: CrashID
    /// The draft report the event made, and its driver.
    package let report: ReportID
    package let owner: AccountID
    /// When the crash event came in.
    package let receivedAt: Date
    /// When the driver answered FALSE ALARM for it (an earlier reply), if they did.
    package let falseAlarmAt: Date?

    package init(crashID: CrashID, report: ReportID, owner: AccountID, receivedAt: Date, falseAlarmAt: Date? = nil) {
        self.crashID = crashID
        self.report = report
        self.owner = owner
        self.receivedAt = receivedAt
        self.falseAlarmAt = falseAlarmAt
    }
}

/// What a reply asks for, read from its words in any of the seven languages (``read(_:)``).
package enum ReplyKeyword: String, Sendable, Hashable, CaseIterable {
    /// The driver is all right.
    case ok
    /// The driver asks for help: the crash is urgent on the handlers' desk.
    case help
    /// There was no crash: the event is marked, and its draft removed when the driver never touched it.
    case falseAlarm = "false-alarm"
    /// No more SMS to this number.
    case stop
    /// SMS to this number again, after a STOP.
    case start

    /// The words that mean each keyword, folded as ``fold(_:)`` folds a reply: English, German, Spanish, French,
    /// Hungarian, Italian and Polish.
    static let phrases: [ReplyKeyword: [String]] = [
        .help: [
            "help", "sos", "emergency", "hilfe", "notfall", "ayuda", "socorro", "aide", "au secours", "secours", "urgence",
            "segitseg", "segitsen", "segits", "aiuto", "soccorso", "pomocy", "pomoc", "ratunku",
        ],
        .falseAlarm: [
            "false alarm", "no crash", "fehlalarm", "falscher alarm", "kein unfall", "falsa alarma", "sin accidente",
            "fausse alerte", "fausse alarme", "pas d accident", "teves riasztas", "hamis riasztas", "nem volt baleset",
            "falso allarme", "nessun incidente", "falszywy alarm", "nie bylo wypadku",
        ],
        .ok: [
            "ok", "okay", "i m ok", "i am ok", "im ok", "fine", "i m fine", "i am fine", "alles ok", "alles gut", "mir geht es gut",
            "mir gehts gut", "estoy bien", "bien", "todo bien", "ca va", "je vais bien", "tout va bien", "jol vagyok", "rendben",
            "minden rendben", "sto bene", "tutto ok", "tutto bene", "wszystko ok", "wszystko w porzadku", "nic mi nie jest",
            "jestem caly", "jestem cala",
        ],
        .stop: ["stop", "stopp", "unsubscribe", "stop sms", "parar", "baja", "arret", "arreter", "leiratkozas", "basta", "koniec"],
        .start: ["start", "unstop", "alta", "reprendre", "inditas", "ricomincia"],
    ]

    /// What a reply's words ask for; `nil` for anything else.
    ///
    /// HELP wins wherever it stands ("ok but help" asks for help: a false alarm on the desk costs less than a driver
    /// left alone); a false alarm or OK is read from the reply's first words ("Fehlalarm, alles gut"); STOP and START
    /// only when they are the whole reply, so a sentence that happens to start with "stop" stops nothing.
    package static func read(_ text: String) -> ReplyKeyword? {
        let words = fold(text)
        guard !words.isEmpty else { return nil }
        let padded = " " + words + " "
        if phrases[.help, default: []].contains(where: { padded.contains(" \($0) ") }) { return .help }
        for keyword in [ReplyKeyword.falseAlarm, .ok] where phrases[keyword, default: []].contains(where: { padded.hasPrefix(" \($0) ") }) {
            return keyword
        }
        for keyword in [ReplyKeyword.stop, .start] where phrases[keyword, default: []].contains(words) { return keyword }
        return nil
    }

    /// A reply's words as keywords are matched: lower case, without accents (`ł` as `l`, `ß` as `ss`), each run of
    /// anything but letters and digits one space.
    package static func fold(_ text: String) -> String {
        let lowered = text.prefix(SMSReply.maximumCharacters).lowercased()
            .replacingOccurrences(of: "ł", with: "l").replacingOccurrences(of: "ß", with: "ss")
        var folded = ""
        var pendingSpace = false
        for scalar in lowered.decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingSpace, !folded.isEmpty { folded.append(" ") }
                pendingSpace = false
                folded.unicodeScalars.append(scalar)
            } else {
                pendingSpace = true
            }
        }
        return folded
    }

    /// The keyword as the webhook, the metrics and `reply list` name it; `message` for a reply that is none.
    package static func name(_ keyword: ReplyKeyword?) -> String {
        keyword?.rawValue ?? "message"
    }
}

/// What the server did with a reply, beside keeping it.
package struct ReplyEffects: Sendable, Hashable {
    /// The crash's event is marked a false alarm now.
    package var markedFalseAlarm = false
    /// The crash's untouched draft report was removed.
    package var removedDraft = false
    /// SMS to the number stopped (`true`) or started again (`false`) now; `nil` when this reply changed neither.
    package var stopped: Bool?
    /// The confirmation queued to the driver.
    package var confirmation: SMSMessage?

    package init() {}
}

/// What became of a reply handed to the store (``StoreSteps/recordReply(_:tellsClaimsSystem:at:in:confirmation:)``).
package enum ReplyRecord: Sendable, Hashable {
    /// Kept (with the crash event as it was read in the transaction) and acted on.
    case kept(SMSReply, ReplyEffects)
    /// The gateway handed this message over before: nothing done again.
    case repeated
    /// The crash has ``ServerLimits/repliesPerCrash`` replies already: nothing kept or done.
    case dropped
    /// No crash SMS went to the number, or the crash it answered is gone (erased): nothing kept or done.
    case unmatched
}

extension CrashReport {
    /// Whether this is a draft the server made from a crash event that its driver never changed: still at the
    /// revision it was stored at, not completed. A FALSE ALARM removes it; any other draft is the driver's and stays.
    package var isUntouchedDraft: Bool {
        detection != nil && revision <= 1 && !isCompleted
    }
}
