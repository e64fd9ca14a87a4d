/// When and where the crash happened as the report shows it, and where that came from
/// (see ``CrashReport/effectiveScene``).
public struct EffectiveScene: Sendable, Hashable {
    /// Where the shown scene came from.
    public enum Source: Sendable, Hashable {
        /// The driver set when and where.
        case driver
        /// The driver set neither; they come from this crash-scene photo's own metadata.
        case photo(Photo)
        /// Nobody gave them: the time is when the report was started, the place is unknown.
        case notGiven
    }

    public let scene: CrashScene
    public let source: Source

    public init(scene: CrashScene, source: Source) {
        self.scene = scene
        self.source = source
    }

    /// A few words to show after the scene, saying where it came from: `from photo IMG_0042.jpg`,
    /// `not given; the time the report was started`, or `nil` when the driver set it.
    public var sourceNote: String? {
        switch source {
        case .driver: nil
        case let .photo(photo): "from photo \(photo.originalFileName)"
        case .notGiven: "not given; the time the report was started"
        }
    }
}
