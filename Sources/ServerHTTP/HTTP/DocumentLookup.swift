import Domain
import Foundation
import ServerCore

/// A report's PDF as the server holds it, for the driver's and the handlers' downloads. A completed report whose
/// photos are all in but that has no PDF (its drawing was cut short when the last photo landed) gets it drawn now;
/// one whose photos are still arriving is answered with how many are on their way.
enum DocumentLookup {
    /// The PDF's hash and length.
    /// - Throws: ``APIProblem`` (`document-not-found`) saying why there is none yet.
    static func document(of report: CrashReport, owner: Account, services: ServerServices) async throws -> (ContentHash, Int) {
        if let found = try await stored(report, owner: owner.id, services: services) { return found }
        guard report.isCompleted else {
            throw APIProblem(.documentNotFound, "Report \(report.id) has no PDF yet: submit it first.")
        }
        let pending = try await services.photos.photosNotHeld(in: report, owner: owner.id)
        if !pending.isEmpty {
            let named = Set(report.allPhotos.map(\.contentHash)).count
            throw APIProblem(
                .documentNotFound,
                "The PDF of \(report.crashID.rawValue) is drawn once its photos are in: \(pending.count) of \(named) are still on their way from the driver's phone."
            )
        }
        _ = try await services.submission.drawIfWhole(report, owner: owner)
        if let found = try await stored(report, owner: owner.id, services: services) { return found }
        throw APIProblem(.documentNotFound, "The PDF of \(report.crashID.rawValue) is still being made; ask again in a moment.")
    }

    private static func stored(_ report: CrashReport, owner: AccountID, services: ServerServices) async throws -> (ContentHash, Int)? {
        guard let hash = try await services.reports.document(for: report.id, owner: owner),
              let length = try await services.blobs.length(of: hash, kind: .document) else { return nil }
        return (hash, length)
    }
}
