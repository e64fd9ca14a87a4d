import Domain
import Foundation
import Hummingbird
import ServerCore
import WireAPI

/// A claim's PDF and photos for the insurer's claims handlers, streamed from storage (routes written by hand, as the
/// drivers' are). A photo is served only when the claim's report names it.
package struct ClaimFileRoutes {
    package let services: ServerServices

    package func register(on router: RouterGroup<ServerRequestContext>, table: RouteTable) {
        let routes = RecordingRoutes(router, table: table)
        routes.get(WirePaths.claimDocumentPattern) { _, context in try await pdf(context) }
        routes.get(WirePaths.claimPhotoPattern) { _, context in try await photo(context) }
        routes.get(WirePaths.claimDocumentVersionPattern) { _, context in try await version(context) }
    }

    private func claim(_ context: ServerRequestContext) async throws -> Claim {
        _ = try Caller.handler()
        return try await services.claims.claim(try APIHandler.claimID(context.parameters.get(WirePaths.claimParameter) ?? ""))
    }

    private func pdf(_ context: ServerRequestContext) async throws -> Response {
        try await Self.document(of: try await claim(context), services: services)
    }

    private func photo(_ context: ServerRequestContext) async throws -> Response {
        try await Self.photo(context.parameters.get(WirePaths.photoParameter) ?? "", of: try await claim(context), services: services)
    }

    private func version(_ context: ServerRequestContext) async throws -> Response {
        try await Self.version(context.parameters.get(WirePaths.photoParameter) ?? "", of: try await claim(context), services: services)
    }

    /// One version of the claim's PDF by its SHA-256, streamed from storage: the same bytes for good.
    package static func version(_ text: String, of claim: Claim, services: ServerServices) async throws -> Response {
        guard let contentHash = try? ContentHash(hex: text) else {
            throw APIProblem.badParameter("sha256", "“\(text.prefix(80))” is not a SHA-256 (64 hexadecimal digits).")
        }
        let versions = try await services.claims.documentVersions(of: claim)
        guard let version = versions.last(where: { $0.sha256 == contentHash }),
              let length = try await services.blobs.length(of: contentHash, kind: .document) else {
            throw APIProblem(
                .documentNotFound,
                "The report of \(claim.report.crashID.rawValue) has no PDF with SHA-256 \(contentHash.hex); `GET \(WirePaths.claim(claim.id.description))` lists its versions."
            )
        }
        let fileName = "crash-report-\(claim.report.crashID.rawValue)-v\(version.number).pdf"
        return BlobResponse.make(
            contentHash, kind: .document, length: length, from: services.blobs,
            headers: [
                .contentType: "application/pdf", .contentDisposition: "inline; filename=\"\(fileName)\"",
                .cacheControl: "private, max-age=31536000, immutable", .eTag: "\"\(contentHash.hex)\"",
            ]
        )
    }

    /// The claim's PDF, streamed from storage (for the API and the handlers' pages).
    package static func document(of claim: Claim, services: ServerServices) async throws -> Response {
        guard let driver = try await services.accounts.account(id: claim.owner) else {
            throw APIProblem(.documentNotFound, "The PDF of \(claim.report.crashID.rawValue) is gone with its driver's account.")
        }
        let (hash, length) = try await DocumentLookup.document(of: claim.report, owner: driver, services: services)
        let fileName = RenderedReport.defaultFileName(for: claim.report.crashID, format: .pdf)
        return BlobResponse.make(
            hash, kind: .document, length: length, from: services.blobs,
            headers: [.contentType: "application/pdf", .contentDisposition: "inline; filename=\"\(fileName)\"", .cacheControl: "private, no-cache"]
        )
    }

    /// One of the photos the claim's report names, streamed from storage.
    package static func photo(_ text: String, of claim: Claim, services: ServerServices) async throws -> Response {
        guard let contentHash = try? ContentHash(hex: text) else {
            throw APIProblem.badParameter("sha256", "“\(text.prefix(80))” is not a SHA-256 (64 hexadecimal digits).")
        }
        guard claim.report.allPhotos.contains(where: { $0.contentHash == contentHash }),
              let photo = try await services.photos.photo(contentHash, owner: claim.owner) else {
            throw APIProblem(.photoNotFound, "The report of \(claim.report.crashID.rawValue) has no photo with SHA-256 \(contentHash.hex).")
        }
        return BlobResponse.make(
            contentHash, kind: .photo, length: photo.byteCount, from: services.blobs,
            headers: [.contentType: photo.mediaType.rawValue, .cacheControl: "private, max-age=31536000, immutable", .eTag: "\"\(contentHash.hex)\""]
        )
    }
}
