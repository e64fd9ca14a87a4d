import Foundation

extension CrashReport {
    /// Whether the driver has set when (and maybe where). A new draft's scene is the moment it was started
    /// with no place (in the zone it was started in); any other scene was set by the driver (through `SetCrashScene`).
    public var isSceneSetByDriver: Bool {
        scene.occurredAt != createdAt || scene.hasLocation
    }

    /// Whether anything was entered in the report: who was injured, a photo, the note, or when and where (by the
    /// driver, or by the crash detection). A draft holding nothing else than its crash ID and the moment it was started
    /// is not kept.
    public var holdsEnteredInformation: Bool {
        hasInformation || isSceneSetByDriver || detection != nil
    }

    /// Whether the server knows this report: its crash ID is the server's (issued by it, by a crash detection, or given
    /// at the first sync or share). Such a draft is never dropped for being empty.
    public var isKnownToTheServer: Bool {
        !crashID.isLocal
    }

    /// When and where the crash happened, as every screen, document and list shows it. Time and place are
    /// chosen separately:
    ///
    /// - **When**: what the driver set; else the time of the earliest photo of the crash scene's largest group —
    ///   the crash-scene photos whose usable times (``PhotoTimeCheck``: a time in the future is passed over, one long
    ///   before the report is used but flagged) and places agree (``SceneGroup``), so one stray photo taken elsewhere
    ///   or on another day does not decide; else the time the report was started, which is said to be so (naming a
    ///   photo whose time was passed over).
    /// - **Where**: what the driver set; else the position of the photo taken closest in time to the chosen time
    ///   (among the group's when the time came from the photos) (photos whose position has no time count after those with one, in the order they were added); else
    ///   unknown.
    ///
    /// Each says where it came from; a value not from a photo never says it is.
    public var effectiveScene: EffectiveScene {
        // A time the driver set picks the place by itself (the photo closest to it); else the photos' largest group.
        let scenePhotos = isSceneSetByDriver
            ? photos(in: .crashScene) : SceneGroup.largest(in: photos(in: .crashScene), reportStartedAt: createdAt)

        var occurredAt = scene.occurredAt
        // A photo's time is shown at the offset its clock had then (a summer crash reported in winter).
        var utcOffsetMinutes = scene.utcOffsetMinutes
        var timeSource = EffectiveScene.Source.notGiven
        var timeCheck: PhotoTimeCheck?
        var passedOver: Photo?
        if isSceneSetByDriver {
            timeSource = .driver
        } else if let (photo, check) = Self.earliestUsableTime(scenePhotos, reportStartedAt: createdAt),
                  let takenAt = photo.takenAt {
            occurredAt = takenAt
            utcOffsetMinutes = photo.takenUTCOffsetMinutes ?? utcOffsetMinutes
            timeSource = .photo(photo)
            timeCheck = check
        } else {
            passedOver = scenePhotos.first { $0.timeCheck(reportStartedAt: createdAt) == .inFuture }
        }

        if scene.hasLocation {
            return EffectiveScene(
                scene: scene, timeSource: timeSource, placeSource: .driver, timeCheck: timeCheck, passedOver: passedOver
            )
        }
        let reference: Date? = switch timeSource {
        case .notGiven: nil
        case .driver, .photo: occurredAt
        }
        guard let placePhoto = Self.closestPosition(scenePhotos, to: reference), let place = placePhoto.takenWhere else {
            let leftOut = photos(in: .crashScene).first { $0.takenWhere != nil && !scenePhotos.contains($0) }
            return EffectiveScene(
                scene: CrashScene(occurredAt: occurredAt, utcOffsetMinutes: utcOffsetMinutes), timeSource: timeSource, placeSource: .notGiven,
                timeCheck: timeCheck, passedOver: passedOver, placeLeftOut: leftOut
            )
        }
        return EffectiveScene(
            scene: CrashScene(occurredAt: occurredAt, coordinate: place, utcOffsetMinutes: utcOffsetMinutes),
            timeSource: timeSource, placeSource: .photo(placePhoto), timeCheck: timeCheck, passedOver: passedOver
        )
    }

    /// The photo whose usable time is earliest (the first added among equal times), with its check.
    private static func earliestUsableTime(_ photos: [Photo], reportStartedAt: Date) -> (Photo, PhotoTimeCheck)? {
        var best: (photo: Photo, check: PhotoTimeCheck, time: Date)?
        for photo in photos {
            guard let takenAt = photo.takenAt, let check = photo.timeCheck(reportStartedAt: reportStartedAt),
                  check.isUsable else { continue }
            if let current = best, current.time <= takenAt { continue }
            best = (photo, check, takenAt)
        }
        return best.map { ($0.photo, $0.check) }
    }

    /// The photo with a position taken closest in time to `reference` (all of them by their own time when
    /// there is no reference); photos without a time come after, first added first.
    private static func closestPosition(_ photos: [Photo], to reference: Date?) -> Photo? {
        let positioned = photos.enumerated().filter { $0.element.takenWhere != nil }
        return positioned.min { first, second in
            switch (first.element.takenAt, second.element.takenAt) {
            case let (firstTime?, secondTime?):
                let firstKey = reference.map { abs(firstTime.timeIntervalSince($0)) } ?? firstTime.timeIntervalSinceReferenceDate
                let secondKey = reference.map { abs(secondTime.timeIntervalSince($0)) } ?? secondTime.timeIntervalSinceReferenceDate
                return firstKey != secondKey ? firstKey < secondKey : first.offset < second.offset
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return first.offset < second.offset
            }
        }?.element
    }
}
