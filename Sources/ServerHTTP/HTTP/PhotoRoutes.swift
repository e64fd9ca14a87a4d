import Domain
import Hummingbird
import NIOCore
import ServerCore
import WireAPI

/// The photo routes, written on the router so bodies stream to storage and back instead of being collected:
/// `PUT`, `HEAD`, `PATCH` and `GET` on the caller's photo by its SHA-256 (``WirePaths/photoPattern``).
package struct PhotoRoutes {
    package let services: ServerServices

    package func register(on router: RouterGroup<ServerRequestContext>, table: RouteTable) {
        let path = WirePaths.photoPattern
        let routes = RecordingRoutes(router, table: table)
        routes.on(path, .put) { request, context in try await put(request, context) }
        routes.on(path, .head) { request, context in try await head(request, context) }
        routes.on(path, .patch) { request, context in try await patch(request, context) }
        routes.get(path) { request, context in try await get(request, context) }
    }

    // MARK: - Routes

    private func put(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let user = try Caller.user()
        let contentHash = try Self.parameters(context)
        guard let type = request.headers[.contentType], Self.photoTypes.contains(ContentType.essence(of: type)) else {
            throw APIProblem(.notAPhoto, "Send the photo's bytes with Content-Type: image/jpeg or image/png.", field: "Content-Type")
        }
        // Without Content-Length (chunked) the photo is whole when the body ends; the body limit still holds.
        let length = request.headers[.contentLength].flatMap { Int($0) }
        guard length != 0 else { throw APIProblem.badParameter("body", "The body is empty; send the photo's bytes.") }
        let outcome = try await services.uploads.put(contentHash, length: length, body: request.body, owner: user)
        return Self.response(outcome)
    }

    private func head(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let user = try Caller.user()
        let contentHash = try Self.parameters(context)
        switch try await services.uploads.progress(contentHash, owner: user) {
        case let .whole(photo)?:
            return Response(status: .ok, headers: [.uploadOffset: String(photo.byteCount), .uploadComplete: "?1", .cacheControl: "no-store"])
        case let .partial(upload)?:
            return Response(status: .ok, headers: [
                .uploadOffset: String(upload.offset), .uploadComplete: "?0", .cacheControl: "no-store",
            ])
        case nil:
            return Response(status: .notFound, headers: [.cacheControl: "no-store"])
        }
    }

    private func patch(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let user = try Caller.user()
        let contentHash = try Self.parameters(context)
        guard let offsetText = request.headers[.uploadOffset], let offset = Int(offsetText), offset >= 0 else {
            throw APIProblem.badParameter("Upload-Offset", "Send Upload-Offset: the number of bytes HEAD said the server holds.")
        }
        let length = request.headers[.contentLength].flatMap { Int($0) }
        let complete = request.headers[.uploadComplete] == "?1"
        let outcome = try await services.uploads.append(
            contentHash, at: offset, length: length, complete: complete, body: request.body, owner: user
        )
        return Self.response(outcome)
    }

    private func get(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let user = try Caller.user()
        let contentHash = try Self.parameters(context)
        guard let photo = try await services.photos.photo(contentHash, owner: user.id) else {
            throw APIProblem(.photoNotFound, "You have not uploaded a photo with SHA-256 \(contentHash.hex).")
        }
        return BlobResponse.make(
            contentHash, kind: .photo, length: photo.byteCount, from: services.blobs,
            headers: [.contentType: photo.mediaType.rawValue, .cacheControl: "private, max-age=31536000, immutable", .eTag: "\"\(contentHash.hex)\""]
        )
    }

    // MARK: - Parts

    private static let photoTypes: Set<String> = ["image/jpeg", "image/png"]

    /// The path's SHA-256, checked.
    private static func parameters(_ context: ServerRequestContext) throws -> ContentHash {
        let text = context.parameters.get(WirePaths.photoParameter) ?? ""
        guard let hash = try? ContentHash(hex: text) else {
            throw APIProblem.badParameter("sha256", "“\(text.prefix(80))” is not a SHA-256 (64 hexadecimal digits).")
        }
        return hash
    }

    private static func response(_ outcome: PhotoUploads.Outcome) -> Response {
        switch outcome {
        case let .stored(photo, new):
            Response(status: new ? .created : .ok, headers: [.uploadOffset: String(photo.byteCount), .uploadComplete: "?1"])
        case let .partial(offset):
            Response(status: .noContent, headers: [.uploadOffset: String(offset), .uploadComplete: "?0"])
        }
    }
}
