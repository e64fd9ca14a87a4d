import Domain
import HTTPTypes
import Hummingbird
import ServerCore

/// A stored blob as a response body, read chunk by chunk from the blob store while it is sent.
package enum BlobResponse {
    package static func make(
        _ contentHash: ContentHash, kind: BlobKind, length: Int, from blobs: any BlobStore, headers: HTTPFields
    ) -> Response {
        Response(
            status: .ok,
            headers: headers,
            body: ResponseBody(contentLength: length) { writer in
                try await blobs.read(contentHash, kind: kind, chunkSize: 256 * 1024) { buffer in
                    try await writer.write(buffer)
                }
                try await writer.finish(nil)
            }
        )
    }
}
