import Foundation

/// The aggregate: everything the driver collected about one crash, and the rules that keep it consistent.
///
/// Every change goes through a mutating method that refuses it when the report is completed
/// (completed reports are read-only) or when it would break a limit.
public struct CrashReport: Sendable, Hashable, Identifiable {
    public let id: ReportID
    /// Issued by the server, or locally (``CrashID/isLocal``) until the server issues one.
    public private(set) var crashID: CrashID
    /// The crash ID issued on the device before the server issued ``crashID``: it may have been shared already, so
    /// the report is still found by it and says it was known by it.
    public private(set) var provisionalCrashID: CrashID?
    /// What the crash-detection side measured, when the server made the report for a crash it detected.
    public private(set) var detection: CrashDetection?
    public private(set) var status: ReportStatus
    public let createdAt: Date
    public private(set) var updatedAt: Date
    /// When "Create crash report" completed it; `nil` for drafts.
    public private(set) var completedAt: Date?
    public private(set) var scene: CrashScene
    public private(set) var injuries: InjurySelection
    /// Photos per section, each section in the order they were added.
    public private(set) var photos: [PhotoSection: [Photo]]
    /// The other driver's additional note; empty when none.
    public private(set) var otherDriverNote: String
    /// The European Accident Statement with vehicle B: both vehicles' details, the circumstances, witnesses, police.
    /// Each other motor vehicle has its own with A, held by its party (``statement(_:)``, ``statementPairs``).
    public private(set) var statement: AccidentStatement
    /// The crash's other parties besides vehicle B of the statement: more motor vehicles (each with its statement),
    /// cyclists, pedestrians, property, a vehicle that left the scene (``CrashParties``); none when the car was alone or
    /// only two vehicles met.
    public private(set) var parties: CrashParties
    /// The insurer's claim number and message, once a claims handler acknowledged the completed report.
    public private(set) var acknowledgement: ClaimAcknowledgement?
    /// The claim's steps after its acknowledgement, the first recorded first (``ClaimStatusUpdate``); only the server
    /// records them, and the driver's device shows them.
    public private(set) var claimTimeline: [ClaimStatusUpdate]
    /// The language the driver's app spoke when the report was started: the server writes the driver's documents in
    /// it. `nil` for a report from before languages, or one the server made for a detected crash until the driver's
    /// app opens it.
    public private(set) var language: LanguageTag?
    /// The revision the store gave this version: 0 for a report never stored, then one more with every
    /// stored change. Only a store assigns it (``ReportRepository/save(_:)``); a save states the revision it
    /// read, so a change made from an outdated copy is refused instead of overwriting a newer one.
    public private(set) var revision: Int

    /// A new, empty draft.
    /// - Parameters:
    ///   - utcOffsetMinutes: the offset from UTC where it is started (the scene's, until the driver says otherwise).
    ///   - detection: what the crash detection measured, for a report the server makes for a detected crash.
    public init(
        id: ReportID = ReportID(), crashID: CrashID, createdAt: Date, utcOffsetMinutes: Int? = nil, detection: CrashDetection? = nil,
        language: LanguageTag? = nil
    ) {
        self.language = language
        self.id = id
        self.crashID = crashID
        self.provisionalCrashID = nil
        self.detection = detection
        self.status = .draft
        self.createdAt = createdAt
        self.updatedAt = createdAt
        self.completedAt = nil
        self.scene = CrashScene(occurredAt: createdAt, utcOffsetMinutes: utcOffsetMinutes)
        self.injuries = .none
        self.photos = [:]
        self.otherDriverNote = ""
        self.statement = .empty
        self.parties = CrashParties()
        self.acknowledgement = nil
        self.claimTimeline = []
        self.revision = 0
    }

    /// Rebuilds a report from stored or received data, refusing data that breaks a rule the report keeps
    /// (so a damaged row or a report pushed by another device never becomes a report the app would not make).
    /// - Throws: ``InvalidReportData`` naming the field: more photos in a section than
    ///   ``ReportLimits/maximumPhotosPerSection``, the same photo twice in a section, two photos with one id,
    ///   a photo's byte count or pixel size out of range, a note or file name over its ``TextLimit`` (characters or
    ///   bytes), a negative revision, a completion time on a draft or none on a completed report, a provisional
    ///   crash ID that is not a local one or beside a local one, an acknowledgement on a draft.
    public init(
        id: ReportID,
        crashID: CrashID,
        provisionalCrashID: CrashID? = nil,
        detection: CrashDetection? = nil,
        status: ReportStatus,
        createdAt: Date,
        updatedAt: Date,
        completedAt: Date?,
        scene: CrashScene,
        injuries: InjurySelection,
        photos: [Photo],
        otherDriverNote: String,
        statement: AccidentStatement = .empty,
        parties: CrashParties = CrashParties(),
        acknowledgement: ClaimAcknowledgement? = nil,
        claimTimeline: [ClaimStatusUpdate] = [],
        language: LanguageTag? = nil,
        revision: Int
    ) throws(InvalidReportData) {
        self.language = language
        try Self.validate(
            status: status, completedAt: completedAt, photos: photos, otherDriverNote: otherDriverNote, revision: revision
        )
        if let provisionalCrashID {
            guard provisionalCrashID.isLocal else {
                throw InvalidReportData(field: "provisionalCrashId", problem: .invalid(provisionalCrashID.rawValue))
            }
            guard !crashID.isLocal else { throw InvalidReportData(field: "provisionalCrashId", problem: .unexpected) }
        }
        if acknowledgement != nil, status != .completed {
            throw InvalidReportData(field: "acknowledgement", problem: .unexpected)
        }
        if !claimTimeline.isEmpty, status != .completed {
            throw InvalidReportData(field: "claimTimeline", problem: .unexpected)
        }
        guard claimTimeline.count <= ClaimStatusUpdate.timelineLimit else {
            throw InvalidReportData(field: "claimTimeline", problem: .tooMany(count: claimTimeline.count, limit: ClaimStatusUpdate.timelineLimit))
        }
        self.id = id
        self.crashID = crashID
        self.provisionalCrashID = provisionalCrashID
        self.detection = detection
        self.status = status
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.completedAt = completedAt
        self.scene = scene
        self.injuries = injuries
        self.photos = Dictionary(grouping: photos, by: \.section)
        self.otherDriverNote = otherDriverNote
        self.statement = statement
        guard parties.motorVehicles.count <= CrashParties.maximumMotorVehicles else {
            throw InvalidReportData(field: "parties", problem: .tooMany(count: parties.motorVehicles.count, limit: CrashParties.maximumMotorVehicles))
        }
        self.parties = parties
        self.acknowledgement = acknowledgement
        self.claimTimeline = claimTimeline
        self.revision = revision
    }

    private static func validate(
        status: ReportStatus, completedAt: Date?, photos: [Photo], otherDriverNote: String, revision: Int
    ) throws(InvalidReportData) {
        guard revision >= 0 else { throw InvalidReportData(field: "revision", problem: .negative(revision)) }
        switch (status, completedAt) {
        case (.draft, .some): throw InvalidReportData(field: "completedAt", problem: .unexpected)
        case (.completed, .none): throw InvalidReportData(field: "completedAt", problem: .missing)
        default: break
        }
        try TextLimit.note.check(otherDriverNote, field: "otherDriverNote")
        var photoIDs = Set<PhotoID>()
        var perSection: [PhotoSection: Set<ContentHash>] = [:]
        for (index, photo) in photos.enumerated() {
            let field = "photos[\(index)]"
            try TextLimit.fileName.check(photo.originalFileName, field: "\(field).originalFileName")
            guard photoIDs.insert(photo.id).inserted else {
                throw InvalidReportData(field: "\(field).id", problem: .duplicate(photo.id.description))
            }
            guard (1...ReportLimits.maximumPhotoBytes).contains(photo.byteCount) else {
                throw InvalidReportData(
                    field: "\(field).byteCount",
                    problem: .outOfRange(value: photo.byteCount, allowed: 1...ReportLimits.maximumPhotoBytes)
                )
            }
            let size = photo.pixelSize
            guard size.width > 0, size.height > 0, size.width.multipliedReportingOverflow(by: size.height).overflow == false,
                  size.width * size.height <= ReportLimits.maximumPixelCount else {
                throw InvalidReportData(field: "\(field).pixelSize", problem: .invalid("\(size.width)×\(size.height)"))
            }
            guard perSection[photo.section, default: []].insert(photo.contentHash).inserted else {
                throw InvalidReportData(field: "\(field).contentHash", problem: .duplicate(photo.contentHash.hex))
            }
            let count = perSection[photo.section, default: []].count
            guard count <= ReportLimits.maximumPhotosPerSection else {
                throw InvalidReportData(
                    field: "photos.\(photo.section.rawValue)",
                    problem: .tooMany(count: photos.count(where: { $0.section == photo.section }), limit: ReportLimits.maximumPhotosPerSection)
                )
            }
        }
    }

    // MARK: - Reading

    /// The photos of one section, in the order they were added.
    public func photos(in section: PhotoSection) -> [Photo] {
        photos[section] ?? []
    }

    /// Every photo, section by section in screen order.
    public var allPhotos: [Photo] {
        PhotoSection.allCases.flatMap { photos(in: $0) }
    }

    public var photoCount: Int { photos.values.reduce(0) { $0 + $1.count } }

    public var hasNote: Bool { !otherDriverNote.isEmpty }

    /// Whether anyone was said to be hurt: a person chosen on "Who was injured?" (not *No one* or *Unsure* alone), a
    /// cyclist or pedestrian, or someone in another motor vehicle.
    public var someoneHurt: Bool {
        injuries.selected.contains { !$0.isExclusive } || partiesHurt
    }

    /// Whether a party of the list is said to be hurt: a cyclist or pedestrian, or someone in another motor vehicle.
    public var partiesHurt: Bool {
        !parties.injuredRoadUsers.isEmpty || !parties.hurtInVehicles.isEmpty
    }

    public var isCompleted: Bool { status == .completed }

    /// Whether a category's page holds any information: its check mark on Collect Crash Info.
    public func hasInformation(in category: InfoCategory) -> Bool {
        switch category {
        case .injuries:
            !injuries.isEmpty || partiesHurt
        case .otherDriver:
            hasNote || category.photoSections.contains { !photos(in: $0).isEmpty }
        case .yourInfo:
            category.photoSections.contains { !photos(in: $0).isEmpty }
        case .accidentStatement:
            !statement.isEmpty
        case .otherParties:
            !parties.isAlone
        }
    }

    /// Whether any page holds information: what a report needs to be completed (here or on another device).
    public var hasInformation: Bool {
        InfoCategory.allCases.contains { hasInformation(in: $0) }
    }

    /// Whether two versions hold the same information: the revision and the time of storing aside.
    public func sameContent(as other: CrashReport) -> Bool {
        id == other.id && crashID == other.crashID && provisionalCrashID == other.provisionalCrashID
            && detection == other.detection && status == other.status && completedAt == other.completedAt
            && scene == other.scene && injuries == other.injuries && allPhotos == other.allPhotos
            && otherDriverNote == other.otherDriverNote && statement == other.statement && parties == other.parties
            && acknowledgement == other.acknowledgement && claimTimeline == other.claimTimeline
    }

    /// The day of the crash where it happened (in the scene's offset from UTC; in UTC when that is unknown).
    public var crashDay: CalendarDay {
        let scene = effectiveScene.scene
        let seconds = Int(scene.occurredAt.timeIntervalSince1970.rounded(.down)) + (scene.utcOffsetMinutes ?? 0) * 60
        let date = CivilCalendar.date(daysSinceEpoch: CivilCalendar.floorDivision(seconds, 86_400).quotient)
        // A day the calendar computed from a date is one that exists, whatever its year.
        return CalendarDay(computed: date)
    }

    /// What looks wrong on the statement on the crash's day (allowed, and shown).
    public var statementFlags: [StatementFlag] { statement.flags(onCrashDay: crashDay) }

    /// "Create crash report" is possible only when at least one piece of information exists.
    public var canBeCreated: Bool {
        !isCompleted && hasInformation
    }

    /// The row "View crash reports" shows for this report.
    public var summary: ReportSummary {
        ReportSummary(
            id: id,
            crashID: crashID,
            provisionalCrashID: provisionalCrashID,
            status: status,
            createdAt: createdAt,
            updatedAt: updatedAt,
            scene: effectiveScene.scene,
            injuryCount: injuries.count,
            photoCount: photoCount,
            hasNote: hasNote,
            claimNumber: acknowledgement?.claimNumber,
            claimStatus: claimStatus?.status.kind,
            statementParts: statement.filledParts
        )
    }

    // MARK: - Changing

    /// Applies the injury rule of ``InjurySelection/toggle(_:)``. *No one* chosen says no cyclist or pedestrian was
    /// hurt either; *Unsure* chosen leaves whether they were unknown. Either clears the people of other motor vehicles.
    public mutating func toggleInjury(_ injury: Injury) throws(ReportError) {
        try ensureEditable()
        let old = self
        injuries.toggle(injury)
        if injury.isExclusive, injuries.contains(injury) {
            setRoadUsersHurt(injury == .noOne ? false : nil)
            parties.clearHurtInVehicles()
        }
        try keepSealed(old)
    }

    /// Chooses or unchooses the driver or the passengers of another motor vehicle as hurt, under the same rule as the
    /// other choices: choosing them clears *No one* and *Unsure*.
    /// - Throws: `ReportError.readOnly`; ``PartyError/unknown(_:)`` for a party not on the report, or
    ///   ``PartyError/notAPerson`` for a party that is not a motor vehicle.
    public mutating func toggleInjury(of partyID: PartyID, _ occupant: Occupant) throws {
        try ensureEditable()
        guard let party = parties[partyID] else { throw PartyError.unknown(partyID) }
        let old = self
        let hurt = !party.hurt.contains(occupant)
        try parties.setHurt(partyID, occupant, hurt)
        if hurt { injuries = injuries.withoutExclusive }
        try keepSealed(old)
    }

    /// Chooses or unchooses one cyclist or pedestrian as hurt, under the same rule as the other choices: choosing them
    /// clears *No one* and *Unsure*; choosing them again leaves whether they were hurt unknown.
    /// - Throws: `ReportError.readOnly`; ``PartyError/unknown(_:)`` for a party not on the report, or
    ///   ``PartyError/notAPerson`` for property or a vehicle.
    public mutating func toggleInjury(of partyID: PartyID) throws {
        try ensureEditable()
        guard let party = parties[partyID] else { throw PartyError.unknown(partyID) }
        let user: RoadUser
        switch party.kind {
        case let .cyclist(person), let .pedestrian(person): user = person
        default: throw PartyError.notAPerson
        }
        let old = self
        let hurt: Bool? = user.injured == true ? nil : true
        try parties.change(partyID, to: party.kind.withInjured(hurt))
        if hurt == true { injuries = injuries.withoutExclusive }
        try keepSealed(old)
    }

    /// Every cyclist and pedestrian's hurt flag set to `hurt`.
    private mutating func setRoadUsersHurt(_ hurt: Bool?) {
        for party in parties.all where party.kind.isRoadUser {
            try? parties.change(party.id, to: party.kind.withInjured(hurt))
        }
    }

    /// Adds a photo to the end of its section.
    /// - Throws: `ReportError.readOnly`, `PhotoError.sectionFull`, or `PhotoError.duplicate` when the same
    ///   bytes are already in that section.
    public mutating func addPhoto(_ photo: Photo) throws {
        try ensureEditable()
        try checkRoom(for: photo.contentHash, fileName: photo.originalFileName, in: photo.section)
        let old = self
        photos[photo.section, default: []].append(photo)
        // A crash-scene photo may move the time or place the front shows.
        try keepSealed(old)
    }

    /// Checks, without changing anything, that a photo with these bytes may be added to a section.
    public func checkRoom(for contentHash: ContentHash?, fileName: String, in section: PhotoSection) throws {
        try ensureEditable()
        let existing = photos(in: section)
        if let contentHash, existing.contains(where: { $0.contentHash == contentHash }) {
            throw PhotoError.duplicate(fileName: fileName, section: section)
        }
        guard existing.count < ReportLimits.maximumPhotosPerSection else {
            throw PhotoError.sectionFull(section, limit: ReportLimits.maximumPhotosPerSection)
        }
    }

    /// Removes one photo and returns it.
    public mutating func removePhoto(_ photoID: PhotoID) throws -> Photo {
        try ensureEditable()
        for (section, list) in photos {
            if let index = list.firstIndex(where: { $0.id == photoID }) {
                let old = self
                let removed = photos[section, default: []].remove(at: index)
                if photos[section]?.isEmpty == true { photos[section] = nil }
                try keepSealed(old)
                return removed
            }
        }
        throw PhotoError.notFound(photoID)
    }

    /// Sets the other driver's note. A note of only spaces and new lines counts as no note.
    /// - Throws: `InputError.noteTooLong` or `InputError.noteTooLarge` over ``TextLimit/note``,
    ///   `InputError.noteHasControlCharacter` for text that is not plain.
    public mutating func setNote(_ note: String) throws {
        try ensureEditable()
        switch TextLimit.note.problem(with: note) {
        case let .bytes(count, limit)?: throw InputError.noteTooLarge(bytes: count, limit: limit)
        case let .controlCharacter(codePoint)?: throw InputError.noteHasControlCharacter(codePoint)
        case let .characters(count, limit)? where !note.allSatisfy({ $0.isWhitespace || $0.isNewline }):
            throw InputError.noteTooLong(count: count, limit: limit)
        default: break
        }
        let isBlank = note.allSatisfy { $0.isWhitespace || $0.isNewline }
        otherDriverNote = isBlank ? "" : note
    }

    /// Replaces the accident statement (each of its values already obeys its rule).
    /// A front both drivers signed is read-only (``isStatementSigned``): a change to it is refused.
    public mutating func setStatement(_ newStatement: AccidentStatement) throws(ReportError) {
        try ensureEditable()
        let old = self
        statement = newStatement
        try keepSealed(old)
    }

    /// Changes the crash's other parties: adds, changes or removes one by its id, as `change` does. A motor vehicle's
    /// statement keeps the signatures and decline it held (only ``signStatement(_:in:name:verification:at:)`` and
    /// ``declineStatement(in:reason:at:)`` change those): a change to what it says voids its own signatures alone.
    /// - Throws: `ReportError.readOnly`; ``PartyError`` from `change`; ``PartyError/tooMany(limit:)`` past
    ///   ``CrashParties/maximum`` other parties with vehicle B counted, or past ``CrashParties/maximumMotorVehicles``
    ///   more motor vehicles; ``ReportError/statementSigned(_:)`` for a change to a statement both drivers signed (or its
    ///   party's removal). Nothing changes when it throws.
    public mutating func changeParties(_ change: (inout CrashParties) throws(PartyError) -> Void) throws {
        try ensureEditable()
        var changed = parties
        try change(&changed)
        let limit = CrashParties.maximum - (statement.vehicleB.isEmpty ? 0 : 1)
        if changed.all.count > parties.all.count, changed.all.count > limit { throw PartyError.tooMany(limit: limit) }
        if changed.motorVehicles.count > parties.motorVehicles.count, changed.motorVehicles.count > CrashParties.maximumMotorVehicles {
            throw PartyError.tooMany(limit: CrashParties.maximumMotorVehicles)
        }
        for party in changed.motorVehicles {
            guard var pair = party.kind.statement else { continue }
            let held = parties[party.id]?.kind.statement
            pair.signatures = held?.signatures ?? []
            pair.decline = held?.decline
            try changed.change(party.id, to: .motorVehicle(pair))
        }
        let old = self
        // A cyclist or pedestrian newly said to be hurt is a person chosen: *No one* and *Unsure* go, as on the page.
        let newlyHurt = changed.injuredRoadUsers.contains { party in !parties.injuredRoadUsers.contains { $0.id == party.id } }
        parties = changed
        if newlyHurt { injuries = injuries.withoutExclusive }
        try keepSealed(old)
    }

    /// Sets when and where the crash happened. A scene without an offset from UTC keeps the one known.
    public mutating func setScene(_ newScene: CrashScene) throws(ReportError) {
        try ensureEditable()
        let old = self
        scene = newScene.utcOffsetMinutes == nil ? newScene.withUTCOffset(scene.utcOffsetMinutes) : newScene
        try keepSealed(old)
    }

    /// Replaces a pair's statement as ``setStatement(_:)`` does for B's; another motor vehicle's keeps the signatures and
    /// decline it held (as ``changeParties(_:)`` does).
    /// - Throws: `ReportError.readOnly`; ``ReportError/statementSigned(_:)`` for a statement both drivers signed;
    ///   ``PartyError/unknown(_:)`` for a party that is not a motor vehicle on the report.
    public mutating func setStatement(_ newStatement: AccidentStatement, for pair: StatementPair) throws {
        switch pair {
        case .b: try setStatement(newStatement)
        case let .vehicle(id):
            guard parties[id]?.kind.hasStatement == true else { throw PartyError.unknown(id) }
            try changeParties { parties throws(PartyError) in try parties.change(id, to: .motorVehicle(newStatement)) }
        }
    }

    /// "Discard all information on this page": empties a category and returns the photos it removed.
    public mutating func discard(_ category: InfoCategory) throws(ReportError) -> [Photo] {
        try ensureEditable()
        let old = self
        let removed = discarding(category)
        try keepSealed(old)
        return removed
    }

    private mutating func discarding(_ category: InfoCategory) -> [Photo] {
        var removed: [Photo] = []
        switch category {
        case .injuries:
            injuries = .none
            setRoadUsersHurt(nil)
            parties.clearHurtInVehicles()
        case .accidentStatement:
            statement = .empty
        case .otherParties:
            parties = CrashParties()
        case .otherDriver, .yourInfo:
            if category == .otherDriver { otherDriverNote = "" }
            for section in category.photoSections {
                removed += photos.removeValue(forKey: section) ?? []
            }
        }
        return removed
    }

    /// Completes the report, after which it is read-only.
    /// - Throws: `ReportError.nothingToReport` when no information exists yet.
    public mutating func complete(at date: Date) throws(ReportError) {
        try ensureEditable()
        guard canBeCreated else { throw .nothingToReport }
        status = .completed
        completedAt = date
        updatedAt = max(date, updatedAt)
    }

    /// Gives a report that carries a locally issued crash ID the one the server issued for it; the local one stays
    /// as ``provisionalCrashID``. Allowed on a completed report too: the crash ID is not something the driver entered.
    /// - Returns: whether the ID changed (a report that already carries a server-issued ID keeps it).
    @discardableResult
    public mutating func adoptServerCrashID(_ serverID: CrashID) -> Bool {
        guard crashID.isLocal, !serverID.isLocal, serverID != crashID else { return false }
        provisionalCrashID = crashID
        crashID = serverID
        return true
    }

    /// This version with `photos` in place of its photos — the same photos, as another party describes them (the server
    /// takes each one's media type and size from the bytes it inspected) — everything else as it is.
    /// - Throws: ``InvalidReportData`` when the photos break a rule.
    public func replacingPhotos(with photos: [Photo]) throws(InvalidReportData) -> CrashReport {
        try CrashReport(
            id: id, crashID: crashID, provisionalCrashID: provisionalCrashID, detection: detection, status: status,
            createdAt: createdAt, updatedAt: updatedAt, completedAt: completedAt, scene: scene, injuries: injuries,
            photos: photos, otherDriverNote: otherDriverNote, statement: statement, parties: parties, acknowledgement: acknowledgement,
            claimTimeline: claimTimeline, language: language, revision: revision
        )
    }

    /// This version with `detection` as what the crash detection measured: for the server, which keeps its own record of
    /// it whatever a client sends.
    public func withDetection(_ detection: CrashDetection?) -> CrashReport {
        var report = self
        report.detection = detection
        return report
    }

    /// This version with `parties` as the other parties: for the server, which keeps those it holds when a report
    /// comes from an app that does not know parties (an older one), so they are not lost by its save.
    public func withParties(_ parties: CrashParties) -> CrashReport {
        var report = self
        report.parties = parties
        return report
    }

    /// Records the insurer's acknowledgement of the completed report (the server's, when a claims handler gives it;
    /// a later one replaces it). The report stays read-only to the driver.
    /// - Throws: ``ReportError/notCompleted(_:)`` for a draft: only a submitted report can be acknowledged.
    public mutating func recordAcknowledgement(_ acknowledgement: ClaimAcknowledgement) throws(ReportError) {
        guard isCompleted else { throw .notCompleted(crashID) }
        self.acknowledgement = acknowledgement
        updatedAt = max(acknowledgement.acknowledgedAt, updatedAt)
    }

    /// This version with `acknowledgement` as the insurer's: for the server, which keeps its own record of it
    /// whatever a client sends (a draft never has one).
    public func withAcknowledgement(_ acknowledgement: ClaimAcknowledgement?) -> CrashReport {
        var report = self
        report.acknowledgement = isCompleted ? acknowledgement : nil
        return report
    }

    /// Adds a step to the completed report's claim timeline (the server's, when a claims handler or the claims system
    /// records one). The report stays read-only to the driver.
    /// - Throws: ``ReportError/notCompleted(_:)`` for a draft; ``ReportError/timelineFull(_:)`` past
    ///   ``ClaimStatusUpdate/timelineLimit``.
    public mutating func recordClaimStatus(_ update: ClaimStatusUpdate) throws(ReportError) {
        guard isCompleted else { throw .notCompleted(crashID) }
        guard claimTimeline.count < ClaimStatusUpdate.timelineLimit else { throw .timelineFull(crashID) }
        claimTimeline.append(update)
        updatedAt = max(update.recordedAt, updatedAt)
    }

    /// This version with `timeline` as the claim's: for the server, which keeps its own record of it whatever a client
    /// sends (a draft never has one).
    public func withClaimTimeline(_ timeline: [ClaimStatusUpdate]) -> CrashReport {
        var report = self
        report.claimTimeline = isCompleted ? timeline : []
        return report
    }

    /// The claim's latest step, when there is one.
    public var claimStatus: ClaimStatusUpdate? { claimTimeline.last }

    /// Whether the report is known by `crashID`: its crash ID, or the provisional one it had before.
    public func isKnown(by crashID: CrashID) -> Bool {
        self.crashID == crashID || provisionalCrashID == crashID
    }

    /// Takes the language of the driver's app when the report has none (the server made it for a detected crash);
    /// a report's language never changes once set. Returns whether it changed.
    @discardableResult
    public mutating func takeLanguageIfUnknown(_ tag: LanguageTag) -> Bool {
        guard language == nil, !isCompleted else { return false }
        language = tag
        return true
    }

    /// Gives a draft whose scene has no offset from UTC yet (the server made it from a detection that did not say)
    /// the offset where it is opened. A report whose scene has one, or a completed one, is left as it is.
    /// - Returns: whether it changed.
    @discardableResult
    public mutating func takeUTCOffsetIfUnknown(_ minutes: Int) -> Bool {
        guard !isCompleted, !hasSignedStatement, scene.utcOffsetMinutes == nil, CrashScene.utcOffsetRange.contains(minutes) else { return false }
        scene = scene.withUTCOffset(minutes)
        return true
    }

    /// Records when a change about to be stored was made (the update time never goes back).
    /// The revision is the store's to assign.
    mutating func markChanged(at date: Date) {
        updatedAt = max(date, updatedAt)
    }

    /// This version as the store keeps it at `revision`: what a ``ReportRepository`` hands back from a save.
    /// For stores only; use cases never set a revision.
    public func stored(atRevision revision: Int) -> CrashReport {
        var stored = self
        stored.revision = revision
        return stored
    }

    // MARK: - Read-only once completed

    /// Checks that the report may still be changed: a completed report is read-only. Every change above goes
    /// through here, and so do the stores (``WriteCheck``).
    /// - Throws: ``ReportError/readOnly(_:)`` for a completed report.
    public func checkEditable() throws(ReportError) {
        try ensureEditable()
    }

    /// Checks that a store holding this version may replace it with `next`. A draft may be replaced by anything the
    /// revision check lets through; a completed report only by itself, or by itself with the server's crash ID in place
    /// of a locally issued one (``adoptServerCrashID(_:)``), and with the insurer's acknowledgement (which only the
    /// server records, ``recordAcknowledgement(_:)``).
    /// - Throws: ``ReportError/readOnly(_:)`` when this version is completed and `next` changes it.
    public func checkReplacement(by next: CrashReport) throws(ReportError) {
        guard next.keepsSealedStatements(of: self) else { throw .statementSigned(crashID) }
        guard isCompleted else { return }
        var adopted = self
        adopted.adoptServerCrashID(next.crashID)
        adopted.acknowledgement = next.acknowledgement
        adopted.claimTimeline = next.claimTimeline
        if next.acknowledgement != acknowledgement || next.claimTimeline != claimTimeline { adopted.updatedAt = next.updatedAt }
        guard adopted.stored(atRevision: next.revision) == next else { throw .readOnly(crashID) }
    }

    /// Checks that a store holding this version may delete it: a completed report has been handed on and is kept.
    /// - Throws: ``ReportError/readOnly(_:)`` for a completed report.
    public func checkDeletion() throws(ReportError) {
        try ensureEditable()
    }

    /// "Save as draft": the driver chose to keep the report for later, which only a draft can be.
    /// - Throws: ``ReportError/readOnly(_:)`` for a completed report.
    public mutating func keepAsDraft() throws(ReportError) {
        try ensureEditable()
    }

    private func ensureEditable() throws(ReportError) {
        guard !isCompleted else { throw .readOnly(crashID) }
    }

    // MARK: - Signing the statements

    /// The report's accident statements: with vehicle B first, then with each other motor vehicle in the parties' order.
    public var statementPairs: [StatementPair] { [.b] + parties.motorVehicles.map { .vehicle($0.id) } }

    /// The statement of a pair; `nil` for a party that is not (or no longer) a motor vehicle on the report.
    public func statement(_ pair: StatementPair) -> AccidentStatement? {
        switch pair {
        case .b: statement
        case let .vehicle(id): parties[id]?.kind.statement
        }
    }

    /// A statement for a motor vehicle about to be added: vehicle A's policyholder, vehicle, insurance and driver as
    /// on the statement with B (they are the same car and driver), the rest — the pair's circumstances, point of impact,
    /// visible damage, remarks, witnesses and police — to be filled in for this pair.
    public var newPairStatement: AccidentStatement {
        var pair = AccidentStatement.empty
        for field in VehicleField.allCases where field.part != .impact {
            if let value = statement.vehicleA[field] { try? pair.vehicleA.set(field, to: value, kept: true) }
        }
        return pair
    }

    /// The front side of the statement with B as both drivers see and sign it (``StatementFront``).
    public var statementFront: StatementFront { StatementFront(self, .b) }

    /// The front side of a pair's statement; `nil` for a pair the report does not hold.
    public func statementFront(_ pair: StatementPair) -> StatementFront? {
        statement(pair) == nil ? nil : StatementFront(self, pair)
    }

    /// The version of the front side of the statement with B as it is now.
    public var statementVersion: StatementVersion { statementFront.version }

    /// The version of a pair's front side as it is now; `nil` for a pair the report does not hold.
    public func statementVersion(_ pair: StatementPair) -> StatementVersion? { statementFront(pair)?.version }

    /// Where a side's signature of the statement with B stands: for the front as it is now, for another version
    /// (void), or none.
    public func signatureState(of side: VehicleSide) -> SignatureState { signatureState(of: side, in: .b) }

    /// Where a side's signature of a pair's statement stands (none for a pair the report does not hold).
    public func signatureState(of side: VehicleSide, in pair: StatementPair) -> SignatureState {
        guard let signature = statement(pair)?.signature(of: side), let version = statementVersion(pair) else { return .unsigned }
        return signature.version == version ? .holds(signature) : .void(signature)
    }

    /// Whether both drivers signed the front with B as it is now: it is then read-only on every path, as a completed
    /// report is.
    public var isStatementSigned: Bool { sealedVersion(.b) != nil }

    /// Whether both drivers of a pair signed its front as it is now: that statement is then read-only on every path, and
    /// so are the scene and the injuries its front shows.
    public func isStatementSigned(_ pair: StatementPair) -> Bool { sealedVersion(pair) != nil }

    /// Whether both drivers of any pair signed its front as it is now (then the scene and injuries are read-only).
    public var hasSignedStatement: Bool { statementPairs.contains { isStatementSigned($0) } }

    /// A pair's statement and its version now.
    /// - Throws: ``PartyError/unknown(_:)`` for a party that is not (or no longer) a motor vehicle on the report.
    private func held(_ pair: StatementPair) throws(PartyError) -> (statement: AccidentStatement, version: StatementVersion) {
        switch pair {
        case .b: return (statement, statementVersion)
        case let .vehicle(id):
            guard let held = parties[id]?.kind.statement, let version = statementVersion(pair) else { throw .unknown(id) }
            return (held, version)
        }
    }

    /// The version both signatures of a pair's statement name, when both hold.
    private func sealedVersion(_ pair: StatementPair) -> StatementVersion? {
        guard let held = statement(pair), held.signatures.count == 2, let version = statementVersion(pair) else { return nil }
        return held.signatures.allSatisfy { $0.version == version } ? version : nil
    }

    /// Whether every statement both drivers signed in `old` is here as they signed it: its front, signatures and
    /// decline.
    private func keepsSealedStatements(of old: CrashReport) -> Bool {
        old.statementPairs.allSatisfy { pair in
            guard let sealed = old.sealedVersion(pair) else { return true }
            return statementVersion(pair) == sealed && statement(pair)?.signatures == old.statement(pair)?.signatures
                && statement(pair)?.decline == old.statement(pair)?.decline
        }
    }

    /// Signs the front side with B as it is now for one side (``signStatement(_:in:name:verification:at:)``).
    public mutating func signStatement(
        _ side: VehicleSide, name: String, verification: StatementSignature.Verification, at date: Date
    ) throws {
        try signStatement(side, in: .b, name: name, verification: verification, at: date)
    }

    /// Signs a pair's front side as it is now for one side, replacing that side's earlier signature of it (and, for B,
    /// a decline). The report's other statements are not touched.
    /// - Throws: ``ReportError/readOnly(_:)``; ``ReportError/statementSigned(_:)`` when both signed already;
    ///   ``ReportError/nothingToReport`` for an empty statement; ``PartyError/unknown(_:)`` for a pair the report does
    ///   not hold; ``StatementFieldError`` for the name.
    public mutating func signStatement(
        _ side: VehicleSide, in pair: StatementPair, name: String, verification: StatementSignature.Verification, at date: Date
    ) throws {
        try ensureEditable()
        var (held, version) = try held(pair)
        guard sealedVersion(pair) == nil else { throw ReportError.statementSigned(crashID) }
        guard !held.vehicleA.isEmpty || !held.vehicleB.isEmpty else { throw ReportError.nothingToReport }
        let signature = try StatementSignature(
            side: side, name: name, verification: verification, signedAt: date,
            utcOffsetMinutes: effectiveScene.scene.utcOffsetMinutes, version: version
        )
        held.signatures = (held.signatures.filter { $0.side != side } + [signature]).sorted { $0.side.rawValue < $1.side.rawValue }
        if side == .b { held.decline = nil }
        replaceStatement(of: pair, with: held)
    }

    /// Records that the driver of B would not sign the front side with B as it is now (``declineStatement(in:reason:at:)``).
    public mutating func declineStatement(reason: String, at date: Date) throws {
        try declineStatement(in: .b, reason: reason, at: date)
    }

    /// Records that the other driver of a pair would not sign its front side as it is now, and why; their signature of
    /// it, if any, goes. The report's other statements are not touched.
    /// - Throws: ``ReportError/readOnly(_:)``; ``ReportError/statementSigned(_:)`` when both signed already;
    ///   ``PartyError/unknown(_:)`` for a pair the report does not hold; ``StatementFieldError`` for the reason.
    public mutating func declineStatement(in pair: StatementPair, reason: String, at date: Date) throws {
        try ensureEditable()
        var (held, version) = try held(pair)
        guard sealedVersion(pair) == nil else { throw ReportError.statementSigned(crashID) }
        held.decline = try StatementDecline(reason: reason, declinedAt: date, version: version)
        held.signatures.removeAll { $0.side == .b }
        replaceStatement(of: pair, with: held)
    }

    /// Puts `new` in place of a pair's statement, signatures and all (the pair is one the report holds).
    private mutating func replaceStatement(of pair: StatementPair, with new: AccidentStatement) {
        switch pair {
        case .b: statement = new
        case let .vehicle(id): try? parties.change(id, to: .motorVehicle(new))
        }
    }

    /// This report with the front side of `signed` — its statement with B, injuries and scene — for a merge that must
    /// keep a statement both drivers signed as they signed it.
    mutating func takeFront(of signed: CrashReport) {
        takeFront(of: signed, .b)
    }

    /// This report with the front side of a pair's statement in `signed` — that statement, the injuries and the scene;
    /// a party's statement only when the party is here as a motor vehicle too.
    mutating func takeFront(of signed: CrashReport, _ pair: StatementPair) {
        guard let held = signed.statement(pair) else { return }
        if case let .vehicle(id) = pair, parties[id] == nil {
            // A sealed statement's party removed here comes back with it.
            guard let party = signed.parties[id] else { return }
            var list = parties.all
            list.append(party)
            if let restored = try? CrashParties(list) { parties = restored }
        }
        replaceStatement(of: pair, with: held)
        injuries = signed.injuries
        takeHurtParties(of: signed)
        scene = signed.scene
    }

    /// Who among the parties was hurt as `signed` says (box 3 of every front): a party whose ``Party/hurtMarks``
    /// differ is taken from `signed` (and comes back if removed here); one only here is hurt no more.
    private mutating func takeHurtParties(of signed: CrashReport) {
        var list = parties.all
        for party in list where party.hurtMarks != (signed.parties[party.id]?.hurtMarks ?? []) {
            let index = list.firstIndex { $0.id == party.id }!
            if let there = signed.parties[party.id] {
                list[index] = there
            } else {
                list[index].kind = party.kind.withInjured(nil)
                list[index].hurt = []
            }
        }
        list += signed.parties.all.filter { !$0.hurtMarks.isEmpty && parties[$0.id] == nil }
        if let restored = try? CrashParties(list) { parties = restored }
    }

    /// This report with `signed`'s crash-scene photos, when others would move the time or place its front shows.
    mutating func takeCrashScenePhotos(of signed: CrashReport) {
        photos[.crashScene] = signed.photos[.crashScene]
    }

    /// After a change: every front both drivers signed (in `old`) must be as it was, signatures and all; otherwise the
    /// change is undone and refused.
    private mutating func keepSealed(_ old: CrashReport) throws(ReportError) {
        guard keepsSealedStatements(of: old) else {
            self = old
            throw .statementSigned(crashID)
        }
    }
}
