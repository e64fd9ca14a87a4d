import Foundation

/// The aggregate: everything the driver collected about one crash, and the rules that keep it consistent.
///
/// Every change goes through a mutating method that refuses it when the report is completed
/// (completed reports are read-only) or when it would break a limit.
public struct CrashReport: Sendable, Hashable, Identifiable {
    public let id: ReportID
    public let crashID: CrashID
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
    /// Goes up by one with every stored change.
    public private(set) var revision: Int

    /// A new, empty draft.
    public init(id: ReportID = ReportID(), crashID: CrashID, createdAt: Date) {
        self.id = id
        self.crashID = crashID
        self.status = .draft
        self.createdAt = createdAt
        self.updatedAt = createdAt
        self.completedAt = nil
        self.scene = CrashScene(occurredAt: createdAt)
        self.injuries = .none
        self.photos = [:]
        self.otherDriverNote = ""
        self.revision = 0
    }

    /// Rebuilds a report exactly as it was stored (used by repositories).
    public init(
        id: ReportID,
        crashID: CrashID,
        status: ReportStatus,
        createdAt: Date,
        updatedAt: Date,
        completedAt: Date?,
        scene: CrashScene,
        injuries: InjurySelection,
        photos: [Photo],
        otherDriverNote: String,
        revision: Int
    ) {
        self.id = id
        self.crashID = crashID
        self.status = status
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.completedAt = completedAt
        self.scene = scene
        self.injuries = injuries
        self.photos = Dictionary(grouping: photos, by: \.section)
        self.otherDriverNote = otherDriverNote
        self.revision = revision
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

    public var isCompleted: Bool { status == .completed }

    /// Whether a category's page holds any information: its check mark on Collect Crash Info.
    public func hasInformation(in category: InfoCategory) -> Bool {
        switch category {
        case .injuries:
            !injuries.isEmpty
        case .otherDriver:
            hasNote || category.photoSections.contains { !photos(in: $0).isEmpty }
        case .yourInfo:
            category.photoSections.contains { !photos(in: $0).isEmpty }
        }
    }

    /// "Create crash report" is possible only when at least one piece of information exists.
    public var canBeCreated: Bool {
        !isCompleted && InfoCategory.allCases.contains { hasInformation(in: $0) }
    }

    /// The row "View crash reports" shows for this report.
    public var summary: ReportSummary {
        ReportSummary(
            id: id,
            crashID: crashID,
            status: status,
            createdAt: createdAt,
            updatedAt: updatedAt,
            occurredAt: scene.occurredAt,
            injuryCount: injuries.count,
            photoCount: photoCount,
            hasNote: hasNote
        )
    }

    // MARK: - Changing

    /// Applies the injury rule of ``InjurySelection/toggle(_:)``.
    public mutating func toggleInjury(_ injury: Injury) throws(ReportError) {
        try ensureEditable()
        injuries.toggle(injury)
    }

    /// Adds a photo to the end of its section.
    /// - Throws: `ReportError.readOnly`, `PhotoError.sectionFull`, or `PhotoError.duplicate` when the same
    ///   bytes are already in that section.
    public mutating func addPhoto(_ photo: Photo) throws {
        try ensureEditable()
        try checkRoom(for: photo.contentHash, fileName: photo.originalFileName, in: photo.section)
        photos[photo.section, default: []].append(photo)
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
                let removed = photos[section, default: []].remove(at: index)
                if photos[section]?.isEmpty == true { photos[section] = nil }
                return removed
            }
        }
        throw PhotoError.notFound(photoID)
    }

    /// Sets the other driver's note. A note of only spaces and new lines counts as no note.
    public mutating func setNote(_ note: String) throws {
        try ensureEditable()
        let isBlank = note.allSatisfy { $0.isWhitespace || $0.isNewline }
        let length = note.count
        guard isBlank || length <= ReportLimits.maximumNoteLength else {
            throw InputError.noteTooLong(count: length, limit: ReportLimits.maximumNoteLength)
        }
        otherDriverNote = isBlank ? "" : note
    }

    /// Sets when and where the crash happened.
    public mutating func setScene(_ newScene: CrashScene) throws(ReportError) {
        try ensureEditable()
        scene = newScene
    }

    /// "Discard all information on this page": empties a category and returns the photos it removed.
    public mutating func discard(_ category: InfoCategory) throws(ReportError) -> [Photo] {
        try ensureEditable()
        var removed: [Photo] = []
        switch category {
        case .injuries:
            injuries = .none
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
    }

    /// Records that a change is about to be stored: bumps the revision and the update time.
    public mutating func markChanged(at date: Date) {
        updatedAt = max(date, updatedAt)
        revision += 1
    }

    private func ensureEditable() throws(ReportError) {
        guard !isCompleted else { throw .readOnly(crashID) }
    }
}
