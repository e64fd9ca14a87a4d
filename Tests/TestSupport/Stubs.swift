import Domain
import Foundation

/// A fixed moment the tests start from: 2026-11-18 11:06:40 UTC.
public let referenceDate = Date(timeIntervalSince1970: 1_795_000_000)

extension CrashID {
    /// A valid crash ID for tests.
    public static func stub(_ raw: String = "CR-TEST2345") -> CrashID {
        do { return try CrashID(validating: raw) } catch { fatalError("bad stub crash ID \(raw): \(error)") }
    }
}

extension CrashID {
    /// A new locally issued crash ID, different on every call.
    public static func anyLocal() -> CrashID {
        var generator = SystemRandomNumberGenerator()
        return .local(using: &generator)
    }
}

extension ContentHash {
    /// A valid hash whose digits are all `digit`.
    public static func stub(_ digit: Character = "a") -> ContentHash {
        do { return try ContentHash(hex: String(repeating: digit, count: 64)) } catch { fatalError("\(error)") }
    }
}

extension Photo {
    public static func stub(
        section: PhotoSection = .crashScene,
        contentHash: ContentHash = .stub(),
        fileName: String = "photo.jpg",
        addedAt: Date = referenceDate
    ) -> Photo {
        Photo(
            section: section,
            contentHash: contentHash,
            mediaType: .jpeg,
            byteCount: 1_234,
            pixelSize: PixelSize(width: 64, height: 48),
            originalFileName: fileName,
            addedAt: addedAt
        )
    }
}

extension CrashReport {
    /// A draft (completed when `completedAt` is given) with what the arguments give; everything else empty, and a
    /// crash ID of its own (a crash ID names one report). Stubs are valid reports by construction; one that is not
    /// stops the test run at once.
    public static func stub(
        id: ReportID = ReportID(),
        crashID: CrashID = .anyLocal(),
        createdAt: Date = referenceDate,
        injuries: [Injury] = [],
        photos: [Photo] = [],
        note: String = "",
        completedAt: Date? = nil,
        updatedAt: Date? = nil,
        revision: Int = 0
    ) -> CrashReport {
        do {
            return try CrashReport(
            id: id,
            crashID: crashID,
            status: completedAt == nil ? .draft : .completed,
            createdAt: createdAt,
            updatedAt: updatedAt ?? completedAt ?? createdAt,
            completedAt: completedAt,
            scene: CrashScene(occurredAt: createdAt),
            injuries: InjurySelection(injuries),
            photos: photos,
            otherDriverNote: note,
            revision: revision
            )
        } catch {
            preconditionFailure("CrashReport.stub made an invalid report: \(error)")
        }
    }
}
