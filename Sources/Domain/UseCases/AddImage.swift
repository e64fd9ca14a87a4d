import Foundation

/// Adds a photo to a section after checking it from its bytes: JPEG or PNG, intact, not too large,
/// room in the section, not already there. The bytes are stored once per content.
/// When and where the photo was taken and which way up it is come from its own metadata
/// (``PhotoMetadataReader``); a photo whose metadata cannot be read is added without it.
public struct AddImage: Sendable {
    let repository: any ReportRepository
    let photoStore: any PhotoStore
    let clock: any Clock

    public init(repository: any ReportRepository, photoStore: any PhotoStore, clock: any Clock) {
        self.repository = repository
        self.photoStore = photoStore
        self.clock = clock
    }

    /// - Parameters:
    ///   - bytes: the whole photo file.
    ///   - fileName: the name it was added from; only its last path component is kept.
    /// - Returns: the stored report, the new photo last in its section.
    public func execute(reportID: ReportID, section: PhotoSection, bytes: Data, fileName: String) async throws -> CrashReport {
        let name = Self.displayName(of: fileName)
        // Cheap refusals first, before inspecting or storing anything.
        let current = try await repository.existingReport(reportID)
        try current.checkRoom(for: nil, fileName: name, in: section)
        try ReportLimits.checkPhotoSize(byteCount: bytes.count, fileName: name)
        let info = try ImageInspector.inspect(bytes, fileName: name)
        let metadata = PhotoMetadataReader.read(bytes, timeZone: clock.timeZone)

        let contentHash = try await photoStore.put(bytes)
        do {
            return try await repository.update(reportID, at: clock) { report in
                try report.addPhoto(Photo(
                    section: section,
                    contentHash: contentHash,
                    mediaType: info.mediaType,
                    byteCount: bytes.count,
                    pixelSize: info.pixelSize,
                    originalFileName: name,
                    addedAt: clock.now(),
                    takenAt: metadata.takenAt,
                    takenWhere: metadata.takenWhere,
                    takenAltitude: metadata.altitude,
                    orientation: metadata.orientation,
                    takenUTCOffsetMinutes: metadata.takenUTCOffsetSeconds.map { $0 / 60 }
                ))
            }.report
        } catch {
            // Leave no bytes behind that nothing refers to.
            try? await UnreferencedPhotoCleaner(repository: repository, photoStore: photoStore)
                .removeUnreferenced(hashes: [contentHash])
            throw error
        }
    }

    /// The last path component, or the whole name when it has none.
    static func displayName(of fileName: String) -> String {
        let last = fileName.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init)
        // A name on disk may hold anything but `/`: what is not plain text is shown as � rather than refused.
        return TextLimit.fileName.cleaned(last ?? (fileName.isEmpty ? "photo" : fileName))
    }
}
