import Foundation
import Domain
import Wording

/// The Collect Crash Info (landing) screen of the Crash Assistant.
public struct CollectCrashInfoUiModel: Sendable, Hashable {
    /// Why Create crash report cannot be chosen while the report holds nothing.
    public static func createDisabledReason(words: Words) -> String {
        words("Add at least one piece of information first: who was injured, a photo, a note or the accident statement.")
    }

    public let title: String
    public let crashID: String
    /// What the crash ID is, when there is something to know: provisional, or the one it had before.
    public let crashIDNote: String?
    /// What the crash detection measured, in a line, when the server made the report for a detected crash.
    public let detection: String?
    public let when: String
    /// The place, or what to do when it is not given yet.
    public let place: String
    public let hasPlace: Bool
    public let categories: [CategoryRowUiModel]
    public let create: MenuOption
    public let options: [MenuOption]

    /// - Parameter crashIDsFromServer: whether a server issues crash IDs, so a local one is provisional.
    public init(_ report: CrashReport, dates: DateText, crashIDsFromServer: Bool = false, words: Words = .english) {
        title = words("Collect Crash Info")
        crashID = report.crashID.rawValue
        crashIDNote = Self.crashIDNote(report, fromServer: crashIDsFromServer, words: words)
        // Times as at the scene.
        let dates = dates.at(report.scene)
        detection = report.detection.map { Self.describe($0, dates: dates, words: words) }
        // Unset by the driver, when and where come from the earliest crash-scene photo that has them;
        // the screen says where they came from, in the same words as the report.
        let effective = report.effectiveScene
        let facts = FactText(words)
        let time = facts.when(effective, dates: dates)
        when = effective.isTimeFlagged
            ? words("{time} — correct it with w if so", ["time": time])
            : time
        place = facts.place(effective) ?? Self.noPlace(effective, timeZone: dates.timeZone, words: words)
        hasPlace = effective.scene.hasLocation
        categories = InfoCategory.allCases.map { CategoryRowUiModel($0, of: report, words: words) }
        create = MenuOption(
            key: "c",
            title: words("Create crash report"),
            isEnabled: report.canBeCreated,
            disabledReason: Self.createDisabledReason(words: words)
        )
        options = [
            MenuOption(key: "w", title: words("Set when and where, e.g. w now 47.4979,19.0402 (h shows how)")),
            MenuOption(key: "i", title: words("Emergency checklist")),
            MenuOption(key: "x", title: words("Close")),
        ]
    }

    /// What the screen says when no place is known: that it is not given yet, and the photo whose place was left out
    /// (taken apart from the photos the time comes from), with the `w` that would use it.
    static func noPlace(_ effective: EffectiveScene, timeZone: TimeZone, words: Words) -> String {
        guard let photo = effective.placeLeftOut, let command = CrashSceneInput.command(from: photo, timeZone: timeZone) else {
            return words("not given yet")
        }
        return words(
            "not given yet: photo {file} has a place, but it was taken apart from the photos the time comes from; {command} uses its time and place",
            ["file": photo.originalFileName, "command": command]
        )
    }

    /// `provisional: the server gives this report its own crash ID when it is sent`, `first given as CR-…`.
    static func crashIDNote(_ report: CrashReport, fromServer: Bool, words: Words) -> String? {
        if let provisional = report.provisionalCrashID {
            return words("first given as {crashID} on this device", ["crashID": String(describing: provisional)])
        }
        guard fromServer, report.crashID.isLocal else { return nil }
        return words("provisional: given on this device without the server; when the report is sent, the server gives it the crash ID to use with your insurer")
    }

    /// `22 Nov 2026, 17:41 (UTC+01:00) at 47.49790, 19.04020 (within 8 m), 48 km/h, delta-V 22 km/h, airbags deployed, no rollover`
    static func describe(_ detection: CrashDetection, dates: DateText, words: Words) -> String {
        let values = [
            "time": dates.dateTime(detection.detectedAt),
            "position": StatementWords(words).coordinate(detection.position),
        ]
        let whereAndWhen: String = switch (detection.accuracyMeters, detection.positionTrusted) {
        case let (meters?, true):
            words("{time} at {position} (within {meters} m)", values.merging(["meters": words.number(Int(meters.rounded()))]) { $1 })
        case let (meters?, false):
            words(
                "{time} at {position} (within {meters} m) (position not trusted)",
                values.merging(["meters": words.number(Int(meters.rounded()))]) { $1 }
            )
        case (nil, true):
            words("{time} at {position}", values)
        case (nil, false):
            words("{time} at {position} (position not trusted)", values)
        }
        var parts = [whereAndWhen]
        if let speed = detection.speedKmh { parts.append(words("{speed} km/h", ["speed": words.number(Int(speed.rounded()))])) }
        if let deltaV = detection.deltaVKmh { parts.append(words("delta-V {speed} km/h", ["speed": words.number(Int(deltaV.rounded()))])) }
        parts.append(detection.airbagsDeployed.map { $0 ? words("airbags deployed") : words("airbags not deployed") } ?? words("airbags not known"))
        parts.append(detection.rollover.map { $0 ? words("rollover") : words("no rollover") } ?? words("rollover not known"))
        if detection.isTest { parts.append(words("a test call")) }
        return CategoryRowUiModel.list(parts, words: words)
    }
}
