extension CrashReport {
    /// Whether the driver has set when and where. A new draft's scene is the moment it was started with no
    /// place; any other scene was set by the driver (through `SetCrashScene`).
    public var isSceneSetByDriver: Bool {
        scene != CrashScene(occurredAt: createdAt)
    }

    /// When and where the crash happened, as every screen and document shows it.
    ///
    /// The rule: what the driver set wins. When the driver has set neither, they come from the crash-scene
    /// photo taken earliest that says when or where it was taken (its time, and its place when it has one;
    /// photos that give only a place count after those that give a time, in the order they were added).
    /// When no such photo exists, the time is when the report was started and the place is unknown.
    public var effectiveScene: EffectiveScene {
        guard !isSceneSetByDriver else { return EffectiveScene(scene: scene, source: .driver) }
        let candidates = photos(in: .crashScene).enumerated().filter { _, photo in
            photo.takenAt != nil || photo.takenWhere != nil
        }
        let earliest = candidates.min { first, second in
            switch (first.element.takenAt, second.element.takenAt) {
            case let (firstTime?, secondTime?) where firstTime != secondTime: firstTime < secondTime
            case (.some, nil): true
            case (nil, .some): false
            default: first.offset < second.offset
            }
        }
        guard let photo = earliest?.element else { return EffectiveScene(scene: scene, source: .notGiven) }
        return EffectiveScene(
            scene: CrashScene(occurredAt: photo.takenAt ?? scene.occurredAt, coordinate: photo.takenWhere),
            source: .photo(photo)
        )
    }
}
