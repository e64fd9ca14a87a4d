import Domain
import Foundation
import Hummingbird
import NIOCore
import ServerCore
import WireAPI

/// The two reads a device makes most, written on the router so they serve what was stored as it was stored: a
/// report was checked when it was written, so reading it back needs no decoding, rebuilding or encoding.
/// - `GET /v1/reports/{reportID}`: the stored JSON with a strong `ETag` (the change that stored it); `If-None-Match`
///   naming it answers 304.
/// - `GET /v1/changes`: the reports saved since a cursor (their stored JSON) and the ids deleted since.
/// Their shapes are `openapi.yaml`'s (`getReport`, `listChanges`); the generated routes for them are not registered.
package struct StoredReadRoutes {
    package let services: ServerServices

    /// The operations of `openapi.yaml` served here, as the generated code names their paths.
    package static let operations: Set<RouteKey> = [
        RouteKey(.get, "/v1/reports/{reportID}"), RouteKey(.get, "/v1/changes"),
    ]

    package func register(on router: RouterGroup<ServerRequestContext>, table: RouteTable) {
        let routes = RecordingRoutes(router, table: table)
        routes.get(WirePaths.reportPattern) { request, context in try await report(request, context) }
        routes.get(WirePaths.changes) { request, _ in try await changes(request) }
    }

    // MARK: - One report

    private func report(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let user = try Caller.user()
        try Self.checkAccept(request)
        let id = try APIHandler.reportID(context.parameters.get(WirePaths.reportParameter) ?? "")
        guard let stored = try await services.reports.storedReport(id, owner: user.id) else { throw APIProblem.reportNotFound(id) }
        let tag = Self.entityTag(stored.sequence)
        if let asked = request.headers[.ifNoneMatch], Self.matches(asked, tag) {
            return Response(status: .notModified, headers: [.eTag: tag, .cacheControl: "private, no-cache"])
        }
        return Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8", .eTag: tag, .cacheControl: "private, no-cache"],
            body: .init(byteBuffer: ByteBuffer(string: stored.body))
        )
    }

    /// A strong entity tag: the owner's change that stored the version (every save takes a new one).
    package static func entityTag(_ sequence: Int) -> String { "\"c\(sequence)\"" }

    /// Whether an `If-None-Match` value names `tag` (or is `*`); weak tags compare by their opaque part (RFC 9110 §13.1.2).
    package static func matches(_ header: String, _ tag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            let trimmed = candidate.trimmingCharacters(in: .whitespaces)
            return trimmed == "*" || trimmed == tag || trimmed == "W/" + tag
        }
    }

    // MARK: - Changes

    private func changes(_ request: Request) async throws -> Response {
        let user = try Caller.user()
        try Self.checkAccept(request)
        let query = request.uri.queryParameters
        let limit = try query["limit"].map { text throws(APIProblem) in
            guard let limit = Int(text), (1...ServerLimits.maximumReportsPerPage).contains(limit) else {
                throw .badParameter("limit", "limit must be a whole number from 1 to \(ServerLimits.maximumReportsPerPage).")
            }
            return limit
        } ?? ServerLimits.reportsPerPage
        let since = try query["since"].map { text throws(APIProblem) in
            guard let since = ChangeCursor(String(text)) else {
                throw .badParameter("since", "“\(text.prefix(64))” is not a cursor this server gave; ask without `since` to start again.")
            }
            return since
        }
        let start = since?.sequence ?? 0
        // One more than the page, to know whether another follows.
        let page = try await services.reports.changes(owner: user.id, since: start, limit: limit + 1)
        if start > 0, start < page.forgottenThrough {
            throw APIProblem(
                .changesExpired,
                "The cursor is older than the deletions this server remembers; ask again without `since` and treat a report you held that is not in the answer as deleted."
            )
        }
        if start > page.latest {
            throw APIProblem(
                .changesExpired,
                "The cursor is past this server's changes for you (its data was restored from an earlier copy?); ask again without `since` and treat a report you held that is not in the answer as deleted."
            )
        }
        let changes = page.changes.prefix(limit)
        let cursor = ChangeCursor(sequence: changes.last?.sequence ?? start)
        var body = ByteBuffer()
        body.reserveCapacity(changes.reduce(64) { $0 + ($1.body?.utf8.count ?? 40) + 1 })
        body.writeString(#"{"reports":["#)
        var first = true
        for change in changes {
            guard let json = change.body else { continue }
            if !first { body.writeString(",") }
            body.writeString(json)
            first = false
        }
        body.writeString(#"],"deleted":["#)
        first = true
        for change in changes where change.body == nil {
            if !first { body.writeString(",") }
            body.writeString("\"\(change.id)\"")
            first = false
        }
        body.writeString(#"],"falseAlarms":["#)
        first = true
        for change in changes where change.body == nil && change.falseAlarm {
            if !first { body.writeString(",") }
            body.writeString("\"\(change.id)\"")
            first = false
        }
        body.writeString(#"],"cursor":""#)
        body.writeString(cursor.text)
        body.writeString(#"","more":"#)
        body.writeString(page.changes.count > limit ? "true}" : "false}")
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "private, no-store"], body: .init(byteBuffer: body)
        )
    }

    // MARK: - Accept

    /// Refuses a request whose `Accept` allows no JSON, as the generated routes do.
    private static func checkAccept(_ request: Request) throws(APIProblem) {
        let values = request.headers[values: .accept]
        guard !values.isEmpty else { return }
        let allowed = values.flatMap { $0.split(separator: ",") }.map { ContentType.essence(of: String($0)) }
        guard allowed.contains(where: { $0 == "application/json" || $0 == "application/*" || $0 == "*/*" }) else {
            throw APIProblem(.notAcceptable, "Accept allows none of the types this route answers with: application/json.")
        }
    }
}

/// Where a device's view of its changes ends: the owner's change number, opaque to clients.
package struct ChangeCursor: Sendable, Hashable {
    package let sequence: Int

    package init(sequence: Int) {
        self.sequence = sequence
    }

    /// The cursor a text names, or `nil` when it is not one this server gave.
    package init?(_ text: String) {
        guard text.hasPrefix("c"), let sequence = Int(text.dropFirst()), sequence >= 0, String(sequence) == text.dropFirst() else { return nil }
        self.sequence = sequence
    }

    package var text: String { "c\(sequence)" }
}
