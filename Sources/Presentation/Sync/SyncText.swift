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
        case let .refused(detail):
            return "The server refused \(report): \(detail) It stays on this device."
        case let .merged(outcome):
            return merged(report, outcome)
        }
    }

    private static func merged(_ report: String, _ outcome: ReportMerge.Outcome) -> String {
        var parts: [String] = []
        if outcome.completedElsewhere {
            parts.append("\(report) was completed on another device, so changes made here could not be added")
            if !outcome.leftOut.isEmpty { parts.append(count(outcome.leftOut.count, "photo") + " added here " + (outcome.leftOut.count == 1 ? "is" : "are") + " not in it (still on this device)") }
            if !outcome.keptFields.isEmpty { parts.append("its " + fields(outcome.keptFields) + " stayed as completed there") }
            return parts.joined(separator: "; ") + "."
        }
        parts.append("\(report) was also changed elsewhere (another device or the server); both versions were merged")
        if outcome.photosFromOtherWriter > 0 { parts.append(count(outcome.photosFromOtherWriter, "photo") + " added from there") }
        if outcome.photosFromThisDevice > 0 { parts.append(count(outcome.photosFromThisDevice, "photo") + " from here kept") }
        if outcome.fieldsFromOtherWriter { parts.append("the " + fields(outcome.keptFields) + " taken from the newer change there") }
        if !outcome.leftOut.isEmpty {
            parts.append(count(outcome.leftOut.count, "photo") + " did not fit (a section holds \(ReportLimits.maximumPhotosPerSection)) and stayed out")
        }
        return parts.joined(separator: "; ") + "."
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }

    private static func fields(_ names: [String]) -> String {
        let words = names.map { name -> String in
            switch name {
            case "injuries": "injuries"
            case "otherDriverNote": "note"
            case "scene": "time and place"
            default: name
            }
        }
        return words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + (words.last ?? "")
    }
}
