import Foundation

/// The crash-scene photos that agree with each other on when and where they were taken: within ``timeApart`` of one
/// another, and within ``distanceApart`` where both know their place. When and where come from the largest such
/// group (``CrashReport/effectiveScene``), so a photo taken a day before in another town — kept in the section by
/// mistake — neither decides the crash time nor makes every good photo look out of place; it is the one remarked on.
public enum SceneGroup {
    /// Photos further apart in time than this do not agree (two hours: a crash scene is photographed within them).
    public static let timeApart: Double = 2 * 3_600
    /// Photos further apart than this, in metres, do not agree.
    public static let distanceApart: Double = 2_000

    /// The largest group, in the order the photos were added: the photos agreeing with the photo most others agree
    /// with (the earliest taken among equals); a photo whose time is not usable or unknown agrees by its place
    /// alone, and one knowing neither agrees with every group. With no usable time at all, every photo.
    public static func largest(in photos: [Photo], reportStartedAt: Date) -> [Photo] {
        let timed = photos.filter { photo in
            photo.takenAt != nil && photo.timeCheck(reportStartedAt: reportStartedAt)?.isUsable == true
        }
        guard timed.count > 1 else { return photos }
        var best: (center: Photo, members: [Photo])?
        for center in timed {
            let members = photos.filter { agree($0, center, reportStartedAt: reportStartedAt) }
            guard let current = best else {
                best = (center, members)
                continue
            }
            let earlier = (center.takenAt ?? .distantFuture) < (current.center.takenAt ?? .distantFuture)
            if members.count > current.members.count || (members.count == current.members.count && earlier) {
                best = (center, members)
            }
        }
        return best?.members ?? photos
    }

    /// Whether `photo` agrees with `center` (a photo with a usable time).
    private static func agree(_ photo: Photo, _ center: Photo, reportStartedAt: Date) -> Bool {
        if photo.id == center.id { return true }
        if let takenAt = photo.takenAt, photo.timeCheck(reportStartedAt: reportStartedAt)?.isUsable == true,
           let centerTime = center.takenAt, abs(takenAt.timeIntervalSince(centerTime)) > timeApart {
            return false
        }
        if let place = photo.takenWhere, let centerPlace = center.takenWhere, place.distance(to: centerPlace) > distanceApart {
            return false
        }
        return true
    }
}
