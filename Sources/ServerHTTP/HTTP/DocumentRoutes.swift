import Domain
import Foundation
import HTTPTypes
import Hummingbird
import ServerCore
import WireAPI
import Wording

/// Documents: `openapi.yaml` and a submitted report's PDF (streamed from storage). The page an SMS's web link opens is
/// one of the pages (`CrashPages`).
package struct DocumentRoutes {
    package let services: ServerServices

    /// The API document on the open group; a report's PDF behind the token.
    package func register(open: RouterGroup<ServerRequestContext>, authenticated: RouterGroup<ServerRequestContext>, table: RouteTable) {
        let open = RecordingRoutes(open, table: table)
        open.get(WirePaths.apiDocument) { _, _ in try openAPIDocument() }
        RecordingRoutes(authenticated, table: table).get(WirePaths.documentPattern) { _, context in try await pdf(context) }
    }

    private func openAPIDocument() throws -> Response {
        guard let yaml = WireDocument.yaml() else {
            throw APIProblem(.notFound, "This server was installed without its OpenAPI document (the WireAPI resources).")
        }
        return Response(status: .ok, headers: [.contentType: "application/yaml"], body: .init(byteBuffer: ByteBuffer(bytes: yaml)))
    }

    private func pdf(_ context: ServerRequestContext) async throws -> Response {
        let user = try Caller.user()
        let id = try APIHandler.reportID(context.parameters.get(WirePaths.reportParameter) ?? "")
        guard let report = try await services.reports.report(id, owner: user.id) else { throw APIProblem.reportNotFound(id) }
        let (hash, length) = try await DocumentLookup.document(of: report, owner: user, services: services)
        let fileName = RenderedReport.defaultFileName(for: report.crashID, format: .pdf)
        return BlobResponse.make(
            hash, kind: .document, length: length, from: services.blobs,
            headers: [.contentType: "application/pdf", .contentDisposition: "attachment; filename=\"\(fileName)\"", .cacheControl: "private, no-cache"]
        )
    }
}
