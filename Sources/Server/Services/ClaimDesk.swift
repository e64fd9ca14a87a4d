import Domain
import Foundation
import WireAPI

/// What the insurer's claims handlers do with submitted reports: list them, read one with its PDF and photos, and
/// acknowledge one with the insurer's claim number, which reaches the driver's device at its next sync. Handlers
/// read every driver's submitted reports and change none of them; the acknowledgement is kept beside the report.
struct ClaimDesk: Sendable {
    let claims: any ClaimStore
    let accounts: any AccountStore
    /// Draws a claim's PDF again with the acknowledgement in it.
    let submission: ReportSubmission
    let clock: any Clock

    /// A page of claims matching `filter` after `position`, and the position of the next page when one follows.
    func page(_ filter: ClaimFilter, after position: ClaimPosition?, limit: Int) async throws -> (claims: [Claim], next: ClaimPosition?) {
        // One more than the page, to know whether another follows.
        let found = try await claims.claims(filter, after: position, limit: limit + 1)
        let page = Array(found.prefix(limit))
        return (page, found.count > limit ? page.last?.position : nil)
    }

    /// The claim with this id.
    /// - Throws: ``APIProblem`` `claim-not-found` when there is none.
    func claim(_ id: ClaimID) async throws -> Claim {
        guard let claim = try await claims.claim(id) else { throw APIProblem.claimNotFound(id.description) }
        return claim
    }

    /// Gives the driver the insurer's claim number and message, as `handler`.
    /// - Throws: ``APIProblem`` `invalid-parameter` naming the field for a claim number or message that breaks its
    ///   rule; `claim-not-found`.
    func acknowledge(_ id: ClaimID, claimNumber: String, message: String, by handler: Account) async throws -> Claim {
        let acknowledgement: ClaimAcknowledgement
        do {
            acknowledgement = try ClaimAcknowledgement(
                claimNumber: claimNumber, message: message, acknowledgedAt: clock.now(), handler: handler.name
            )
        } catch {
            let field = String(error.field.dropFirst("acknowledgement.".count))
            throw APIProblem.badParameter(field, Self.words(for: error.problem, field: field))
        }
        let current = try await claim(id)
        if current.report.acknowledgement?.says(claimNumber, message) == true { return current }
        // The PDF naming the claim is recorded first: a device that receives the acknowledgement receives it too.
        var acknowledged = current.report
        try acknowledged.recordAcknowledgement(acknowledgement)
        try await submission.renderAgain(acknowledged, owner: current.owner)
        guard let claim = try await claims.acknowledge(id, with: acknowledgement) else { throw APIProblem.claimNotFound(id.description) }
        return claim
    }

    /// The driver who submitted the claim, as their account names them (`nil` when the account is gone).
    func policyholder(of claim: Claim) async throws -> Account? {
        try await accounts.account(id: claim.owner)
    }

    static func words(for problem: InvalidReportData.Problem, field: String) -> String {
        switch problem {
        case .missing: "Give the \(field)."
        case let .tooLong(count, limit): "The \(field) has \(count) characters; at most \(limit) are taken."
        case let .tooLarge(bytes, limit): "The \(field) has \(bytes) bytes; at most \(limit) are taken."
        case let .controlCharacter(code): "The \(field) holds the control character \(ProblemText.codePoint(code)); give plain text."
        case let .invalid(what): "The \(field) has \(what)."
        default: "The \(field) is not one the server takes."
        }
    }
}

extension Components.Schemas.Claim {
    /// A claim as a handler reads it, with the paths of its PDF and photos.
    init(_ claim: Claim, policyholder: Account?) {
        let id = claim.id.description
        self.init(
            id: id,
            submittedAt: claim.submittedAt,
            policyholder: .init(account: policyholder?.name ?? "(account removed)", phone: policyholder?.phone?.e164),
            report: .init(claim.report),
            document: WirePaths.claimDocument(id),
            photos: claim.report.allPhotos.map { photo in
                .init(sha256: photo.contentHash.hex, section: Components.Schemas.PhotoSection(rawValue: photo.section.rawValue) ?? .crashScene, path: WirePaths.claimPhoto(id, photo.contentHash))
            }
        )
    }
}
