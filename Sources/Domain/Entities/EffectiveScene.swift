/// When and where the crash happened as the report shows it, and where each came from
/// (see ``CrashReport/effectiveScene``).
public struct EffectiveScene: Sendable, Hashable {
    /// Where the shown time or place came from.
    public enum Source: Sendable, Hashable {
        /// The driver set it.
        case driver
        /// It comes from this crash-scene photo's own metadata.
        case photo(Photo)
        /// Nobody gave it: the time is when the report was started; the place is unknown.
        case notGiven
    }

    public let scene: CrashScene
    /// Where ``scene``'s time came from.
    public let timeSource: Source
    /// Where ``scene``'s place came from; ``Source/notGiven`` when there is none.
    public let placeSource: Source
    /// The check of the time when it came from a photo (``PhotoTimeCheck/longBeforeReport(days:)`` flags it).
    public let timeCheck: PhotoTimeCheck?
    /// When no photo gave the time: the first crash-scene photo whose time was passed over as in the future.
    public let passedOver: Photo?

    public init(
        scene: CrashScene, timeSource: Source, placeSource: Source, timeCheck: PhotoTimeCheck? = nil, passedOver: Photo? = nil
    ) {
        self.scene = scene
        self.timeSource = timeSource
        self.placeSource = placeSource
        self.timeCheck = timeCheck
        self.passedOver = passedOver
    }

    /// A few words to show after the time, saying where it came from — `from photo IMG_0042.jpg`,
    /// `not given; the time the report was started` — and a flag for a photo time long before the report, in words
    /// for any reader (a screen adds what the driver can do about it); `nil` when the driver set it.
    public var timeNote: String? {
        switch timeSource {
        case .driver:
            return nil
        case .notGiven:
            guard let passedOver else { return "not given; the time the report was started" }
            return "not given; the time the report was started, as the time of photo \(passedOver.originalFileName) "
                + "is later than it was added"
        case let .photo(photo):
            guard case let .longBeforeReport(days)? = timeCheck else { return "from photo \(photo.originalFileName)" }
            let before = DurationText.describe(seconds: Double(days) * 86_400)
            return "from photo \(photo.originalFileName), taken \(before) before the report was started; "
                + "the camera's clock may have been wrong"
        }
    }

    /// A few words to show after the place — `from photo IMG_0043.jpg` — or `nil` when the driver set it or
    /// there is none.
    public var placeNote: String? {
        if case let .photo(photo) = placeSource { "from photo \(photo.originalFileName)" } else { nil }
    }

    /// The time as every screen and document writes it, with its zone and where it came from:
    /// `21 Nov 2026, 16:28 (UTC+01:00) (from photo IMG_0042.jpg)`.
    public func whenText(_ dates: DateText) -> String {
        dates.dateTime(scene.occurredAt) + (timeNote.map { " (\($0))" } ?? "")
    }

    /// The place as every screen and document writes it, with where it came from; `nil` when unknown.
    public var whereText: String? {
        scene.locationText.map { $0 + (placeNote.map { " (\($0))" } ?? "") }
    }

    /// Whether the time came from a photo and is flagged for the driver to check.
    public var isTimeFlagged: Bool {
        if case .longBeforeReport? = timeCheck { true } else { false }
    }
}
