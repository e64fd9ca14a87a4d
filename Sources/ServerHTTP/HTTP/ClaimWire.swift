import Domain
import Foundation
import ServerCore
import WireAPI

extension Components.Schemas.Claim {
    /// A claim as a handler reads it, with the paths of its PDF and photos.
    /// - Parameter pending: the photos the driver's phone is still sending.
    package init(_ claim: Claim, policyholder: Account?, pending: [ContentHash]) {
        let id = claim.id.description
        let arriving = Set(pending)
        self.init(
            id: id,
            submittedAt: claim.submittedAt,
            policyholder: .init(account: policyholder?.name ?? "(account removed)", phone: policyholder?.phone?.e164),
            report: .init(claim.report),
            document: WirePaths.claimDocument(id),
            photos: claim.report.allPhotos.map { photo in
                .init(
                    sha256: photo.contentHash.hex, section: Components.Schemas.PhotoSection(rawValue: photo.section.rawValue) ?? .crashScene, path: WirePaths.claimPhoto(id, photo.contentHash),
                    arrived: !arriving.contains(photo.contentHash)
                )
            }
        )
    }
}
