import Foundation

/// How two versions of one report, changed by two writers, become one — the rule sync applies when the server
/// refuses a push because another writer changed the report (the driver's second device, or the server filling in
/// a detected crash). It is a three-way merge against the *base*: the last version both sides agreed on (the
/// version the server last confirmed to this device). Nothing either side entered is dropped without saying so.
///
/// - **Who was injured, the note, when and where**, each on its own: changed on one side only (compared with the
///   base), that side's value wins whatever the clocks say — clearing the note is a change too. Changed on both
///   sides to different values, the newer change (the later `updatedAt`; this device's on a tie) wins, and the
///   outcome says which field went which way (``Outcome/conflicts``).
/// - **The accident statement** the same way, value by value: each field of each vehicle's column, each of the 17
///   boxes of each side, each side's remarks and who entered it, the witnesses, the police, other damage. So the other
///   driver's column, entered on the server, and a field the driver changed here both survive.
/// - **The other parties** the same way, party by party (by ``PartyID``): one added on either side is kept; one
///   removed on one side and left alone on the other is gone; one removed on one side and changed on the other is
///   kept, with the change, and said (``Outcome/partiesKeptOverRemoval``). Past ``CrashParties/maximum`` the other
///   writer's parties come first and this device's extra ones are kept out and said as kept fields.
/// - **Photos**, by their place (section and SHA-256): a photo added on either side is kept; a photo in the base that
///   either side removed stays removed, even if the other side kept it untouched. When a section would hold more than
///   ``ReportLimits/maximumPhotosPerSection``, the newer side's photos are kept first and the rest are listed in
///   ``Outcome/leftOut``.
/// - A report completed on either side stays completed. A report the other writer completed cannot change any more:
///   it is kept as it is and what only this device added or changed is listed.
/// - The crash ID the server issued wins over a locally issued one, which stays as the provisional one. What the crash
///   detection measured comes from the server's side.
///
/// Without a base (the two sides never agreed on a version) every difference counts as a change on both sides.
/// The merged report is at `remote`'s revision, so saving it on top of the other writer's version goes through.
public enum ReportMerge {
    /// A field the driver enters, besides photos.
    public enum Field: String, Sendable, Hashable, CaseIterable {
        case injuries
        case otherDriverNote
        case scene
        /// The accident statement, merged value by value (``AccidentStatement/MergeKey``) and reported as one field.
        case statement
        /// The other parties, merged party by party (by ``PartyID``) and reported as one field.
        case parties
    }

    /// Which side's value of a field changed on both sides was kept.
    public struct Conflict: Sendable, Hashable {
        public let field: Field
        /// Whether this device's change was kept (it was the newer); otherwise the other writer's was.
        public let keptThisDevice: Bool

        public init(field: Field, keptThisDevice: Bool) {
            self.field = field
            self.keptThisDevice = keptThisDevice
        }
    }

    /// The merged report and what happened to each side's information.
    public struct Outcome: Sendable, Hashable {
        /// The merged report, at `remote`'s revision.
        public let report: CrashReport
        /// Photos only the other writer added, now in the report.
        public let photosFromOtherWriter: Int
        /// Photos only this device added, now in the report.
        public let photosFromThisDevice: Int
        /// Photos this device still had that the other writer removed, so they are gone.
        public let photosRemovedElsewhere: Int
        /// Photos that could not be kept in the report (a section full, or the report completed elsewhere).
        public let leftOut: [Photo]
        /// The fields whose value came from the other writer's change.
        public let fieldsFromOtherWriter: [Field]
        /// The fields this device changed that the merged report does not carry, because the other writer's change
        /// was newer or the report was completed elsewhere.
        public let keptFields: [Field]
        /// The fields both sides changed, and whose change was kept.
        public let conflicts: [Conflict]
        /// Whether the other writer had completed the report, so this device's changes could not be added.
        public let completedElsewhere: Bool
        /// Whether the merged report holds exactly what the other writer stored: nothing is left to send.
        public let matchesOtherWriter: Bool
        /// Parties one side removed and the other changed: kept, with the change.
        public var partiesKeptOverRemoval = 0

        /// What the driver should hear about, without the report itself (kept with the notice).
        public var summary: MergeSummary {
            MergeSummary(
                photosFromOtherWriter: photosFromOtherWriter, photosFromThisDevice: photosFromThisDevice,
                photosRemovedElsewhere: photosRemovedElsewhere, leftOut: leftOut.map(\.originalFileName),
                fieldsFromOtherWriter: fieldsFromOtherWriter, keptFields: keptFields, conflicts: conflicts,
                completedElsewhere: completedElsewhere, partiesKeptOverRemoval: partiesKeptOverRemoval
            )
        }

        /// Whether the merge took or dropped something the driver did not do here, which they should hear about.
        public var isWorthTelling: Bool {
            photosFromOtherWriter > 0 || photosRemovedElsewhere > 0 || !fieldsFromOtherWriter.isEmpty || !keptFields.isEmpty
                || !conflicts.isEmpty || completedElsewhere || !leftOut.isEmpty || partiesKeptOverRemoval > 0
        }
    }

    /// Merges this device's version with the version the other writer stored, against their last agreed version.
    /// - Parameter base: the version both sides last agreed on; `nil` when there is none.
    /// - Throws: ``InvalidReportData`` only if the two versions together break a rule no single side could
    ///   (cannot happen with versions that were themselves valid).
    public static func merge(base: CrashReport?, local: CrashReport, remote: CrashReport) throws(InvalidReportData) -> Outcome {
        let localIsNewer = local.updatedAt >= remote.updatedAt
        let baseKeys = Set((base?.allPhotos ?? []).map(PhotoKey.init))
        let localKeys = Set(local.allPhotos.map(PhotoKey.init))
        let remoteKeys = Set(remote.allPhotos.map(PhotoKey.init))
        let changedHere = Field.allCases.filter { field in
            base.map { !$0.hasSameValue(of: field, as: local) } ?? !local.hasSameValue(of: field, as: remote)
        }

        if remote.isCompleted {
            return Outcome(
                report: remote, photosFromOtherWriter: 0, photosFromThisDevice: 0, photosRemovedElsewhere: 0,
                leftOut: local.allPhotos.filter { !remoteKeys.contains(PhotoKey($0)) && !baseKeys.contains(PhotoKey($0)) },
                fieldsFromOtherWriter: [], keptFields: changedHere.filter { !local.hasSameValue(of: $0, as: remote) },
                conflicts: [], completedElsewhere: true, matchesOtherWriter: true
            )
        }

        // Fields: a change on one side wins; a change on both goes by time.
        var source: [Field: CrashReport] = [:]
        var fromOther: [Field] = []
        var kept: [Field] = []
        var conflicts: [Conflict] = []
        for field in Field.allCases where field != .statement && field != .parties && !local.hasSameValue(of: field, as: remote) {
            let changedThere = base.map { !$0.hasSameValue(of: field, as: remote) } ?? true
            let takeLocal: Bool
            switch (changedHere.contains(field), changedThere) {
            case (true, false): takeLocal = true
            case (false, true): takeLocal = false
            default:
                takeLocal = localIsNewer
                conflicts.append(Conflict(field: field, keptThisDevice: localIsNewer))
                if !takeLocal { kept.append(field) }
            }
            source[field] = takeLocal ? local : remote
            if !takeLocal { fromOther.append(field) }
        }

        // The statement: the same rule, value by value.
        let statement = mergeStatement(
            base: base.map(\.statement), noBase: base == nil, local: local.statement, remote: remote.statement, localIsNewer: localIsNewer
        )
        if statement.fromOther { fromOther.append(.statement) }
        if statement.kept { kept.append(.statement) }
        if statement.conflict { conflicts.append(Conflict(field: .statement, keptThisDevice: localIsNewer)) }

        let parties = mergeParties(base: base?.parties, local: local.parties, remote: remote.parties, localIsNewer: localIsNewer)
        if parties.fromOther { fromOther.append(.parties) }
        if parties.kept { kept.append(.parties) }
        if parties.conflict { conflicts.append(Conflict(field: .parties, keptThisDevice: localIsNewer)) }

        // Photos: added on either side, kept; removed on either side, gone.
        let newer = localIsNewer ? local : remote
        let older = localIsNewer ? remote : local
        var photos: [Photo] = []
        var leftOut: [Photo] = []
        var fromLocal = 0
        var fromRemote = 0
        var removedElsewhere = 0
        for section in PhotoSection.allCases {
            var keptInSection: [Photo] = []
            var keys = Set<PhotoKey>()
            var ids = Set<PhotoID>()
            for photo in newer.photos(in: section) + older.photos(in: section) {
                let key = PhotoKey(photo)
                guard keys.insert(key).inserted, ids.insert(photo.id).inserted else { continue }
                if baseKeys.contains(key), !(localKeys.contains(key) && remoteKeys.contains(key)) {
                    if localKeys.contains(key) { removedElsewhere += 1 }
                    continue
                }
                guard keptInSection.count < ReportLimits.maximumPhotosPerSection else {
                    leftOut.append(photo)
                    continue
                }
                keptInSection.append(photo)
                if !remoteKeys.contains(key) { fromLocal += 1 }
                if !localKeys.contains(key) { fromRemote += 1 }
            }
            let remoteSection = remote.photos(in: section)
            if Set(keptInSection.map(PhotoKey.init)) == Set(remoteSection.map(PhotoKey.init)) {
                photos += remoteSection  // the same photos as there, in the same order
            } else {
                photos += keptInSection.sorted { ($0.addedAt, $0.id.description) < ($1.addedAt, $1.id.description) }
            }
        }

        let completed = local.isCompleted
        let localHasServerID = remote.crashID.isLocal && !local.crashID.isLocal
        var report = try CrashReport(
            id: remote.id,
            crashID: localHasServerID ? local.crashID : remote.crashID,
            provisionalCrashID: localHasServerID ? local.provisionalCrashID : (remote.provisionalCrashID ?? (remote.crashID.isLocal ? nil : local.provisionalCrashID)),
            // What the crash detection measured is the server's to say.
            detection: remote.detection ?? local.detection,
            status: completed ? .completed : .draft,
            createdAt: min(local.createdAt, remote.createdAt),
            updatedAt: max(local.updatedAt, remote.updatedAt),
            completedAt: completed ? local.completedAt : nil,
            scene: (source[.scene] ?? remote).scene,
            injuries: (source[.injuries] ?? remote).injuries,
            photos: photos,
            otherDriverNote: (source[.otherDriverNote] ?? remote).otherDriverNote,
            statement: statement.merged,
            parties: parties.merged,
            // The insurer's answer is the server's to say, and only a completed report has one.
            acknowledgement: completed ? remote.acknowledgement : nil,
            // So are the claim's steps after it.
            claimTimeline: completed ? remote.claimTimeline : [],
            // Set once, where the report was started: either side's.
            language: remote.language ?? local.language,
            revision: remote.revision
        )
        // A statement both drivers signed stays as they signed it: what the merge would change on its front (the
        // statement, the injuries, when and where) comes from the signed version; so for each pair.
        var pairs: [StatementPair] = []
        for pair in remote.statementPairs + local.statementPairs where !pairs.contains(pair) { pairs.append(pair) }
        for pair in pairs {
            guard let signed = [remote, local].first(where: { $0.isStatementSigned(pair) }),
                  report.statementVersion(pair) != signed.statementVersion(pair)
                    || report.statement(pair)?.signatures != signed.statement(pair)?.signatures else { continue }
            report.takeFront(of: signed, pair)
            // Crash-scene photos added since move when and where: then the signed version's are kept, the others said.
            if report.statementVersion(pair) != signed.statementVersion(pair) {
                let signedKeys = Set(signed.photos(in: .crashScene).map(PhotoKey.init))
                leftOut += report.photos(in: .crashScene).filter { !signedKeys.contains(PhotoKey($0)) }
                report.takeCrashScenePhotos(of: signed)
            }
        }
        var outcome = Outcome(
            report: report, photosFromOtherWriter: fromRemote, photosFromThisDevice: fromLocal,
            photosRemovedElsewhere: removedElsewhere, leftOut: leftOut, fieldsFromOtherWriter: fromOther,
            keptFields: kept, conflicts: conflicts, completedElsewhere: false,
            matchesOtherWriter: report.sameContent(as: remote)
        )
        outcome.partiesKeptOverRemoval = parties.keptOverRemoval
        return outcome
    }

    private struct StatementMerge {
        var merged: AccidentStatement
        var fromOther = false
        var kept = false
        var conflict = false
    }

    /// A statement, value by value: a change on one side wins; a change on both goes by time. With no base (`noBase`),
    /// every difference counts as a change on both sides; a `base` of `nil` otherwise is an empty statement.
    private static func mergeStatement(
        base: AccidentStatement?, noBase: Bool, local: AccidentStatement, remote: AccidentStatement, localIsNewer: Bool
    ) -> StatementMerge {
        var result = StatementMerge(merged: remote)
        let was = base ?? .empty
        for key in AccidentStatement.MergeKey.all where !local.hasSameValue(at: key, as: remote) {
            let changedHere = noBase || !was.hasSameValue(at: key, as: local)
            let changedThere = noBase || !was.hasSameValue(at: key, as: remote)
            let takeLocal: Bool
            switch (changedHere, changedThere) {
            case (true, false): takeLocal = true
            case (false, true): takeLocal = false
            default:
                takeLocal = localIsNewer
                result.conflict = true
                if !takeLocal { result.kept = true }
            }
            if takeLocal { result.merged = result.merged.taking(key, from: local) } else { result.fromOther = true }
        }
        return result
    }

    private struct PartiesMerge {
        var merged = CrashParties()
        var fromOther = false
        var kept = false
        var conflict = false
        var keptOverRemoval = 0
    }

    /// The parties, party by party: the other writer's order, then those only this device added.
    private static func mergeParties(base: CrashParties?, local: CrashParties, remote: CrashParties, localIsNewer: Bool) -> PartiesMerge {
        var result = PartiesMerge()
        var list: [Party] = []
        var ids = Set<PartyID>()
        for id in (remote.all + local.all).map(\.id) where ids.insert(id).inserted {
            let was = base?[id]
            let here = local[id]
            let there = remote[id]
            let changedHere = here != was
            let changedThere = there != was
            let party: Party?
            switch (here, there) {
            case let (here?, there?) where here == there:
                party = here
            case let (here?, there?):
                switch (changedHere, changedThere) {
                case (true, false): party = here
                case (false, true): party = there; result.fromOther = true
                default:
                    if let mine = here.kind.statement, let theirs = there.kind.statement {
                        // Two motor vehicles: their statement value by value, as B's.
                        let statement = mergeStatement(
                            base: was?.kind.statement, noBase: base == nil, local: mine, remote: theirs, localIsNewer: localIsNewer
                        )
                        // Its contacts as the side that changed them says; both changed, as the newer one.
                        let touched = here.touched == was?.touched ? there.touched
                            : there.touched == was?.touched ? here.touched : localIsNewer ? here.touched : there.touched
                        let hurt = here.hurt == was?.hurt ? there.hurt
                            : there.hurt == was?.hurt ? here.hurt : localIsNewer ? here.hurt : there.hurt
                        party = Party(id: id, kind: .motorVehicle(statement.merged), touched: touched, hurt: hurt)
                        result.conflict = result.conflict || statement.conflict
                        result.kept = result.kept || statement.kept
                        result.fromOther = result.fromOther || statement.fromOther
                        break
                    }
                    party = localIsNewer ? here : there
                    result.conflict = true
                    if !localIsNewer { result.kept = true; result.fromOther = true }
                }
            case let (here?, nil):
                // Added here, kept; removed there: gone unless changed here since.
                if was == nil || changedHere {
                    party = here
                    if was != nil { result.keptOverRemoval += 1 }
                } else {
                    party = nil
                    result.fromOther = true
                }
            case let (nil, there?):
                if was == nil || changedThere {
                    party = there
                    result.fromOther = true
                    if was != nil { result.keptOverRemoval += 1 }
                } else {
                    party = nil
                }
            case (nil, nil):
                party = nil
            }
            if let party { list.append(party) }
        }
        // Past the limit, the other writer's parties come first; this device's extra ones are said as kept out.
        if list.count > CrashParties.maximum {
            let remoteIDs = Set(remote.all.map(\.id))
            let theirs = list.filter { remoteIDs.contains($0.id) }
            let mine = list.filter { !remoteIDs.contains($0.id) }
            list = theirs + mine.prefix(max(CrashParties.maximum - theirs.count, 0))
            list = Array(list.prefix(CrashParties.maximum))
            result.kept = true
        }
        // A contact with a vehicle that did not stay a motor vehicle of the list goes with it.
        let vehicles = Set(list.filter(\.kind.hasStatement).map { StatementPair.vehicle($0.id) })
        list = list.map { party in
            var party = party
            party.touched = party.touched.filter { $0 != .vehicle(party.id) && ($0 == .b || vehicles.contains($0)) }
            return party
        }
        // At most the maximum, and only kinds each side held: never refused.
        result.merged = (try? CrashParties(list)) ?? remote
        return result
    }

    /// Merges without a base: every difference counts as a change on both sides (the newer wins), photos are united.
    public static func merge(local: CrashReport, remote: CrashReport) throws(InvalidReportData) -> Outcome {
        try merge(base: nil, local: local, remote: remote)
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

/// What a merge did, as the driver hears of it: counts, fields and the names of photos left out, kept with a sync
/// notice until it is shown.
public struct MergeSummary: Sendable, Hashable {
    public var photosFromOtherWriter: Int
    public var photosFromThisDevice: Int
    public var photosRemovedElsewhere: Int
    /// The original file names of the photos that could not be kept.
    public var leftOut: [String]
    public var fieldsFromOtherWriter: [ReportMerge.Field]
    public var keptFields: [ReportMerge.Field]
    public var conflicts: [ReportMerge.Conflict]
    public var completedElsewhere: Bool
    /// Parties one side removed and the other changed: kept, with the change.
    public var partiesKeptOverRemoval: Int

    public init(
        photosFromOtherWriter: Int = 0, photosFromThisDevice: Int = 0, photosRemovedElsewhere: Int = 0, leftOut: [String] = [],
        fieldsFromOtherWriter: [ReportMerge.Field] = [], keptFields: [ReportMerge.Field] = [],
        conflicts: [ReportMerge.Conflict] = [], completedElsewhere: Bool = false, partiesKeptOverRemoval: Int = 0
    ) {
        self.partiesKeptOverRemoval = partiesKeptOverRemoval
        self.photosFromOtherWriter = photosFromOtherWriter
        self.photosFromThisDevice = photosFromThisDevice
        self.photosRemovedElsewhere = photosRemovedElsewhere
        self.leftOut = leftOut
        self.fieldsFromOtherWriter = fieldsFromOtherWriter
        self.keptFields = keptFields
        self.conflicts = conflicts
        self.completedElsewhere = completedElsewhere
    }
}

extension CrashReport {
    /// Whether this version and `other` hold the same value of a field.
    func hasSameValue(of field: ReportMerge.Field, as other: CrashReport) -> Bool {
        switch field {
        case .injuries: injuries == other.injuries
        case .otherDriverNote: otherDriverNote == other.otherDriverNote
        case .scene: scene == other.scene
        case .statement: statement == other.statement
        case .parties: parties == other.parties
        }
    }
}
