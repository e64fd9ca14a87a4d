import Domain
import Foundation

/// The insurer's claims system, told of each submitted report (a first notice of loss). The implementation is chosen
/// by `serve --webhook-url`: signed webhooks (``WebhookSender`` in the gateways).
package protocol ClaimsSystem: Sendable {
    /// Delivers the claim's first notice of loss; returns once the claims system took it.
    /// - Parameters:
    ///   - document: the claim's PDF, if it is drawn.
    ///   - publicURL: the server's public address, for the links in the notice.
    func deliver(_ claim: Claim, driver: Account, document: ContentHash?, publicURL: String, at date: Date) async throws
}
