import AsyncHTTPClient
import NIOCore
import ServerCore

/// An upload's segments read one after the other as one async sequence of bytes (the body of the PUT that stores
/// the whole upload under its hash): one segment's GET is open at a time.
package struct SegmentChunks: AsyncSequence, Sendable {
    package typealias Element = ByteBuffer

    package let client: S3Client
    package let upload: UploadID
    /// The segments in order, running on from byte 0 without a gap.
    package let segments: [S3Segment]

    package func makeAsyncIterator() -> Iterator {
        Iterator(client: client, upload: upload, segments: segments[...])
    }

    package struct Iterator: AsyncIteratorProtocol {
        package let client: S3Client
        package let upload: UploadID
        package var segments: ArraySlice<S3Segment>
        private var current: HTTPClientResponse.Body.AsyncIterator?

        package init(client: S3Client, upload: UploadID, segments: ArraySlice<S3Segment>) {
            self.client = client
            self.upload = upload
            self.segments = segments
        }

        package mutating func next() async throws -> ByteBuffer? {
            while true {
                if current != nil {
                    if let buffer = try await current?.next() { return buffer }
                    current = nil
                }
                guard let segment = segments.popFirst() else { return nil }
                guard let body = try await client.get(segment.key) else {
                    throw BlobStoreError.uploadShorter(upload, length: segment.offset, offset: segment.end)
                }
                current = body.makeAsyncIterator()
            }
        }
    }
}
