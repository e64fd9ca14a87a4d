import Domain
import Foundation
import OpenAPIRuntime
import ServerCore
import WireAPI

/// The claims routes of `openapi.yaml`: a claims handler's token only.
extension APIHandler {
    package func listClaims(_ input: Operations.ListClaims.Input) async throws -> Operations.ListClaims.Output {
        _ = try Caller.handler()
        let limit = try Self.pageLimit(input.query.limit, default: ServerLimits.claimsPerPage)
        let position = try Self.position(input.query.cursor, ClaimPosition.init(cursor:))
        let filter = ClaimFilter(
            submittedFrom: input.query.submittedFrom, submittedBefore: input.query.submittedBefore, acknowledged: input.query.acknowledged
        )
        let (claims, next) = try await services.claims.page(filter, after: position, limit: limit)
        var wire: [Components.Schemas.Claim] = []
        for claim in claims { wire.append(try await wireClaim(claim)) }
        return .ok(.init(body: .json(.init(claims: wire, nextCursor: next?.cursor))))
    }

    package func getClaim(_ input: Operations.GetClaim.Input) async throws -> Operations.GetClaim.Output {
        _ = try Caller.handler()
        let claim = try await services.claims.claim(try Self.claimID(input.path.claimID))
        var wire = try await wireClaim(claim)
        // Every version of its PDF, each at the path that serves its bytes for good (the list leaves them out).
        wire.documents = try await services.claims.documentVersions(of: claim).map { .init($0, of: claim.id, publicURL: "") }
        // And the statement's signing record (the list leaves it out too).
        let record = try await services.claims.signingRecord(of: claim)
        wire.signingRecord = record.isEmpty ? nil : record.map(Components.Schemas.SigningRecordEntry.init)
        return .ok(.init(body: .json(wire)))
    }

    package func acknowledgeClaim(_ input: Operations.AcknowledgeClaim.Input) async throws -> Operations.AcknowledgeClaim.Output {
        let handler = try Caller.handler()
        let id = try Self.claimID(input.path.claimID)
        guard case let .json(request) = input.body else { throw APIProblem.badParameter("body", "Send the acknowledgement as JSON.") }
        let claim = try await services.claims.acknowledge(id, claimNumber: request.claimNumber, message: request.message ?? "", by: handler)
        return .ok(.init(body: .json(try await wireClaim(claim))))
    }

    package func updateClaimStatus(_ input: Operations.UpdateClaimStatus.Input) async throws -> Operations.UpdateClaimStatus.Output {
        let handler = try Caller.handler()
        let id = try Self.claimID(input.path.claimID)
        guard case let .json(request) = input.body else { throw APIProblem.badParameter("body", "Send the status as JSON.") }
        let status: ClaimStatus
        do {
            status = try ClaimStatus(wire: request.value1)
        } catch {
            throw ServerRefusal.invalidClaimStatus(error)
        }
        let claim = try await services.claims.recordStatus(id, status, note: request.value2.note ?? "", by: handler)
        return .ok(.init(body: .json(try await wireClaim(claim))))
    }

    private func wireClaim(_ claim: Claim) async throws -> Components.Schemas.Claim {
        .init(claim, policyholder: try await services.claims.policyholder(of: claim), pending: try await services.claims.photosPending(of: claim))
    }

    package static func claimID(_ text: String) throws(APIProblem) -> ClaimID {
        guard let id = ClaimID(text: text) else {
            throw .badParameter("claimID", "“\(text.prefix(64))” is not a claim id (a UUID, as the list of claims gives it).")
        }
        return id
    }
}
