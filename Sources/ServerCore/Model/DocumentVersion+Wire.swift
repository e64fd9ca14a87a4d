import Domain
import Foundation
import WireAPI

extension Components.Schemas.DocumentVersion {
    /// A version of a claim's PDF with the link that serves its bytes for good; `publicURL` empty: the path alone.
    package init(_ version: DocumentVersion, of claim: ClaimID, publicURL: String) {
        let base = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
        self.init(
            number: version.number, sha256: version.sha256.hex, createdAt: version.createdAt,
            reason: Components.Schemas.DocumentVersion.ReasonPayload(rawValue: version.reason.rawValue) ?? .redrawn,
            url: base + WirePaths.claimDocumentVersion(claim.description, version.sha256)
        )
    }
}
