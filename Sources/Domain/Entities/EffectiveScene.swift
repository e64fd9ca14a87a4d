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
    /// When no place is known: the first crash-scene photo that has one but was left out, taken apart (another day,
    /// another place) from the photos the time comes from. It is named, so its place is not dropped in silence.
    public let placeLeftOut: Photo?

    public init(
        scene: CrashScene, timeSource: Source, placeSource: Source, timeCheck: PhotoTimeCheck? = nil, passedOver: Photo? = nil,
        placeLeftOut: Photo? = nil
    ) {
        self.scene = scene
        self.timeSource = timeSource
        self.placeSource = placeSource
        self.timeCheck = timeCheck
        self.passedOver = passedOver
        self.placeLeftOut = scene.hasLocation ? nil : placeLeftOut
    }

    /// Whether the time came from a photo and is flagged for the driver to check.
    public var isTimeFlagged: Bool {
        if case .longBeforeReport? = timeCheck { true } else { false }
    }
}
