import Domain
import Wording

/// The Collect Crash Info (landing) screen of the Crash Assistant.
public struct CollectCrashInfoUiModel: Sendable, Hashable {
    public static let createDisabledReason = "Add at least one piece of information first: who was injured, a photo, a note or the accident statement."

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
    public init(_ report: CrashReport, dates: DateText, crashIDsFromServer: Bool = false) {
        title = "Collect Crash Info"
        crashID = report.crashID.rawValue
        crashIDNote = Self.crashIDNote(report, fromServer: crashIDsFromServer)
        // Times as at the scene.
        let dates = dates.at(report.scene)
        detection = report.detection.map { Self.describe($0, dates: dates) }
        // Unset by the driver, when and where come from the earliest crash-scene photo that has them;
        // the screen says where they came from, in the same words as the report.
        let effective = report.effectiveScene
        when = FactText.english.when(effective, dates: dates) + (effective.isTimeFlagged ? " — correct it with w if the camera's clock was wrong" : "")
        place = FactText.english.place(effective) ?? "not given yet"
        hasPlace = effective.scene.hasLocation
        categories = InfoCategory.allCases.map { CategoryRowUiModel($0, of: report) }
        create = MenuOption(
            key: "c",
            title: "Create crash report",
            isEnabled: report.canBeCreated,
            disabledReason: Self.createDisabledReason
        )
        options = [
            MenuOption(key: "w", title: "Set when and where, e.g. w now 47.4979,19.0402 (h shows how)"),
            MenuOption(key: "i", title: "Emergency checklist"),
            MenuOption(key: "x", title: "Close"),
        ]
    }

    /// `provisional: the server gives this report its own crash ID when it is sent`, `first given as CR-…`.
    static func crashIDNote(_ report: CrashReport, fromServer: Bool) -> String? {
        if let provisional = report.provisionalCrashID { return "first given as \(provisional) on this device" }
        guard fromServer, report.crashID.isLocal else { return nil }
        return "provisional: given on this device without the server; when the report is sent, the server gives it the crash ID to use with your insurer"
    }

    /// `22 Nov 2026, 17:41 (UTC+01:00) at 47.49790, 19.04020 (within 8 m), 48 km/h, delta-V 22 km/h, airbags deployed, no rollover`
    static func describe(_ detection: CrashDetection, dates: DateText) -> String {
        var parts = ["\(dates.dateTime(detection.detectedAt)) at \(detection.position)"
            + (detection.accuracyMeters.map { " (within \(Int($0.rounded())) m)" } ?? "")
            + (detection.positionTrusted ? "" : " (position not trusted)")]
        if let speed = detection.speedKmh { parts.append("\(Int(speed.rounded())) km/h") }
        if let deltaV = detection.deltaVKmh { parts.append("delta-V \(Int(deltaV.rounded())) km/h") }
        parts.append(detection.airbagsDeployed ? "airbags deployed" : "airbags not deployed")
        parts.append(detection.rollover ? "rollover" : "no rollover")
        if detection.isTest { parts.append("a test call") }
        return parts.joined(separator: ", ")
    }
}
