import Domain
import Wording

/// What sync did to a report, in the driver's words.
public enum SyncText {
    public static func sentence(for notice: SyncNotice, words: Words) -> String {
        let crashID = notice.crashID.description
        switch notice.event {
        case let .crashIDReplaced(old):
            return words(
                "Report {old} now has the crash ID {crashID} from the server; use it with your insurer.",
                ["old": old.description, "crashID": crashID]
            )
        case .recreatedAfterDeletion:
            return words(
                "Report {crashID} was deleted on another device; your changes here were kept and it was sent again.",
                ["crashID": crashID]
            )
        case .deletedElsewhere:
            return words("Report {crashID} was deleted on another device, so it is gone here too.", ["crashID": crashID])
        case .removedAsFalseAlarm:
            return words("The draft of crash {crashID} was removed: you answered its SMS that it was a false alarm.", ["crashID": crashID])
        case .removedFromServer:
            return words(
                "Report {crashID} is no longer on the server (it was erased there); it stays on this device and is not sent again.",
                ["crashID": crashID]
            )
        case let .refused(refusal):
            return refused(refusal, crashID: crashID, words: words)
        case let .acknowledged(claimNumber, message):
            let values = ["crashID": crashID, "claim": claimNumber]
            guard !message.isEmpty else {
                return words("Your insurer received {crashID} — claim {claim}. Quote the claim number when you call them.", values)
            }
            return words(
                "Your insurer received {crashID} — claim {claim}. Quote the claim number when you call them. They wrote: “{message}”",
                values.merging(["message": oneLine(message)]) { $1 }
            )
        case let .claimStatus(step):
            let said = ClaimStatusWords(words).says(step.status, dates: DateText())
            guard !step.note.isEmpty else { return words("Your claim for {crashID}: {step}.", ["crashID": crashID, "step": said]) }
            return words("Your claim for {crashID}: {step}. Your insurer wrote: “{note}”", [
                "crashID": crashID, "step": said, "note": oneLine(step.note),
            ])
        case let .otherDriverEntered(party?):
            return words(
                "The driver of party {number} filled in their part (vehicle B) of your accident statement with them, of {crashID}, from your link. Check it in that statement.",
                ["crashID": crashID, "number": words.number(party)]
            )
        case let .otherDriverSigned(party?):
            return words("The driver of party {number} signed your accident statement with them, of {crashID}.", ["crashID": crashID, "number": words.number(party)])
        case let .otherDriverDeclined(reason, party?):
            let values = ["crashID": crashID, "number": words.number(party)]
            guard !reason.isEmpty else {
                return words(
                    "The driver of party {number} did not agree to your accident statement with them, of {crashID}; the report says so and can still be created.",
                    values
                )
            }
            return words(
                "The driver of party {number} did not agree to your accident statement with them, of {crashID}; the report says so and can still be created. They wrote: “{reason}”",
                values.merging(["reason": oneLine(reason)]) { $1 }
            )
        case let .signatureVoided(side, party?):
            let values = ["crashID": crashID, "side": side.letter, "number": words.number(party)]
            return side == .a
                ? words(
                    "The accident statement with party {number} of {crashID} changed after vehicle {side}'s side was signed, so that signature no longer counts: check the statement and sign it again (g on its page).",
                    values
                )
                : words(
                    "The accident statement with party {number} of {crashID} changed after vehicle {side}'s side was signed, so that signature no longer counts: its other driver must sign again.",
                    values
                )
        case .otherDriverEntered:
            return words(
                "The other driver filled in their part (vehicle B) of the accident statement of {crashID} from your link. Check it in the statement.",
                ["crashID": crashID]
            )
        case .otherDriverSigned:
            return words("The other driver signed the accident statement of {crashID}.", ["crashID": crashID])
        case let .otherDriverDeclined(reason, _):
            guard !reason.isEmpty else {
                return words(
                    "The other driver did not agree to the accident statement of {crashID}; the report says so and can still be created.",
                    ["crashID": crashID]
                )
            }
            return words(
                "The other driver did not agree to the accident statement of {crashID}; the report says so and can still be created. They wrote: “{reason}”",
                ["crashID": crashID, "reason": oneLine(reason)]
            )
        case let .signatureVoided(side, _):
            let values = ["crashID": crashID, "side": side.letter]
            return side == .a
                ? words(
                    "The accident statement of {crashID} changed after vehicle {side}'s side was signed, so that signature no longer counts: check the statement and sign it again (g on its page).",
                    values
                )
                : words(
                    "The accident statement of {crashID} changed after vehicle {side}'s side was signed, so that signature no longer counts: the other driver must sign again.",
                    values
                )
        case let .merged(summary):
            if summary.completedElsewhere { return completedElsewhere(crashID, summary, words) }
            let details = parts(summary, words)
            guard !details.isEmpty else {
                return words(
                    "Report {crashID} was also changed elsewhere (another device or the server); both versions were merged.",
                    ["crashID": crashID]
                )
            }
            return words(
                "Report {crashID} was also changed elsewhere (another device or the server); both versions were merged; {details}.",
                ["crashID": crashID, "details": clauses(details, words)]
            )
        case let .joined(summary):
            let details = parts(summary, words)
            guard !details.isEmpty else {
                return words(
                    "The report started on this device for crash {crashID} was joined with the server's report for it, so the crash has one report.",
                    ["crashID": crashID]
                )
            }
            return words(
                "The report started on this device for crash {crashID} was joined with the server's report for it, so the crash has one report; {details}.",
                ["crashID": crashID, "details": clauses(details, words)]
            )
        }
    }

    /// Why nothing is sent with a token of another account, and what to do.
    public static func otherAccount(bound: ServerAccount, reached: ServerAccount, words: Words) -> String {
        let values = ["account": bound.name, "server": bound.server, "other": reached.name, "otherServer": reached.server]
        return bound.server == reached.server
            ? words(
                "This data folder holds the reports of “{account}” on {server}; the token given is “{other}”'s. Nothing was sent, received or removed. Use that account's token with this folder, or give “{other}” a data folder of their own (--database FILE).",
                values
            )
            : words(
                "This data folder holds the reports of “{account}” on {server}; the token given is “{other}”'s on {otherServer}. Nothing was sent, received or removed. Use that account's token with this folder, or give “{other}” a data folder of their own (--database FILE).",
                values
            )
    }

    /// Why nothing is sent with a claims handler's or a crash detector's token, and which token the app needs.
    public static func notADriversToken(_ account: ServerAccount, kind: OtherAccountKind, words: Words) -> String {
        let values = ["name": account.name, "server": account.server]
        return switch kind {
        case .handler:
            words("The token given is the claims handler “{name}”'s on {server}, not a driver's: the app needs a driver's token (crash-assistant-server user add NAME makes one). Nothing was sent, received or removed.", values)
        case .detector:
            words("The token given is the crash detection service “{name}”'s on {server}, not a driver's: the app needs a driver's token (crash-assistant-server user add NAME makes one). Nothing was sent, received or removed.", values)
        }
    }

    /// What answers at the server's address cannot be used, and what to check.
    public static func unusable(_ reason: String, words: Words) -> String {
        words("The server's answer cannot be used: {reason}. Your reports are kept on this device.", ["reason": reason])
    }

    private static func refused(_ refusal: SyncRefusal, crashID: String, words: Words) -> String {
        switch refusal {
        case let .invalid(field?):
            words(
                "The server refused Report {crashID}: its {field} breaks a rule the server keeps (an update of the app may be needed). It stays on this device as it is.",
                ["crashID": crashID, "field": field]
            )
        case .invalid(nil):
            words(
                "The server refused Report {crashID}: it breaks a rule the server keeps (an update of the app may be needed). It stays on this device as it is.",
                ["crashID": crashID]
            )
        case .completedThere:
            words(
                "The server refused Report {crashID}: it is completed there, so it can no longer be changed or deleted. It stays on this device as it is.",
                ["crashID": crashID]
            )
        case .nothingToReport:
            words("The server refused Report {crashID}: it holds nothing to report yet. It stays on this device as it is.", ["crashID": crashID])
        case .tooLarge:
            words("The server refused Report {crashID}: it is larger than the server takes. It stays on this device as it is.", ["crashID": crashID])
        case let .other(detail):
            words(
                "The server refused Report {crashID}: “{detail}”. It stays on this device as it is.",
                ["crashID": crashID, "detail": String(detail.prefix(300))]
            )
        }
    }

    private static func completedElsewhere(_ crashID: String, _ summary: MergeSummary, _ words: Words) -> String {
        var parts: [String] = []
        if !summary.leftOut.isEmpty {
            parts.append(words.plural(
                "{count} photo added here is not in it (still on this device)",
                "{count} photos added here are not in it (still on this device)",
                count: summary.leftOut.count
            ))
        }
        if !summary.keptFields.isEmpty {
            parts.append(words("its {fields} stayed as completed there", ["fields": fields(summary.keptFields, words)]))
        }
        guard !parts.isEmpty else {
            return words(
                "Report {crashID} was completed on another device, so changes made here could not be added.",
                ["crashID": crashID]
            )
        }
        return words(
            "Report {crashID} was completed on another device, so changes made here could not be added; {details}.",
            ["crashID": crashID, "details": clauses(parts, words)]
        )
    }

    /// What came from where, and which changes made on both sides were kept: one clause each.
    private static func parts(_ summary: MergeSummary, _ words: Words) -> [String] {
        var parts: [String] = []
        if summary.photosFromOtherWriter > 0 {
            parts.append(words.plural("{count} photo added from there", "{count} photos added from there", count: summary.photosFromOtherWriter))
        }
        if summary.photosFromThisDevice > 0 {
            parts.append(words.plural("{count} photo from here kept", "{count} photos from here kept", count: summary.photosFromThisDevice))
        }
        if summary.photosRemovedElsewhere > 0 {
            parts.append(words.plural(
                "{count} photo removed there is gone here too", "{count} photos removed there are gone here too",
                count: summary.photosRemovedElsewhere
            ))
        }
        let conflicting = summary.conflicts.map(\.field)
        let takenFromThere = summary.fieldsFromOtherWriter.filter { !conflicting.contains($0) }
        if !takenFromThere.isEmpty {
            parts.append(words("the {fields} taken from the change there", ["fields": fields(takenFromThere, words)]))
        }
        for side in [false, true] {
            let changed = summary.conflicts.filter { $0.keptThisDevice == side }.map(\.field)
            guard !changed.isEmpty else { continue }
            let values = ["fields": fields(changed, words)]
            parts.append(side
                ? words("the {fields} changed both here and there: the newer change, here, was kept", values)
                : words("the {fields} changed both here and there: the newer change, there, was kept", values))
        }
        if summary.partiesKeptOverRemoval > 0 {
            parts.append(words.plural(
                "{count} party removed on one side and changed on the other was kept", "{count} parties removed on one side and changed on the other were kept",
                count: summary.partiesKeptOverRemoval
            ))
        }
        if !summary.leftOut.isEmpty {
            parts.append(words.plural(
                "{count} photo did not fit (a section holds {limit}) and stayed out",
                "{count} photos did not fit (a section holds {limit}) and stayed out",
                count: summary.leftOut.count, ["limit": words.number(ReportLimits.maximumPhotosPerSection)]
            ))
        }
        return parts
    }

    /// Clauses one after another: `1 photo added from there; the note taken from the change there`.
    private static func clauses(_ parts: [String], _ words: Words) -> String {
        parts.joined(separator: words("; ", context: "between the clauses of a list"))
    }

    /// The fields as a list: `note`, `note and time and place`, `injuries, note and time and place`.
    private static func fields(_ names: [ReportMerge.Field], _ words: Words) -> String {
        let list = names.map { name -> String in
            switch name {
            case .injuries: words("injuries", context: "a part of a report sync merged")
            case .otherDriverNote: words("note", context: "a part of a report sync merged")
            case .scene: words("time and place", context: "a part of a report sync merged")
            case .statement: words("accident statement", context: "a part of a report sync merged")
            case .parties: words("other parties", context: "a part of a report sync merged")
            }
        }
        guard list.count > 1, let last = list.last else { return list.joined() }
        return words("{items} and {last}", context: "the last item of a list", [
            "items": list.dropLast().joined(separator: words(", ", context: "between the items of a list")), "last": last,
        ])
    }

    /// Words someone wrote, at most 500 characters, on one line.
    private static func oneLine(_ text: String) -> String {
        text.prefix(500).replacingOccurrences(of: "\n", with: " ")
    }
}
