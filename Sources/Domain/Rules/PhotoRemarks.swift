import Foundation

/// What a reader of the report should notice about a photo: taken long before or after the crash, far from the crash
/// scene, or the same photo in another section. The one rule behind the remarks the report prints beside each photo
/// and the warnings "Create crash report" shows before it completes a report.
public enum PhotoRemark: Sendable, Hashable {
    /// Taken this many seconds before the crash time (more than ``PhotoRemarks/timeApart``).
    case takenBefore(seconds: Double)
    /// Taken this many seconds after the crash time (more than ``PhotoRemarks/timeApart``).
    case takenAfter(seconds: Double)
    /// Taken this many metres from the crash scene (more than ``PhotoRemarks/distanceApart``).
    case takenAway(meters: Double)
    /// The same photo (the same bytes) is in this other section too.
    case alsoIn(PhotoSection)
}

public enum PhotoRemarks {
    /// A photo taken further than this from the crash time is remarked (a day).
    public static let timeApart: Double = 24 * 3_600
    /// A photo taken further than this from the crash scene is remarked, in metres.
    public static let distanceApart: Double = 5_000
}

extension CrashReport {
    /// The remarks on each photo that has any, against the report's crash time and place (``effectiveScene``; a time
    /// nobody gave — the moment the report was started — is not compared with).
    public var photoRemarks: [PhotoID: [PhotoRemark]] {
        let effective = effectiveScene
        let crashTime: Date? = if case .notGiven = effective.timeSource { nil } else { effective.scene.occurredAt }
        let crashPlace = effective.scene.coordinate
        var sections: [ContentHash: [PhotoSection]] = [:]
        for photo in allPhotos { sections[photo.contentHash, default: []].append(photo.section) }
        var remarks: [PhotoID: [PhotoRemark]] = [:]
        for photo in allPhotos {
            var found: [PhotoRemark] = []
            if let crashTime, let takenAt = photo.takenAt {
                let apart = takenAt.timeIntervalSince(crashTime)
                if apart < -PhotoRemarks.timeApart { found.append(.takenBefore(seconds: -apart)) }
                if apart > PhotoRemarks.timeApart { found.append(.takenAfter(seconds: apart)) }
            }
            if let crashPlace, let takenWhere = photo.takenWhere {
                let distance = takenWhere.distance(to: crashPlace)
                if distance > PhotoRemarks.distanceApart { found.append(.takenAway(meters: distance)) }
            }
            for other in sections[photo.contentHash] ?? [] where other != photo.section { found.append(.alsoIn(other)) }
            if !found.isEmpty { remarks[photo.id] = found }
        }
        return remarks
    }
}

extension Coordinate {
    /// The distance to `other` along the Earth's surface, in metres (the haversine formula on a sphere of the Earth's
    /// mean radius: within half a percent, which is all a remark needs).
    public func distance(to other: Coordinate) -> Double {
        let radius = 6_371_008.8
        let φ1 = latitude * .pi / 180, φ2 = other.latitude * .pi / 180
        let Δφ = φ2 - φ1, Δλ = (other.longitude - longitude) * .pi / 180
        let h = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * radius * asin(min(1, sqrt(h)))
    }
}
