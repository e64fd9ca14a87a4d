import Domain
import Foundation
import HTTPTypes
import Hummingbird
import ServerCore
import WireAPI
import Wording

/// Documents: `openapi.yaml`, a submitted report's PDF (streamed from storage), and the page an SMS's web link
/// opens, which hands the crash to the app.
package struct DocumentRoutes {
    package let services: ServerServices

    /// The API document and the crash page on the open group; a report's PDF behind the token.
    package func register(open: RouterGroup<ServerRequestContext>, authenticated: RouterGroup<ServerRequestContext>, table: RouteTable) {
        let open = RecordingRoutes(open, table: table)
        open.get(WirePaths.apiDocument) { _, _ in try openAPIDocument() }
        RecordingRoutes(authenticated, table: table).get(WirePaths.documentPattern) { _, context in try await pdf(context) }
        open.get(WirePaths.crashPagePattern) { request, context in try crashPage(request, context) }
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

    /// A small page for a browser: the crash ID, the app link that opens the Crash Assistant on it, and the whole
    /// command that opens it from this server (`--server` and `--token`), in the browser's language (`Accept-Language`).
    private func crashPage(_ request: Request, _ context: ServerRequestContext) throws -> Response {
        let text = context.parameters.get(WirePaths.crashParameter) ?? ""
        guard let crashID = try? CrashID(validating: text), crashID.rawValue == text else {
            throw APIProblem.badParameter("crashID", "“\(text.prefix(80))” is not a crash ID. Open the link from the text message as it came.")
        }
        let words = Languages.shipped.best(acceptLanguage: request.headers[.acceptLanguage])
        let appLink = HTMLText.escape(services.links.appLink(for: crashID))
        let crash = HTMLText.escape(words("Crash {crashID}", ["crashID": crashID.rawValue]))
        // The app brings a crash this server recorded from the server, as the user its token names.
        let token = HTMLText.escape(words("<your token>"))
        let command = "crash-assistant open \(appLink) --server \(HTMLText.escape(services.links.publicURL)) --token \(token)"
        // The sentence is escaped first; the command, markup of its own, fills its placeholder after.
        let run = Words.fill(HTMLText.escape(words("Or run {command}.")), ["command": "<code>\(command)</code>"])
        let html = """
            <!doctype html>
            <html lang="\(HTMLText.escape(words.tag))"><head><meta charset="utf-8"><title>\(crash)</title>
            <meta name="viewport" content="width=device-width, initial-scale=1"></head>
            <body><h1>\(crash)</h1>
            <p>\(HTMLText.escape(words("Open this crash in the Crash Assistant to collect what your claim needs:")))</p>
            <p><a href="\(appLink)">\(appLink)</a></p>
            <p>\(run)</p></body></html>

            """
        return Response(
            status: .ok,
            headers: [.contentType: "text/html; charset=utf-8", .contentLanguage: words.tag, .vary: "Accept-Language"],
            body: .init(byteBuffer: ByteBuffer(string: html))
        )
    }
}
