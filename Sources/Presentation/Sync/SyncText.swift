import Domain

/// What sync did to a report, in the driver's words.
public enum SyncText {
    public static func sentence(for notice: SyncNotice) -> String {
        let report = "Report \(notice.crashID)"
        switch notice.event {
        case let .crashIDReplaced(old):
            return "Report \(old) now has the crash ID \(notice.crashID) from the server; use it with your insurer."
        case .recreatedAfterDeletion:
            return "\(report) was deleted on another device; your changes here were kept and it was sent again."
        case .deletedElsewhere:
            return "\(report) was deleted on another device, so it is gone here too."
        case .removedFromServer:
            return "\(report) is no longer on the server (it was erased there); it stays on this device and is not sent again."
        case let .refused(refusal):
            return "The server refused \(report): " + reason(refusal) + ". It stays on this device as it is."
        case let .acknowledged(claimNumber, message):
            let said = message.isEmpty ? "" : " They wrote: “\(message.prefix(500).replacingOccurrences(of: "\n", with: " "))”"
            return "Your insurer received \(notice.crashID) — claim \(claimNumber). Quote the claim number when you call them.\(said)"
        case .otherDriverEntered:
            return "The other driver filled in their part (vehicle B) of the accident statement of \(notice.crashID) from your link. Check it in the statement."
        case .otherDriverSigned:
            return "The other driver signed the accident statement of \(notice.crashID)."
        case let .otherDriverDeclined(reason):
            let said = reason.isEmpty ? "" : " They wrote: “\(reason.prefix(500).replacingOccurrences(of: "\n", with: " "))”"
            return "The other driver did not agree to the accident statement of \(notice.crashID); the report says so and can still be created.\(said)"
        case let .signatureVoided(side):
            return "The accident statement of \(notice.crashID) changed after vehicle \(side.letter)'s side was signed, so that signature no longer counts: "
                + (side == .a ? "check the statement and sign it again (g on its page)." : "the other driver must sign again.")
        case let .merged(summary):
            if summary.completedElsewhere { return completedElsewhere(report, summary) }
            return (["\(report) was also changed elsewhere (another device or the server); both versions were merged"] + parts(summary))
                .joined(separator: "; ") + "."
        case let .joined(summary):
            return (["The report started on this device for crash \(notice.crashID) was joined with the server's report for it, "
                + "so the crash has one report"] + parts(summary)).joined(separator: "; ") + "."
        }
    }

    /// Why nothing is sent with a token of another account, and what to do.
    public static func otherAccount(bound: ServerAccount, reached: ServerAccount) -> String {
        let whose = bound.server == reached.server
            ? "the token given is “\(reached.name)”'s"
            : "the token given is “\(reached.name)”'s on \(reached.server)"
        return "This data folder holds the reports of “\(bound.name)” on \(bound.server); \(whose). Nothing was sent, "
            + "received or removed. Use that account's token with this folder, or give “\(reached.name)” a data folder "
            + "of their own (--database FILE)."
    }

    /// What answers at the server's address cannot be used, and what to check.
    public static func unusable(_ reason: String) -> String {
        "The server's answer cannot be used: \(reason). Your reports are kept on this device."
    }

    private static func reason(_ refusal: SyncRefusal) -> String {
        switch refusal {
        case let .invalid(field?): "its \(field) breaks a rule the server keeps (an update of the app may be needed)"
        case .invalid(nil): "it breaks a rule the server keeps (an update of the app may be needed)"
        case .completedThere: "it is completed there, so it can no longer be changed or deleted"
        case .nothingToReport: "it holds nothing to report yet"
        case .tooLarge: "it is larger than the server takes"
        case let .other(detail): "“\(detail.prefix(300))”"
        }
    }

    private static func completedElsewhere(_ report: String, _ summary: MergeSummary) -> String {
        var parts = ["\(report) was completed on another device, so changes made here could not be added"]
        if !summary.leftOut.isEmpty {
            parts.append(count(summary.leftOut.count, "photo") + " added here " + (summary.leftOut.count == 1 ? "is" : "are") + " not in it (still on this device)")
        }
        if !summary.keptFields.isEmpty { parts.append("its " + fields(summary.keptFields) + " stayed as completed there") }
        return parts.joined(separator: "; ") + "."
    }

    /// What came from where, and which changes made on both sides were kept.
    private static func parts(_ summary: MergeSummary) -> [String] {
        var parts: [String] = []
        if summary.photosFromOtherWriter > 0 { parts.append(count(summary.photosFromOtherWriter, "photo") + " added from there") }
        if summary.photosFromThisDevice > 0 { parts.append(count(summary.photosFromThisDevice, "photo") + " from here kept") }
        if summary.photosRemovedElsewhere > 0 {
            parts.append(count(summary.photosRemovedElsewhere, "photo") + " removed there " + (summary.photosRemovedElsewhere == 1 ? "is" : "are") + " gone here too")
        }
        let conflicting = summary.conflicts.map(\.field)
        let takenFromThere = summary.fieldsFromOtherWriter.filter { !conflicting.contains($0) }
        if !takenFromThere.isEmpty { parts.append("the " + fields(takenFromThere) + " taken from the change there") }
        for side in [false, true] {
            let changed = summary.conflicts.filter { $0.keptThisDevice == side }.map(\.field)
            guard !changed.isEmpty else { continue }
            parts.append("the " + fields(changed) + " changed both here and there: the newer change, " + (side ? "here" : "there") + ", was kept")
        }
        if !summary.leftOut.isEmpty {
            parts.append(count(summary.leftOut.count, "photo") + " did not fit (a section holds \(ReportLimits.maximumPhotosPerSection)) and stayed out")
        }
        return parts
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }

    private static func fields(_ names: [ReportMerge.Field]) -> String {
        let words = names.map { name -> String in
            switch name {
            case .injuries: "injuries"
            case .otherDriverNote: "note"
            case .scene: "time and place"
            case .statement: "accident statement"
            }
        }
        return words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + (words.last ?? "")
    }
}
