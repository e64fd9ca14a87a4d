import Foundation

/// How two versions of one report, changed by two writers, become one — the rule sync applies when the server
/// refuses a push because another writer changed the report (the driver's second device, or the server filling in
/// a detected crash). Nothing either side entered is dropped without saying so:
///
/// - Photos are united by their bytes (SHA-256), section by section. When a section would hold more than
///   ``ReportLimits/maximumPhotosPerSection``, the newer side's photos are kept first and the rest are listed in
///   ``Outcome/leftOut``.
/// - Who was injured, the note and when and where come from the newer change (the later `updatedAt`; this device's
///   on a tie).
/// - A report completed on either side stays completed. A report the server holds completed cannot change any more:
///   it is kept as it is and what only this device had is listed in ``Outcome/leftOut`` and ``Outcome/keptFields``.
/// - The crash ID the server issued wins over a locally issued one.
///
/// The merged report is at the server's revision, so saving it on top of the server's version goes through.
public enum ReportMerge {
    /// The merged report and what happened to each side's information.
    public struct Outcome: Sendable, Hashable {
        /// The merged report, at `remote`'s revision.
        public let report: CrashReport
        /// Photos only the other writer had, now in the report.
        public let photosFromOtherWriter: Int
        /// Photos only this device had, now in the report.
        public let photosFromThisDevice: Int
        /// Photos that could not be kept in the report (a section full, or the report completed elsewhere).
        public let leftOut: [Photo]
        /// Whether who was injured, the note and the scene came from the other writer's (newer) change.
        public let fieldsFromOtherWriter: Bool
        /// The fields this device changed that the merged report does not carry (`injuries`, `otherDriverNote`,
        /// `scene`), because the other writer's change was newer or the report was completed elsewhere.
        public let keptFields: [String]
        /// Whether the other writer had completed the report, so this device's changes could not be added.
        public let completedElsewhere: Bool

        /// Whether the merged report holds exactly what the other writer stored: nothing is left to send.
        public var matchesOtherWriter: Bool { photosFromThisDevice == 0 && !carriesThisDevicesFields && !completesHere }

        let carriesThisDevicesFields: Bool
        let completesHere: Bool
    }

    /// Merges this device's version with the version the other writer stored.
    /// - Throws: ``InvalidReportData`` only if the two versions together break a rule no single side could
    ///   (cannot happen with versions that were themselves valid).
    public static func merge(local: CrashReport, remote: CrashReport) throws(InvalidReportData) -> Outcome {
        let localIsNewer = local.updatedAt >= remote.updatedAt
        let differing = differingFields(local, remote)
        if remote.isCompleted {
            let remoteHashes = Set(remote.allPhotos.map { PhotoKey($0) })
            return Outcome(
                report: remote, photosFromOtherWriter: 0, photosFromThisDevice: 0,
                leftOut: local.allPhotos.filter { !remoteHashes.contains(PhotoKey($0)) },
                fieldsFromOtherWriter: true, keptFields: differing, completedElsewhere: true,
                carriesThisDevicesFields: false, completesHere: false
            )
        }
        let newer = localIsNewer ? local : remote
        let older = localIsNewer ? remote : local

        var photos: [Photo] = []
        var leftOut: [Photo] = []
        var fromLocal = 0
        var fromRemote = 0
        let remoteKeys = Set(remote.allPhotos.map { PhotoKey($0) })
        let localKeys = Set(local.allPhotos.map { PhotoKey($0) })
        for section in PhotoSection.allCases {
            var kept: [Photo] = []
            var keys = Set<PhotoKey>()
            var ids = Set<PhotoID>()
            for photo in newer.photos(in: section) + older.photos(in: section) {
                guard keys.insert(PhotoKey(photo)).inserted, ids.insert(photo.id).inserted else { continue }
                guard kept.count < ReportLimits.maximumPhotosPerSection else {
                    leftOut.append(photo)
                    continue
                }
                kept.append(photo)
                if !remoteKeys.contains(PhotoKey(photo)) { fromLocal += 1 }
                if !localKeys.contains(PhotoKey(photo)) { fromRemote += 1 }
            }
            photos += kept.sorted { ($0.addedAt, $0.id.description) < ($1.addedAt, $1.id.description) }
        }

        let completed = local.isCompleted
        let crashID = remote.crashID.isLocal && !local.crashID.isLocal ? local.crashID : remote.crashID
        let report = try CrashReport(
            id: remote.id,
            crashID: crashID,
            status: completed ? .completed : .draft,
            createdAt: min(local.createdAt, remote.createdAt),
            updatedAt: max(local.updatedAt, remote.updatedAt),
            completedAt: completed ? local.completedAt : nil,
            scene: newer.scene,
            injuries: newer.injuries,
            photos: photos,
            otherDriverNote: newer.otherDriverNote,
            revision: remote.revision
        )
        return Outcome(
            report: report, photosFromOtherWriter: fromRemote, photosFromThisDevice: fromLocal, leftOut: leftOut,
            fieldsFromOtherWriter: !localIsNewer && !differing.isEmpty,
            keptFields: localIsNewer ? [] : differing,
            completedElsewhere: false,
            carriesThisDevicesFields: localIsNewer && !differing.isEmpty,
            completesHere: completed
        )
    }

    /// The driver-entered fields (besides photos) in which the two versions differ.
    private static func differingFields(_ local: CrashReport, _ remote: CrashReport) -> [String] {
        var fields: [String] = []
        if local.injuries != remote.injuries { fields.append("injuries") }
        if local.otherDriverNote != remote.otherDriverNote { fields.append("otherDriverNote") }
        if local.scene != remote.scene { fields.append("scene") }
        return fields
    }

    /// A photo's place in a report: the same bytes in the same section are the same photo.
    private struct PhotoKey: Hashable {
        let section: PhotoSection
        let contentHash: ContentHash
        init(_ photo: Photo) {
            section = photo.section
            contentHash = photo.contentHash
        }
    }
}
